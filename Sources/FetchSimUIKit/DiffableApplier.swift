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
        // With the same sections in the same order, a section whose items are the same in both
        // snapshots keeps each item where it is: the diff (rule D1) moves nothing within it, and
        // nothing into or out of it, since an item is in one section only. Only the other
        // sections are diffed, in order, and the diff's index paths mapped back to the snapshots'.
        let sameSections = old.sectionIdentifiers == new.sectionIdentifiers
        let diffedSections =
            sameSections
            ? old.sectionIdentifiers.indices.filter {
                old.itemIdentifiers(atSectionIndex: $0) != new.itemIdentifiers(atSectionIndex: $0)
            } : nil
        let diffed = Diffed(old: old, new: new, sections: diffedSections)
        let movedFrom = Set(diffed.movedRows.map(\.from))
        var deletes = diffed.deletedRows
        var inserts = diffed.insertedRows
        var reloads: [IndexPath] = []
        var reconfigures: [IndexPath] = []
        var moves = diffed.movedRows
        for item in new.reloadedItemIdentifiers {
            guard let newPath = new.indexPath(ofItem: item), let old = diffed.oldPath(ofSurvivor: item, at: newPath)
            else { continue }
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
            if let newPath = new.indexPath(ofItem: item), let old = diffed.oldPath(ofSurvivor: item, at: newPath) {
                reconfigures.append(old)
            }
        }
        var reloadedSections: [(old: Int, new: Int)] = []
        let markedSections = new.reloadedSectionIdentifiers
        if !markedSections.isEmpty {
            let movedSections = Set(diffed.movedSections.map(\.from))
            for section in markedSections {
                if let from = old.indexOfSection(section), let to = new.indexOfSection(section),
                    !movedSections.contains(from)
                {
                    reloadedSections.append((from, to))
                }
            }
        }
        engine.perform { () throws(TableViewError) in
            try engine.table.performBatchUpdates {
                install()
                let table = engine.table
                let deletedSections = diffed.deletedSections + reloadedSections.map(\.old)
                let insertedSections = diffed.insertedSections + reloadedSections.map(\.new)
                if !deletedSections.isEmpty { try table.deleteSections(deletedSections.sorted()) }
                if !insertedSections.isEmpty { try table.insertSections(insertedSections.sorted()) }
                for move in diffed.movedSections { try table.moveSection(move.from, toSection: move.to) }
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
        snapshot.unmarkedCopy()
    }
}

/// The engine's diff (`SnapshotDiff`) of two typed snapshots, over all their sections or over the
/// sections at `sections` of two snapshots with the same sections; index paths are the snapshots'.
private struct Diffed<S: Hashable & Sendable, I: Hashable & Sendable> {
    private(set) var deletedSections: [Int] = []
    private(set) var insertedSections: [Int] = []
    private(set) var movedSections: [(from: Int, to: Int)] = []
    private(set) var deletedRows: [IndexPath] = []
    private(set) var insertedRows: [IndexPath] = []
    private(set) var movedRows: [(from: IndexPath, to: IndexPath)] = []
    /// The diffed sections, in order and as a set; nil for all.
    private let diffedOrder: [Int]?
    private let sections: Set<Int>?
    /// The diff's number of each item of the diffed sections.
    private let itemIDs: [I: ObjectID]
    /// The old index path, among the diffed sections, of each item the batch neither deletes nor inserts.
    private let survivors: [DiffableSnapshot.Item: IndexPath]

    /// For one diffed section whose items were only inserted or only deleted, keeping the order of
    /// the others: that section, and the rows the batch inserts (new rows) or deletes (old rows).
    private let oneSectionChange: (section: Int, insertedRows: [Int], deletedRows: [Int])?

    init(old: NSDiffableDataSourceSnapshot<S, I>, new: NSDiffableDataSourceSnapshot<S, I>, sections: [Int]?) {
        diffedOrder = sections
        self.sections = sections.map(Set.init)
        // One changed section of two snapshots with the same sections: an item it lost or gained
        // is in no other section (that section would have changed too), so an insert-only or
        // delete-only change is the diff's own answer — those rows inserted or deleted, every
        // other item kept in its run, nothing moved — found in one walk without numbering items.
        if let sections, sections.count == 1, let section = sections.first,
            let change = Self.insertsOrDeletes(
                from: old.itemIdentifiers(atSectionIndex: section), to: new.itemIdentifiers(atSectionIndex: section))
        {
            oneSectionChange = (section, change.inserted, change.deleted)
            deletedRows = change.deleted.map { IndexPath(row: $0, section: section) }
            insertedRows = change.inserted.map { IndexPath(row: $0, section: section) }
            itemIDs = [:]
            survivors = [:]
            return
        }
        oneSectionChange = nil
        // The diff names sections and items by number: each distinct identifier gets the next one.
        var sectionNames: [S: String] = [:]
        var itemIDs: [I: ObjectID] = [:]
        func converted(_ snapshot: NSDiffableDataSourceSnapshot<S, I>) -> DiffableSnapshot {
            let indexes = sections ?? Array(snapshot.sectionIdentifiers.indices)
            return DiffableSnapshot(
                sections: indexes.map { index in
                    let section = snapshot.sectionIdentifiers[index]
                    let name =
                        sectionNames[section]
                        ?? {
                            let name = "\(sectionNames.count)"
                            sectionNames[section] = name
                            return name
                        }()
                    let objects = snapshot.itemIdentifiers(atSectionIndex: index).map { item in
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
        self.itemIDs = itemIDs
        survivors = diff.survivors
        deletedSections = diff.deletedSections
        insertedSections = diff.insertedSections
        movedSections = diff.movedSections
        deletedRows = diff.deletedRows.map(mapped)
        insertedRows = diff.insertedRows.map(mapped)
        movedRows = diff.movedRows.map { (from: mapped($0.from), to: mapped($0.to)) }
    }

    /// Where `item`, at `newPath` in the new snapshot, was in the old one, when the batch neither
    /// deletes nor inserts it: in a section that was not diffed, where it is.
    func oldPath(ofSurvivor item: I, at newPath: IndexPath) -> IndexPath? {
        if let sections, !sections.contains(newPath.section) { return newPath }
        if let change = oneSectionChange {
            if change.insertedRows.contains(newPath.row) { return nil }
            // The survivors keep their order: count the rows inserted before this one, or step
            // over the rows deleted up to it.
            var row = newPath.row - change.insertedRows.prefix { $0 < newPath.row }.count
            for deleted in change.deletedRows where deleted <= row { row += 1 }
            return IndexPath(row: row, section: change.section)
        }
        guard let id = itemIDs[item], let path = survivors[.object(id)] else { return nil }
        return mapped(path)
    }

    /// The rows only `new` has (`inserted`, new rows) when `new` is `old` with items inserted, or
    /// the rows only `old` has (`deleted`, old rows) when it is `old` with items deleted; nil for
    /// any other change. Identifiers are unique, so a greedy walk matches every kept item.
    private static func insertsOrDeletes(from old: [I], to new: [I]) -> (inserted: [Int], deleted: [Int])? {
        guard old.count != new.count else { return nil }
        let (longer, shorter) = new.count > old.count ? (new, old) : (old, new)
        var extra: [Int] = []
        extra.reserveCapacity(longer.count - shorter.count)
        var matched = 0
        // By index rather than `enumerated()`: this code runs unspecialized (the data source's
        // generic class), where each step of an enumerated iterator is a generic call.
        for row in longer.indices {
            if matched < shorter.count, shorter[matched] == longer[row] {
                matched += 1
            } else {
                extra.append(row)
                if extra.count > longer.count - shorter.count { return nil }
            }
        }
        guard matched == shorter.count else { return nil }
        return new.count > old.count ? (extra, []) : ([], extra)
    }

    /// A path among the diffed sections as a path of the snapshots.
    private func mapped(_ path: IndexPath) -> IndexPath {
        guard let sections = diffedOrder else { return path }
        return IndexPath(row: path.row, section: sections[path.section])
    }
}

extension NSDiffableDataSourceSnapshot {
    /// The index path of `item`, or nil.
    fileprivate func indexPath(ofItem item: I) -> IndexPath? {
        guard let section = sectionIdentifier(containingItem: item), let index = indexOfSection(section),
            let row = itemIdentifiers(atSectionIndex: index).firstIndex(of: item)
        else { return nil }
        return IndexPath(row: row, section: index)
    }
}
