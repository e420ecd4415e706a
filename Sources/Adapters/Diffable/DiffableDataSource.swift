import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// `UITableViewDiffableDataSource`: the table's data source whose answers come from its current
/// snapshot, not from the controller. Cells come from the app's cell provider (the list data
/// source's `cell(for:)` of the item's object).
///
/// **Reordering.** `canReorderItem` answers for every item what the adapter's `canreorder`
/// option says (true by default; the REPL also refuses drags when the list has no index attribute
/// to write). When it answers false UIKit shows no reorder control and the drag cannot start. With `reorderingHandlers` set (iOS 14, the flagged drag), UIKit moves the item
/// in the data source's own snapshot as soon as the user drops the row, then calls `didReorder`
/// with the transaction; the app writes the new order there. Without them (the iOS 13 pattern of
/// overriding `tableView(_:moveRowAt:to:)`, the unflagged drag) the app writes its model and the
/// snapshot still holds the order from before the drag — so the controller's next snapshot is
/// diffed against that stale order and the table moves the row a second time
/// (docs/semantics.md rule D4).
package final class DiffableDataSource: DropWritingDataSource {
    /// What UIKit hands `didReorder`: the snapshots before and after the user's drag.
    package struct Transaction: Equatable, Sendable {
        package let initialSnapshot: DiffableSnapshot
        package let finalSnapshot: DiffableSnapshot
    }

    /// The app's list data source: the cell provider, the drag write-back and the user-driven flag.
    package let list: ListDataSource
    /// The snapshot the table shows: set by `apply`, and by a drag when reordering handlers are set.
    package internal(set) var snapshot = DiffableSnapshot()
    /// `reorderingHandlers.canReorderItem`: whether the user may pick up an item.
    package var canReorderItem: (DiffableSnapshot.Item) -> Bool = { _ in true }
    /// The transaction of the last drag made with reordering handlers set, if any.
    package private(set) var lastTransaction: Transaction?

    /// A data source with an empty snapshot, whose cells `list` provides.
    package init(list: ListDataSource) {
        self.list = list
    }

    private var context: ObjectContext { list.controller.context }

    private func objectID(at indexPath: IndexPath) -> ObjectID? {
        guard snapshot.sections.indices.contains(indexPath.section) else { return nil }
        let objects = snapshot.sections[indexPath.section].objects
        return objects.indices.contains(indexPath.row) ? objects[indexPath.row] : nil
    }

    /// Whether the row at `indexPath` may be dragged: `canReorderItem` of its item (false when
    /// there is no item there).
    package func canReorderRow(at indexPath: IndexPath) -> Bool {
        guard snapshot.sections.indices.contains(indexPath.section) else { return false }
        let items = snapshot.sections[indexPath.section].items
        return items.indices.contains(indexPath.row) && canReorderItem(items[indexPath.row])
    }

    package func numberOfSections(in tableView: SimulatedTableView) -> Int {
        snapshot.sections.count
    }

    package func tableView(_ tableView: SimulatedTableView, numberOfRowsInSection section: Int) -> Int {
        snapshot.sections.indices.contains(section) ? snapshot.sections[section].items.count : 0
    }

    package func tableView(_ tableView: SimulatedTableView, cellForRowAt indexPath: IndexPath) -> TableCell {
        objectID(at: indexPath).flatMap { context.object(with: $0) }.map(list.cell(for:))
            ?? TableCell(identifier: 0, columns: [])
    }

    package func tableView(_ tableView: SimulatedTableView, identifierForRowAt indexPath: IndexPath) -> Int {
        objectID(at: indexPath)?.rawValue ?? 0
    }

    package func tableView(_ tableView: SimulatedTableView, titleForHeaderInSection section: Int) -> String? {
        guard list.controller.fetchRequest.sectionNameKeyPath != nil, snapshot.sections.indices.contains(section) else {
            return nil
        }
        return snapshot.sections[section].name
    }

    package func sectionIndexTitles(for tableView: SimulatedTableView) -> [String]? {
        list.sectionIndexTitles(for: tableView)
    }

    /// The user dropped a row: the flagged drag, with reordering handlers
    /// (`writeDrop(in:from:to:flagged:)`).
    package func tableView(_ tableView: SimulatedTableView, moveRowAt source: IndexPath, to destination: IndexPath) {
        _ = writeDrop(in: tableView, from: source, to: destination, flagged: true)
    }

    /// The user dropped a row. With reordering handlers (a flagged drag) the snapshot follows the
    /// table first and `didReorder` writes the order; without them the app's override writes it
    /// and the snapshot is left as it was.
    package func writeDrop(
        in tableView: SimulatedTableView, from source: IndexPath, to destination: IndexPath, flagged: Bool
    ) -> DropOutcome {
        if flagged {
            let initial = snapshot
            snapshot.moveItem(from: source, to: destination)
            lastTransaction = Transaction(initialSnapshot: initial, finalSnapshot: snapshot)
        }
        // didReorder (flagged) or the iOS 13 override (unflagged): the app renumbers its objects.
        return list.writeDrop(in: tableView, from: source, to: destination, flagged: flagged)
    }
}
