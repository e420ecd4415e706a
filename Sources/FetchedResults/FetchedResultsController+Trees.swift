import FetchSimCore
import ObjectGraph

/// What updating the trees for one event learnt, per candidate (by index).
struct TreeEdits {
    /// Where each leaving candidate was (nil for the others).
    var oldSlots: [Slot?]
    /// The final global rank of each entering candidate (nil for the others).
    var newRanks: [Int?]
    /// The old global ranks of the leaving entries, ascending.
    var removedRanks: [Int] = []
    /// The final global ranks of the entering entries, ascending.
    var insertedRanks: [Int] = []
    /// The sections that became empty on the way, with their index before the event, whether or
    /// not entering objects refilled them.
    var emptied: [(value: Value, oldIndex: Int)] = []

    init(count: Int) {
        oldSlots = Array(repeating: nil, count: count)
        newRanks = Array(repeating: nil, count: count)
    }

    /// The final global rank of an entry that neither left nor entered, from its old rank: it
    /// loses the removed entries before it and gains the inserted ones that land before it.
    /// - Complexity: O(log k).
    func finalRank(ofStayingRank rank: Int) -> Int {
        let compacted = rank - Self.count(removedRanks) { $0 < rank }
        // The j-th inserted entry (final rank p) has p − j staying entries before it; it lands
        // before ours when that is at most our compacted rank.
        var lo = 0, hi = insertedRanks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if insertedRanks[mid] - mid <= compacted { lo = mid + 1 } else { hi = mid }
        }
        return compacted + lo
    }

    private static func count(_ ascending: [Int], where isBelow: (Int) -> Bool) -> Int {
        var lo = 0, hi = ascending.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if isBelow(ascending[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

extension FetchedResultsController {
    /// Removes leaving entries and inserts entering ones, keeping section weights and
    /// fingerprints, and drops the sections left empty.
    ///
    /// Leaving entries go in descending order, so each removal's rank is the entry's old rank;
    /// entering ones in ascending order after all removals, so each insertion's rank is final.
    /// Together with `TreeEdits.finalRank(ofStayingRank:)` that gives every old and new position
    /// with one search per changed entry.
    /// - Complexity: O(k (log n + log s + log k)); sections are searched by value only for
    ///   entering entries and emptied sections.
    @discardableResult
    func mutateTrees(_ candidates: [Candidate]) -> TreeEdits {
        var edits = TreeEdits(count: candidates.count)
        let ordering = tree.ordering
        var leaving: [IndexedEntry] = []
        var entering: [IndexedEntry] = []
        for i in candidates.indices {
            if candidates[i].leavesTree, let entry = candidates[i].oldEntry { leaving.append(IndexedEntry(index: i, entry: entry)) }
            if candidates[i].entersTree, let key = candidates[i].newKey {
                entering.append(IndexedEntry(index: i, entry: ResultEntry(object: candidates[i].object, key: key)))
            }
        }
        leaving.sort { ordering.areInIncreasingOrder($1.entry, $0.entry) }
        entering.sort { ordering.areInIncreasingOrder($0.entry, $1.entry) }

        for item in leaving {
            let (i, entry) = (item.index, item.entry)
            guard let position = tree.remove(entry) else { continue }
            tracked[entry.objectID] = nil
            edits.removedRanks.append(position.rank)
            let id = entry.objectID.rawValue
            let (before, after) = tree.read(at: position.rank - 1, and: position.rank) { $0.objectID.rawValue }
            if let sectionTree {
                // Section weights still count the entry: its old rank says which section held it.
                guard let (sectionRank, first) = sectionTree.rank(containingWeightOffset: position.rank) else { continue }
                let section = sectionTree.element(at: sectionRank)
                let last = first + section.weight - 1
                section.element.state?.fingerprint.remove(
                    id, after: position.rank > first ? before : nil, before: position.rank < last ? after : nil)
                sectionTree.addWeight(-1, atRank: sectionRank)
                edits.oldSlots[i] = Slot(
                    path: IndexPath(row: position.rank - first, section: sectionRank), rank: position.rank, section: entry.key[0].sectionIdentity)
                if section.weight == 1 { edits.emptied.append((section.element.value, sectionRank)) }
            } else {
                if window == nil { listFingerprint.remove(id, after: before, before: after) }
                edits.oldSlots[i] = Slot(path: IndexPath(row: position.rank, section: 0), rank: position.rank, section: nil)
            }
        }
        edits.removedRanks.reverse()

        for item in entering {
            let (i, entry) = (item.index, item.entry)
            let rank = tree.insert(entry)
            tracked[entry.objectID] = TrackedObject(entry)
            edits.newRanks[i] = rank
            edits.insertedRanks.append(rank)
            let id = entry.objectID.rawValue
            let (before, after) = tree.read(at: rank - 1, and: rank + 1) { $0.objectID.rawValue }
            if let sectionTree {
                let sectionRank: Int
                if let found = sectionTree.find(SectionEntry(value: entry.key[0].sectionIdentity)) {
                    sectionRank = found.rank
                    sectionTree.addWeight(1, atRank: sectionRank)
                } else {
                    sectionRank = sectionTree.insert(SectionEntry(value: entry.key[0].sectionIdentity, state: SectionState()), weight: 1)
                }
                let section = sectionTree.element(at: sectionRank)
                let (first, last) = (section.weightBefore, section.weightBefore + section.weight - 1)
                section.element.state?.fingerprint.insert(
                    id, after: rank > first ? before : nil, before: rank < last ? after : nil)
            } else if window == nil {
                listFingerprint.insert(id, after: before, before: after)
            }
        }

        if let sectionTree {
            for section in edits.emptied {
                let key = SectionEntry(value: section.value)
                if sectionTree.find(key)?.weight == 0 { sectionTree.remove(key) }
            }
        }
        return edits
    }
}

/// A tree entry and the index of its candidate (a struct, not a tuple: tuples are copied through
/// generic runtime witnesses).
struct IndexedEntry {
    let index: Int
    let entry: ResultEntry
}
