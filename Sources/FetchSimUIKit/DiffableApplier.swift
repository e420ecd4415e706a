import Adapters
import TableSimulation

/// What `apply(_:animatingDifferences:)` does, for both diffable data sources: the batch from
/// the current snapshot to the new one, computed by the engine's own diff (`SnapshotDiff`,
/// docs/semantics.md rule D1), plus the reloads and reconfigures the new snapshot marks.
///
/// A reloaded item that also moves is deleted and inserted (UIKit rejects a reload and a move of
/// one row); a reloaded section that survives is deleted and inserted. `animatingDifferences` is
/// ignored: iOS 15 diffs in both cases.
@MainActor
enum DiffableApplier {
    /// Applies `new` over `old` on `engine`'s table; `install` makes `new` the data source's
    /// snapshot inside the batch, before the table asks for counts.
    static func apply<S, I>(
        _ new: NSDiffableDataSourceSnapshot<S, I>, over old: NSDiffableDataSourceSnapshot<S, I>,
        on engine: ListEngine, install: () -> Void
    ) {
        for exception in new.raisedExceptions.take() { engine.exceptions.raise(exception) }
        guard engine.isLoaded else {
            install()
            return
        }
        var sectionNames: [S: String] = [:]
        var itemIDs: [I: ObjectID] = [:]
        func converted(_ snapshot: NSDiffableDataSourceSnapshot<S, I>) -> DiffableSnapshot {
            DiffableSnapshot(
                sections: snapshot.sectionIdentifiers.map { section in
                    let name =
                        sectionNames[section]
                        ?? {
                            let name = "\(sectionNames.count)"
                            sectionNames[section] = name
                            return name
                        }()
                    let objects = snapshot.itemIdentifiers(inSection: section).map { item in
                        itemIDs[item]
                            ?? {
                                let id = ObjectID(itemIDs.count + 1)
                                itemIDs[item] = id
                                return id
                            }()
                    }
                    return DiffableSnapshot.Section(name: name, items: objects.map { .object($0) }, objects: objects)
                })
        }
        let diff = SnapshotDiff(from: converted(old), to: converted(new))
        let movedFrom = Set(diff.movedRows.map(\.from))
        var deletes = diff.deletedRows
        var inserts = diff.insertedRows
        var reloads: [IndexPath] = []
        var reconfigures: [IndexPath] = []
        var moves = diff.movedRows
        for item in new.reloadedItemIdentifiers {
            guard let id = itemIDs[item], let old = diff.survivors[.object(id)], let index = new.indexOfItem(item),
                let section = new.sectionIdentifier(containingItem: item), let s = new.indexOfSection(section)
            else { continue }
            let newPath = IndexPath(
                row: index - new.sectionIdentifiers[..<s].reduce(0) { $0 + new.numberOfItems(inSection: $1) },
                section: s)
            if movedFrom.contains(old) {
                moves.removeAll { $0.from == old }
                deletes.append(old)
                inserts.append(newPath)
            } else if old == newPath {
                reloads.append(old)
            } else {
                deletes.append(old)
                inserts.append(newPath)
            }
        }
        for item in new.reconfiguredItemIdentifiers {
            if let id = itemIDs[item], let old = diff.survivors[.object(id)] { reconfigures.append(old) }
        }
        let oldSections = Dictionary(uniqueKeysWithValues: old.sectionIdentifiers.enumerated().map { ($1, $0) })
        let movedSections = Set(diff.movedSections.map(\.from))
        var reloadedSections: [(old: Int, new: Int)] = []
        for section in new.reloadedSectionIdentifiers {
            if let from = oldSections[section], let to = new.indexOfSection(section), !movedSections.contains(from) {
                reloadedSections.append((from, to))
            }
        }
        engine.perform { () throws(TableViewError) in
            try engine.table.performBatchUpdates {
                install()
                let table = engine.table
                let deletedSections = diff.deletedSections + reloadedSections.map(\.old)
                let insertedSections = diff.insertedSections + reloadedSections.map(\.new)
                if !deletedSections.isEmpty { try table.deleteSections(deletedSections.sorted()) }
                if !insertedSections.isEmpty { try table.insertSections(insertedSections.sorted()) }
                for move in diff.movedSections { try table.moveSection(move.from, toSection: move.to) }
                let reloadedOld = Set(reloadedSections.map(\.old))
                let keptDeletes = deletes.filter { !reloadedOld.contains($0.section) }
                if !keptDeletes.isEmpty { try table.deleteRows(at: keptDeletes.sorted()) }
                let reloadedNew = Set(reloadedSections.map(\.new))
                let keptInserts = inserts.filter { !reloadedNew.contains($0.section) }
                if !keptInserts.isEmpty { try table.insertRows(at: keptInserts.sorted()) }
                for move in moves
                where !reloadedOld.contains(move.from.section) && !reloadedNew.contains(move.to.section) {
                    try table.moveRow(at: move.from, to: move.to)
                }
                if !reloads.isEmpty { try table.reloadRows(at: reloads.sorted()) }
                if !reconfigures.isEmpty { try table.reconfigureRows(at: reconfigures.sorted()) }
            }
        }
    }

    /// `snapshot` without its reload marks: what the data source keeps after applying it.
    static func unmarked<S, I>(_ snapshot: NSDiffableDataSourceSnapshot<S, I>) -> NSDiffableDataSourceSnapshot<S, I> {
        NSDiffableDataSourceSnapshot(
            uncheckedSections: snapshot.sectionIdentifiers.map { ($0, snapshot.itemIdentifiers(inSection: $0)) })
    }
}
