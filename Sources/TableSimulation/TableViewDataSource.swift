import FetchSimCore

/// The object that answers the simulated table's questions, as `UITableViewDataSource` does.
///
/// The table asks for counts when it loads and at the end of every batch (to validate it), for
/// identifiers of every row on `reloadData()` and of inserted and reloaded rows after a batch, and
/// for cells only for rows that are, or scroll, into the viewport.
public protocol TableViewDataSource: AnyObject {
    /// How many sections there are. Optional in UIKit; defaults to 1.
    func numberOfSections(in tableView: SimulatedTableView) -> Int

    /// How many rows `section` has.
    func tableView(_ tableView: SimulatedTableView, numberOfRowsInSection section: Int) -> Int

    /// A configured cell for the row at `indexPath`.
    func tableView(_ tableView: SimulatedTableView, cellForRowAt indexPath: IndexPath) -> TableCell

    /// The identity (object ID) of the row at `indexPath`, so the simulation knows which object
    /// every row shows even when it has no cell. Not part of UIKit; defaults to the identifier of
    /// the cell `tableView(_:cellForRowAt:)` returns.
    func tableView(_ tableView: SimulatedTableView, identifierForRowAt indexPath: IndexPath) -> Int

    /// The title of the header of `section`. Optional in UIKit; defaults to `nil`.
    func tableView(_ tableView: SimulatedTableView, titleForHeaderInSection section: Int) -> String?

    /// The titles of the section index along the right edge. Optional in UIKit; defaults to `nil`.
    func sectionIndexTitles(for tableView: SimulatedTableView) -> [String]?

    /// The user dragged a row from `sourceIndexPath` to `destinationIndexPath`; the table already
    /// shows it there. Update the model to match. Optional in UIKit; defaults to doing nothing.
    func tableView(
        _ tableView: SimulatedTableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    )
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: SimulatedTableView) -> Int { 1 }

    public func tableView(_ tableView: SimulatedTableView, identifierForRowAt indexPath: IndexPath) -> Int {
        self.tableView(tableView, cellForRowAt: indexPath).identifier
    }

    public func tableView(_ tableView: SimulatedTableView, titleForHeaderInSection section: Int) -> String? {
        nil
    }

    public func sectionIndexTitles(for tableView: SimulatedTableView) -> [String]? { nil }

    public func tableView(
        _ tableView: SimulatedTableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
}
