import Adapters
import FetchSimCore
import FetchSimUIKit
import ObjectGraph
import Testing

/// `apply(_:animatingDifferences:)` diffs only the sections whose items changed when both
/// snapshots have the same sections. These tests hold its batch to the batch of the engine's diff
/// (`SnapshotDiff`, rule D1) over the whole snapshots, worked out here from the diff as
/// docs/semantics.md states the diffable rules: deletes and inserts as the diff gives them, a
/// reloaded item that moves or changes index path deleted and inserted, one that stays reloaded.
@MainActor
@Suite struct DiffableBatchTests {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

    /// A table with a diffable data source of numbered items, each cell showing its number.
    @MainActor
    final class NumberList {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 44 * 200), style: .plain)
        let dataSource: UITableViewDiffableDataSource<String, Int>

        init() {
            table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
            dataSource = UITableViewDiffableDataSource<String, Int>(tableView: table) { table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
                cell.textLabel?.text = "\(item)"
                return cell
            }
        }
    }

    private func snapshot(_ sections: [(String, [Int])], reloading: [Int] = []) -> Snapshot {
        var snapshot = Snapshot()
        for (section, items) in sections {
            snapshot.appendSections([section])
            snapshot.appendItems(items, toSection: section)
        }
        snapshot.reloadItems(reloading)
        return snapshot
    }

    /// The batch the whole-snapshot diff makes, in the order the table receives its operations.
    private func expectedBatch(from old: Snapshot, to new: Snapshot) -> [TableOperation] {
        func converted(_ snapshot: Snapshot) -> DiffableSnapshot {
            DiffableSnapshot(
                sections: snapshot.sectionIdentifiers.map { section in
                    let ids = snapshot.itemIdentifiers(inSection: section).map { ObjectID($0 + 1) }
                    return DiffableSnapshot.Section(name: section, items: ids.map { .object($0) }, objects: ids)
                })
        }
        let diff = SnapshotDiff(from: converted(old), to: converted(new))
        var deletes = diff.deletedRows
        var inserts = diff.insertedRows
        var moves = diff.movedRows
        var reloads: [IndexPath] = []
        for item in new.reloadedItemIdentifiers {
            guard let old = diff.survivors[.object(ObjectID(item + 1))],
                let section = new.sectionIdentifier(containingItem: item),
                let s = new.indexOfSection(section),
                let row = new.itemIdentifiers(inSection: section).firstIndex(of: item)
            else { continue }
            let newPath = IndexPath(row: row, section: s)
            if moves.contains(where: { $0.from == old }) {
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
        var batch: [TableOperation] = []
        if !diff.deletedSections.isEmpty { batch.append(.deleteSections(diff.deletedSections.sorted())) }
        if !diff.insertedSections.isEmpty { batch.append(.insertSections(diff.insertedSections.sorted())) }
        batch += diff.movedSections.map { .moveSection(from: $0.from, to: $0.to) }
        if !deletes.isEmpty { batch.append(.deleteRows(deletes.sorted())) }
        if !inserts.isEmpty { batch.append(.insertRows(inserts.sorted())) }
        batch += moves.map { .moveRow(from: $0.from, to: $0.to) }
        if !reloads.isEmpty { batch.append(.reloadRows(reloads.sorted())) }
        return batch
    }

    /// A random change of `sections`: items deleted, inserted (numbered from `next`), moved within
    /// and across sections, some sections left alone; the same sections, or sometimes one fewer.
    private func changed(
        _ sections: [(String, [Int])], next: inout Int, using generator: inout SeededGenerator
    ) -> [(String, [Int])] {
        var result = sections
        let edits = Int.random(in: 0...4, using: &generator)
        for _ in 0..<edits {
            let s = Int.random(in: 0..<result.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0 where !result[s].1.isEmpty:
                result[s].1.remove(at: Int.random(in: 0..<result[s].1.count, using: &generator))
            case 1:
                result[s].1.insert(next, at: Int.random(in: 0...result[s].1.count, using: &generator))
                next += 1
            case 2 where !result[s].1.isEmpty:
                let item = result[s].1.remove(at: Int.random(in: 0..<result[s].1.count, using: &generator))
                let t = Int.random(in: 0..<result.count, using: &generator)
                result[t].1.insert(item, at: Int.random(in: 0...result[t].1.count, using: &generator))
            default:
                continue
            }
        }
        if Int.random(in: 0..<8, using: &generator) == 0 {
            let gone = result.remove(at: Int.random(in: 0..<result.count, using: &generator))
            if !result.isEmpty { result[0].1 += gone.1 } else { result = [gone] }
        }
        return result
    }

    @Test(arguments: 1...12)
    func theBatchIsTheWholeSnapshotsDiff(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let list = NumberList()
        var sections = [("A", Array(0..<6)), ("B", Array(6..<12)), ("C", Array(12..<18)), ("D", [])]
        var next = 18
        list.dataSource.apply(snapshot(sections))
        list.table.layoutIfNeeded()
        for _ in 0..<60 {
            let old = list.dataSource.snapshot()
            sections = changed(sections, next: &next, using: &generator)
            let items = sections.flatMap(\.1)
            let reloading = items.filter { _ in Int.random(in: 0..<10, using: &generator) == 0 }
            let new = snapshot(sections, reloading: reloading)
            list.dataSource.apply(new)
            #expect(
                list.table.lastOperations == expectedBatch(from: old, to: new),
                "seed \(seed): \(old.sectionIdentifiers)")
            #expect(list.table.raisedExceptions.take().isEmpty)
            #expect(list.table.consistencyProblems().isEmpty)
            #expect(list.dataSource.snapshot() == new)
            #expect(list.dataSource.snapshot().reloadedItemIdentifiers.isEmpty)
        }
    }

    /// One section that only gains items, or only loses them, is the common event of a list (an
    /// insert, a delete): its batch, and where the reloads of the items after the change land,
    /// are the whole-snapshot diff's.
    @Test(arguments: 1...8)
    func oneSectionsInsertsOrDeletesAreTheWholeSnapshotsDiff(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let list = NumberList()
        var sections = [("A", Array(0..<8)), ("B", Array(8..<16)), ("C", [])]
        var next = 16
        list.dataSource.apply(snapshot(sections))
        list.table.layoutIfNeeded()
        for _ in 0..<60 {
            let old = list.dataSource.snapshot()
            let s = Int.random(in: 0..<sections.count, using: &generator)
            let count = Int.random(in: 1...3, using: &generator)
            if Bool.random(using: &generator) || sections[s].1.count < count {
                for _ in 0..<count {
                    sections[s].1.insert(next, at: Int.random(in: 0...sections[s].1.count, using: &generator))
                    next += 1
                }
            } else {
                for _ in 0..<count {
                    sections[s].1.remove(at: Int.random(in: 0..<sections[s].1.count, using: &generator))
                }
            }
            let items = sections.flatMap(\.1)
            let reloading = items.filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
            let new = snapshot(sections, reloading: reloading)
            list.dataSource.apply(new)
            #expect(list.table.lastOperations == expectedBatch(from: old, to: new), "seed \(seed)")
            #expect(list.table.raisedExceptions.take().isEmpty)
            #expect(list.table.consistencyProblems().isEmpty)
            #expect(list.dataSource.snapshot() == new)
        }
    }

    @Test func anUnchangedSnapshotOnlyReloadsWhatItMarks() {
        let list = NumberList()
        list.dataSource.apply(snapshot([("A", [1, 2]), ("B", [3, 4])]))
        list.table.layoutIfNeeded()
        let kept = list.table.cellForRow(at: IndexPath(row: 0, section: 1))
        list.dataSource.apply(snapshot([("A", [1, 2]), ("B", [3, 4])], reloading: [2]))
        #expect(list.table.lastOperations == [.reloadRows([IndexPath(row: 1, section: 0)])])
        #expect(list.table.cellForRow(at: IndexPath(row: 0, section: 1)) === kept)
        // Item 2 changes section (a move); item 4 stays in its section's run but its row changes,
        // so its reload is a delete and an insert.
        list.dataSource.apply(snapshot([("A", [1]), ("B", [3, 2, 4])], reloading: [4]))
        #expect(
            list.table.lastOperations == [
                .deleteRows([IndexPath(row: 1, section: 1)]),
                .insertRows([IndexPath(row: 2, section: 1)]),
                .moveRow(from: IndexPath(row: 1, section: 0), to: IndexPath(row: 1, section: 1)),
            ])
        #expect(list.table.raisedExceptions.take().isEmpty)
        #expect(list.table.consistencyProblems().isEmpty)
    }
}
