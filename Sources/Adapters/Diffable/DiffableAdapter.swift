import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// An app on iOS 13+: a `UITableViewDiffableDataSource` fed by the controller's snapshot
/// delegate. Every change event arrives as one snapshot (`controller(_:didChangeContentWith:)`),
/// which the adapter applies as `apply(_:animatingDifferences:)` does: it diffs the data
/// source's current snapshot with the new one by identifier and performs the resulting batch.
///
/// An updated object keeps its identifier, so the diff alone never refreshes its cell (rule D2):
/// before iOS 15 (profiles `ios9`, `ios10`) the stale cell of `updates=ignore`, the default; from
/// iOS 15 (`modern`, `strict`) UIKit reloads the items the controller's snapshot marks when the app
/// applies it as it is — not when it rebuilds its own snapshot from it (`snapshot=rebuilt`).
/// `updates=reconfigure` (or `reconfigure-after`)
/// reconfigures the items of the objects the controller reports updated or moved, as
/// `reconfigureItems` (iOS 15); `updates=reload` reloads them, as `reloadItems` (iOS 13). A
/// snapshot that names an item twice (`items=KEY` with two objects sharing a value) is UIKit's
/// assertion; the snapshot is not applied (rule D3).
///
/// This class holds what both delegate forms share; `DiffableAdapter` takes the controller's
/// snapshot, `DiffableDifferenceAdapter` its difference (`delegate=difference`).
class DiffableApplier: TableAdapter {
    /// The table's data source while this adapter drives it.
    let diffableDataSource: DiffableDataSource

    override init(kind: AdapterKind, table: SimulatedTableView, dataSource: ListDataSource, options: AdapterOptions) {
        diffableDataSource = DiffableDataSource(list: dataSource)
        super.init(kind: kind, table: table, dataSource: dataSource, options: options)
        loadInitialSnapshot()
    }

    /// The first `apply`: the controller's current results, shown with `reloadData()` as UIKit
    /// does for a table that has not shown a snapshot yet. UIKit checks this snapshot for
    /// duplicate identifiers as it checks every other (rule D3): with duplicates the assertion is
    /// logged in `lastEvent` and the data source keeps an empty snapshot.
    private func loadInitialSnapshot() {
        let canReorder = options.canReorderItems
        diffableDataSource.canReorderItem = { _ in canReorder }
        lastEvent = AdapterEvent()
        let first = makeSnapshot(controller.snapshot())
        let duplicates = first.duplicateItems
        if duplicates.isEmpty {
            diffableDataSource.snapshot = first
        } else {
            diffableDataSource.snapshot = DiffableSnapshot()
            log(.snapshot(sections: first.sections.count, items: first.numberOfItems, reloaded: []), .skipped)
            logException(
                .nonUniqueItemIdentifiers(duplicates.map(\.description)),
                during: "controller:didChangeContentWithSnapshot:")
        }
        table.dataSource = diffableDataSource
        table.reloadData()
    }

    func makeSnapshot(_ snapshot: ResultsSnapshot) -> DiffableSnapshot {
        DiffableSnapshot(snapshot, itemKey: options.itemKey, context: controller.context)
    }

    /// `apply(_:animatingDifferences: true)`: one batch from the diff, plus the reloads or
    /// reconfigures the update policy asks for.
    /// `changed`: the objects whose items the update policy refreshes (those the event moved or
    /// updated).
    /// `pendingReloads`: the snapshot carries the controller's reload marks and UIKit performs
    /// them (iOS 15 and later, the snapshot applied as it is: rule D2) — the `changed` items are
    /// reloaded unless the app's own update policy refreshes them (our choice: UIKit does not
    /// document a snapshot that both reloads and reconfigures an item). UIKit does not say how
    /// it reloads an item its diff also moves, which one batch cannot do (rule 22): FetchSim
    /// reloads the marked items after the diff's batch, at their new index paths, in a batch of
    /// their own — and not at all when the diff's batch failed (the exception left `apply`).
    func apply(_ new: DiffableSnapshot, changed: Set<ObjectID>, during method: String, pendingReloads: Bool = false) {
        let policy = options.updates
        let diff = SnapshotDiff(from: diffableDataSource.snapshot, to: new)
        let marked = markedItems(new, changed: changed, survivors: diff.survivors, policy: policy)
        var reloads: [IndexPath] = []
        var reconfigures: [IndexPath] = []
        var deletes = diff.deletedRows
        var inserts = diff.insertedRows
        var moves: [(from: IndexPath, to: IndexPath)] = []
        let reloadsMoved = policy == .reload
        let markedOld = Set(marked.keys)
        for move in diff.movedRows {
            // A reloaded item that also moves is deleted and inserted: UIKit rejects a reload and
            // a move of one index path, and a fresh row is what a reload gives.
            if reloadsMoved, markedOld.contains(move.from) {
                deletes.append(move.from)
                inserts.append(move.to)
            } else {
                moves.append(move)
            }
        }
        let movedFrom = Set(diff.movedRows.map(\.from))
        for (old, new) in marked.sorted(by: { $0.key < $1.key }) {
            switch policy {
            case .reload where movedFrom.contains(old):
                break
            case .reload where old == new:
                reloads.append(old)
            case .reload:
                // Shifted by the batch: UIKit reads a reload as an insert at its old path too
                // (rule 22), which could meet another row's move; delete and insert instead.
                deletes.append(old)
                inserts.append(new)
            case .reconfigure, .reconfigureAfter, .reconfigureInBatch: reconfigures.append(old)
            case .ignore: break
            }
        }
        // The marked items' new index paths, when UIKit performs the snapshot's reloads.
        let pending =
            pendingReloads && policy == .ignore
            ? markedItems(new, changed: changed, survivors: diff.survivors, policy: .reload).values.sorted() : []
        defer {
            if !pending.isEmpty, lastEvent.tableError == nil {
                perform(during: method) { () throws(TableViewError) in
                    try table.performBatchUpdates { () throws(TableViewError) in try table.reloadRows(at: pending) }
                }
            }
        }
        guard !diff.isEmpty || !reloads.isEmpty || !reconfigures.isEmpty else {
            diffableDataSource.snapshot = new
            return
        }
        perform(during: method) { () throws(TableViewError) in
            try table.performBatchUpdates { () throws(TableViewError) in
                diffableDataSource.snapshot = new
                if !diff.deletedSections.isEmpty { try table.deleteSections(diff.deletedSections) }
                if !diff.insertedSections.isEmpty { try table.insertSections(diff.insertedSections) }
                for move in diff.movedSections { try table.moveSection(move.from, toSection: move.to) }
                if !deletes.isEmpty { try table.deleteRows(at: deletes.sorted()) }
                if !inserts.isEmpty { try table.insertRows(at: inserts.sorted()) }
                for move in moves { try table.moveRow(at: move.from, to: move.to) }
                if !reloads.isEmpty { try table.reloadRows(at: reloads) }
                if !reconfigures.isEmpty { try table.reconfigureRows(at: reconfigures) }
            }
        }
    }

    /// The surviving items of the `changed` objects, old index path to new, when the update
    /// policy refreshes them.
    private func markedItems(
        _ new: DiffableSnapshot, changed: Set<ObjectID>, survivors: [DiffableSnapshot.Item: IndexPath],
        policy: UpdatePolicy
    ) -> [IndexPath: IndexPath] {
        guard policy != .ignore else { return [:] }
        var paths: [IndexPath: IndexPath] = [:]
        for (s, section) in new.sections.enumerated() {
            for (r, (item, object)) in zip(section.items, section.objects).enumerated() where changed.contains(object) {
                if let old = survivors[item] { paths[old] = IndexPath(row: r, section: s) }
            }
        }
        return paths
    }

    override func optionsChanged(from old: AdapterOptions) {
        let canReorder = options.canReorderItems
        diffableDataSource.canReorderItem = { _ in canReorder }
        guard old.itemKey != options.itemKey else { return }
        loadInitialSnapshot()
    }
}

/// `adapter diffable` with the snapshot delegate (the default): every change event arrives as one
/// snapshot of the new results, the moved and updated objects marked for reload (rule 24).
final class DiffableAdapter: DiffableApplier, FetchedResultsSnapshotDelegate {
    func controller(_ controller: FetchedResultsController, didChangeContentWith snapshot: ResultsSnapshot) {
        timing?.markFirstCallback()
        lastEvent = AdapterEvent()
        defer { userDrag = nil }  // the snapshot is the event's last callback (rule 18)
        let new = makeSnapshot(snapshot)
        let method = "controller:didChangeContentWithSnapshot:"
        let duplicates = new.duplicateItems
        guard duplicates.isEmpty else {
            log(
                .snapshot(sections: new.sections.count, items: new.numberOfItems, reloaded: snapshot.reloadedObjectIDs),
                .skipped)
            // Raised by `apply` before the table hears of it.
            logException(.nonUniqueItemIdentifiers(duplicates.map(\.description)), during: method)
            return
        }
        log(
            .snapshot(sections: new.sections.count, items: new.numberOfItems, reloaded: snapshot.reloadedObjectIDs),
            .applied)
        // The objects the controller marked for reload: every one the event moved or updated.
        // UIKit performs the marks from iOS 15 when the app applies the snapshot it was given.
        let pendingReloads = options.snapshot == .asIs && controller.profile.diffableAppliesSnapshotReloads
        apply(new, changed: Set(snapshot.reloadedObjectIDs), during: method, pendingReloads: pendingReloads)
    }
}
