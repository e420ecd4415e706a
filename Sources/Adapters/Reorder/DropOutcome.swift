import FetchSimCore
import TableSimulation

/// What writing a user's drop back to the model did: how many objects it wrote, and why it
/// failed if it did. Returned by the drop rather than left in the data source for the caller to
/// read afterwards.
///
/// ```swift
/// let outcome = try table.userMoveRow(from: source, to: destination) { table in
///     dataSource.writeDrop(in: table, from: source, to: destination, flagged: true)
/// }
/// if let error = outcome.error { print("the drag could not be saved: \(error)") }
/// ```
package struct DropOutcome: Equatable, Sendable {
    /// How many objects the drop wrote (their section key or their index key changed).
    package var writes: Int
    /// The write-back's error, when it failed.
    package var error: String?

    /// An outcome of `writes` objects written, failed with `error` when one is given.
    package init(writes: Int = 0, error: String? = nil) {
        self.writes = writes
        self.error = error
    }
}

/// A table data source that writes a user's drop back to the model and says what it wrote:
/// `tableView(_:moveRowAt:to:)` with the user-driven flag as an argument and the outcome as the
/// result. Its `moveRowAt` is the flagged call with the outcome dropped.
package protocol DropWritingDataSource: TableViewDataSource {
    /// Writes the drop of the row from `source` to `destination` that `tableView` already shows.
    /// - Parameters:
    ///   - tableView: The table the user dragged in.
    ///   - source: Where the row was.
    ///   - destination: Where the table now shows it.
    ///   - flagged: Whether the app sets the user-driven flag before writing (false: `move --unflagged`).
    /// - Returns: How many objects the drop wrote, or why it failed.
    func writeDrop(
        in tableView: SimulatedTableView, from source: IndexPath, to destination: IndexPath, flagged: Bool
    ) -> DropOutcome
}
