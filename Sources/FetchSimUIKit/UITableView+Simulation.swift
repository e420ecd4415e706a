import Adapters
import TableSimulation

// What the simulator (FetchSimTesting) does to a table that app code cannot: the user's own
// gestures, the end of a run-loop turn, and the check. `package`: not part of UIKit's API.
extension UITableView {
    /// The user drags the row at `source` to `destination` (numbered after its removal): UIKit
    /// moves the row first, then tells the data source through `moveRowAt` (docs/semantics.md,
    /// rules 18–19). The delegate's `targetIndexPathForMoveFromRowAt` may redirect the drop.
    package func userMoveRow(from source: IndexPath, to destination: IndexPath) throws(TableViewError) {
        engine.loadIfNeeded()
        let target =
            delegate?.tableView(self, targetIndexPathForMoveFromRowAt: source, toProposedIndexPath: destination)
            ?? destination
        try engine.userMoveRow(from: source, to: target)
    }

    /// The rows a drag of the row at `source` may be dropped at in `section`, or nil.
    package func dropRows(from source: IndexPath, inSection section: Int) -> ClosedRange<Int>? {
        engine.loadIfNeeded()
        return engine.table.dropRows(from: source, inSection: section)
    }

    /// The end of a run-loop turn: the table lays out (cells for rows that came on screen).
    package func layoutForEndOfTurn() { engine.layoutIfNeeded() }

    /// What the table shows that its data source no longer answers (`ListEngine`).
    package func consistencyProblems(limit: Int = 20) -> [ConsistencyProblem] {
        engine.consistencyProblems(limit: limit)
    }

    /// The operations of the last batch, reload or drag, as the simulated table logged them.
    package var lastOperations: [TableOperation] { engine.table.lastBatch }

    /// The simulated table that holds the rows, for FetchSimCLI's `show` of an app's view.
    package var simulatedTable: SimulatedTableView { engine.table }

    /// What the cell of the row at `indexPath` shows now (the app may have changed it since it
    /// configured it, as the template's `.update` does), or nil when the row has no cell.
    package func shownColumns(at indexPath: IndexPath) -> [String]? { engine.cell(at: indexPath)?.shownContent.columns }

    /// The table's methods the app called since the last take, as `insertRows [0.1]`.
    package func takeCalls() -> [String] { engine.takeCalls() }

    /// Whether an invalid batch left the table out of step with its data source.
    package var isOutOfStep: Bool { engine.table.isOutOfStep }

    /// What each row on screen shows, `"text | secondary"`, for reports.
    package var visibleTexts: [String] {
        engine.loadIfNeeded()
        return engine.visibleCells.map { $0.shownContent.columns.joined(separator: " | ") }
    }
}
