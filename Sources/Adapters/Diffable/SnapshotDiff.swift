import FetchSimCore

/// The batch that turns one diffable snapshot into another, as
/// `UITableViewDiffableDataSource.apply(_:animatingDifferences:)` computes it: section
/// identifiers first, then item identifiers (docs/semantics.md rule D1).
///
/// Sections only in the old snapshot are deleted, only in the new one inserted; surviving sections
/// outside a longest run that kept its order are moved. An item only in the old snapshot is
/// deleted (unless its section is), only in the new one inserted (unless its section is); an item
/// in both is moved when it changed section or left the longest run of its section's items that
/// kept their order, and otherwise stays — with its cell, whatever its content now is. An item that
/// leaves a deleted section is inserted; one that enters an inserted section is deleted from its
/// old place (UIKit forbids moves out of deleted and into inserted sections). An item that must
/// move but lands on its own index path is deleted and inserted (UIKit rejects same-path moves).
/// - Complexity: O((s + n) log n) for s sections and n items.
package struct SnapshotDiff {
    package var deletedSections: [Int] = []
    package var insertedSections: [Int] = []
    package var movedSections: [(from: Int, to: Int)] = []
    package var deletedRows: [IndexPath] = []
    package var insertedRows: [IndexPath] = []
    package var movedRows: [(from: IndexPath, to: IndexPath)] = []
    /// The old index path of every item in both snapshots that the batch neither deletes nor
    /// inserts (moved or not): where a reload or reconfigure of it is addressed.
    package var survivors: [DiffableSnapshot.Item: IndexPath] = [:]

    /// Whether the batch changes nothing.
    package var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
            && deletedRows.isEmpty && insertedRows.isEmpty && movedRows.isEmpty
    }

    package init(from old: DiffableSnapshot, to new: DiffableSnapshot) {
        let oldSectionIndex = Dictionary(
            old.sections.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newSectionIndex = Dictionary(
            new.sections.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        deletedSections = old.sections.indices.filter { newSectionIndex[old.sections[$0].name] == nil }
        insertedSections = new.sections.indices.filter { oldSectionIndex[new.sections[$0].name] == nil }
        // Surviving sections in new order, with their old indexes; those off the longest increasing run move.
        let surviving = new.sections.indices.compactMap { newIndex in
            oldSectionIndex[new.sections[newIndex].name].map { ($0, newIndex) }
        }
        let keptSections = Set(Self.longestIncreasingRun(surviving.map(\.0)))
        movedSections = surviving.filter { !keptSections.contains($0.0) }.map { (from: $0.0, to: $0.1) }
        let deleted = Set(deletedSections)
        let inserted = Set(insertedSections)
        let newOfOld = Dictionary(surviving, uniquingKeysWith: { first, _ in first })

        let oldPaths = old.indexPaths()
        let newPaths = new.indexPaths()
        for (item, path) in oldPaths.sorted(by: { $0.value < $1.value })
        where newPaths[item] == nil && !deleted.contains(path.section) {
            deletedRows.append(path)
        }
        // Items that stay in the same (surviving) section, per new section, in new order with their old rows.
        var stayers: [Int: [(item: DiffableSnapshot.Item, oldRow: Int, new: IndexPath)]] = [:]
        for (item, newPath) in newPaths.sorted(by: { $0.value < $1.value }) {
            guard let oldPath = oldPaths[item] else {
                if !inserted.contains(newPath.section) { insertedRows.append(newPath) }
                continue
            }
            switch (deleted.contains(oldPath.section), inserted.contains(newPath.section)) {
            case (true, true): continue
            case (true, false):
                insertedRows.append(newPath)
                continue
            case (false, true):
                deletedRows.append(oldPath)
                continue
            case (false, false): break
            }
            if newOfOld[oldPath.section] == newPath.section {
                survivors[item] = oldPath
                stayers[newPath.section, default: []].append((item, oldPath.row, newPath))
            } else {
                move(item, from: oldPath, to: newPath)
            }
        }
        for section in stayers.keys.sorted() {
            let run = stayers[section] ?? []
            let kept = Set(Self.longestIncreasingRun(run.map(\.oldRow)))
            for entry in run where !kept.contains(entry.oldRow) {
                move(
                    entry.item, from: IndexPath(row: entry.oldRow, section: oldPaths[entry.item]?.section ?? 0),
                    to: entry.new)
            }
        }
        deletedRows.sort()
        insertedRows.sort()
    }

    /// A move of `item`; one that lands on its own index path is a delete and an insert instead,
    /// with a fresh cell, since UIKit rejects a move to the same index path inside a batch (rule 16).
    private mutating func move(_ item: DiffableSnapshot.Item, from: IndexPath, to: IndexPath) {
        if from == to {
            survivors[item] = nil
            deletedRows.append(from)
            insertedRows.append(to)
        } else {
            survivors[item] = from
            movedRows.append((from, to))
        }
    }

    /// The elements of a longest strictly increasing subsequence of `values` (distinct values).
    /// - Complexity: O(n log n).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = []  // index into values of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var run: [Int] = []
        var index = tails.last ?? -1
        while index >= 0 {
            run.append(values[index])
            index = previous[index]
        }
        return run.reversed()
    }
}
