import FetchSimCore

/// The object that answers the simulated table's questions, as `UITableViewDataSource` does.
///
/// The table asks for counts when it loads and at the end of every batch (to validate it), for
/// identifiers of every row on `reloadData()` and of inserted and reloaded rows after a batch, and
/// for cells only for rows that are, or scroll, into the viewport.
///
/// Every method is required, also those UIKit makes optional: a default implementation would turn
/// a near-miss (a typo in a label, another parameter type) into a method that is silently never
/// called — for `moveRowAt` that is a drag never written back. The documented UIKit default of
/// each optional one is noted at it.
///
/// ```swift
/// final class Groceries: TableViewDataSource {
///     var items = [(id: 1, title: "Milk"), (id: 2, title: "Eggs")]
///
///     func numberOfSections(in tableView: SimulatedTableView) -> Int { 1 }
///     func tableView(_ tableView: SimulatedTableView, numberOfRowsInSection section: Int) -> Int { items.count }
///     func tableView(_ tableView: SimulatedTableView, cellForRowAt indexPath: IndexPath) -> TableCell {
///         TableCell(identifier: items[indexPath.row].id, columns: [items[indexPath.row].title])
///     }
///     func tableView(_ tableView: SimulatedTableView, identifierForRowAt indexPath: IndexPath) -> Int {
///         items[indexPath.row].id
///     }
///     func tableView(_ tableView: SimulatedTableView, titleForHeaderInSection section: Int) -> String? { nil }
///     func sectionIndexTitles(for tableView: SimulatedTableView) -> [String]? { nil }
///     func tableView(
///         _ tableView: SimulatedTableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
///     ) {
///         items.insert(items.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
///     }
/// }
///
/// let groceries = Groceries()
/// let table = SimulatedTableView(dataSource: groceries)
/// table.reloadData()
/// table.rowIdentifiers(inSection: 0)                               // [1, 2]
/// table.cellForRow(at: IndexPath(row: 1, section: 0))?.columns     // ["Eggs"]
/// ```
public protocol TableViewDataSource: AnyObject {
    /// How many sections there are. Optional in UIKit, where it defaults to 1.
    func numberOfSections(in tableView: SimulatedTableView) -> Int

    /// How many rows `section` has.
    func tableView(_ tableView: SimulatedTableView, numberOfRowsInSection section: Int) -> Int

    /// A configured cell for the row at `indexPath`.
    func tableView(_ tableView: SimulatedTableView, cellForRowAt indexPath: IndexPath) -> TableCell

    /// The identity (object ID) of the row at `indexPath`, so the simulation knows which object
    /// every row shows even when it has no cell. Not part of UIKit: return the identifier of the
    /// cell `tableView(_:cellForRowAt:)` would return, without making the cell.
    func tableView(_ tableView: SimulatedTableView, identifierForRowAt indexPath: IndexPath) -> Int

    /// The title of the header of `section`. Optional in UIKit, where it defaults to `nil`.
    func tableView(_ tableView: SimulatedTableView, titleForHeaderInSection section: Int) -> String?

    /// The titles of the section index along the right edge. Optional in UIKit, where it defaults to `nil`.
    func sectionIndexTitles(for tableView: SimulatedTableView) -> [String]?

    /// The user dragged a row from `sourceIndexPath` to `destinationIndexPath`; the table already
    /// shows it there. Update the model to match. Optional in UIKit, where it defaults to
    /// doing nothing (and the table offers no reordering).
    func tableView(
        _ tableView: SimulatedTableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    )
}
