import FetchSimCore
import FetchSimStorage
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
    var emptied: [EmptiedSection] = []
    /// The emptied sections that stayed empty and were removed (their old indexes, ascending).
    var deletedSections: [EmptiedSection] = []
    /// The section key values of the sections the event created, in the order they were created.
    var createdSections: [Value] = []

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
        var lo = 0
        var hi = insertedRanks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if insertedRanks[mid] - mid <= compacted { lo = mid + 1 } else { hi = mid }
        }
        return compacted + lo
    }

    private static func count(_ ascending: [Int], where isBelow: (Int) -> Bool) -> Int {
        var lo = 0
        var hi = ascending.count
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
        // Locals, not the controller's stored properties: each access to one of those is checked
        // for exclusivity at run time. The tracked table is taken (not copied) and put back.
        let tree = self.tree
        let sectionTree = self.sectionTree
        let inexactKeys = self.inexactKeys
        let ordering = tree.ordering
        let keepsListFingerprint = sectionTree == nil && window == nil
        var tracked = self.tracked
        var listFingerprint = self.listFingerprint
        self.tracked = TrackedTable()
        defer {
            self.tracked = tracked
            if keepsListFingerprint { self.listFingerprint = listFingerprint }
        }
        var leaving: [ResultEntry] = []
        var leavingCandidates: [Int] = []
        var entering: [ResultEntry] = []
        var enteringCandidates: [Int] = []
        leaving.reserveCapacity(candidates.count)
        leavingCandidates.reserveCapacity(candidates.count)
        entering.reserveCapacity(candidates.count)
        enteringCandidates.reserveCapacity(candidates.count)
        edits.removedRanks.reserveCapacity(candidates.count)
        edits.insertedRanks.reserveCapacity(candidates.count)
        for i in candidates.indices {
            if candidates[i].leavesTree, let entry = candidates[i].oldEntry {
                leaving.append(entry)
                leavingCandidates.append(i)
            }
            if candidates[i].entersTree, candidates[i].hasNewKey {
                entering.append(ResultEntry(candidates[i], code: candidates[i].newCode))
                enteringCandidates.append(i)
            }
        }

        for j in Self.sortedIndexes(of: leaving, by: ordering, descending: true) {
            let (i, entry) = (leavingCandidates[j], leaving[j])
            var near = OrderStatisticTree<EntryOrdering>.Neighbours()
            guard let position = tree.remove(entry, neighbours: &near) else { continue }
            // An entry that comes back under a new key gets its tracked object replaced below.
            if !candidates[i].entersTree {
                tracked[entry.objectID] = nil
                inexactKeys.remove(entry.objectID)
            }
            edits.removedRanks.append(position.rank)
            let id = entry.objectID.rawValue
            // Its neighbours, from its leaf or (at the leaf's ends) by rank.
            let before =
                near.before?.objectID.rawValue
                ?? (position.rank > 0 ? tree.read(at: position.rank - 1) { $0.objectID.rawValue } : nil)
            let after =
                near.after?.objectID.rawValue
                ?? (position.rank < tree.count ? tree.read(at: position.rank) { $0.objectID.rawValue } : nil)
            if let sectionTree {
                // Section weights still count the entry: its old rank says which section held it.
                guard let section = sectionTree.adjustWeight(containingWeightOffset: position.rank, by: -1) else {
                    continue
                }
                let first = section.weightBefore
                let last = first + section.weight  // the old last row
                section.element.state?.fingerprint.remove(
                    id, after: position.rank > first ? before : nil, before: position.rank < last ? after : nil)
                edits.oldSlots[i] = Slot(
                    section: section.rank, row: position.rank - first, rank: position.rank, value: section.element.value
                )
                if section.weight == 0 {
                    edits.emptied.append(EmptiedSection(value: section.element.value, oldIndex: section.rank))
                }
            } else {
                if keepsListFingerprint { listFingerprint.remove(id, after: before, before: after) }
                edits.oldSlots[i] = Slot(section: 0, row: position.rank, rank: position.rank, value: nil)
            }
        }
        edits.removedRanks.reverse()

        // Every old entry has left: the entering entries' full keys replace the old ones, before
        // any comparison that may need them.
        for (j, i) in enteringCandidates.enumerated() {
            tracked[entering[j].objectID] = TrackedObject(entering[j])
            if entering[j].code.isInexact || !inexactKeys.keys.isEmpty, let key = candidates[i].newKey {
                inexactKeys.update(entering[j].objectID, to: key)
            }
        }
        // A section that leads the sort keys is found from a neighbour that shares it (the
        // first key's bytes are equal) without comparing values; else searched by value.
        let layout = request.layout
        let sectionKeyLeads = request.sectionLabels == nil
        for j in Self.sortedIndexes(of: entering, by: ordering, descending: false) {
            let (i, entry) = (enteringCandidates[j], entering[j])
            var near = OrderStatisticTree<EntryOrdering>.Neighbours()
            let rank = tree.insert(entry, neighbours: &near)
            edits.newRanks[i] = rank
            edits.insertedRanks.append(rank)
            let id = entry.objectID.rawValue
            let beforeEntry = near.before ?? (rank > 0 ? tree.read(at: rank - 1) { $0 } : nil)
            let afterEntry = near.after ?? (rank + 1 < tree.count ? tree.read(at: rank + 1) { $0 } : nil)
            let before = beforeEntry?.objectID.rawValue
            let after = afterEntry?.objectID.rawValue
            if let sectionTree {
                var found: OrderStatisticTree<SectionOrdering>.Adjusted?
                if sectionKeyLeads, !entry.code.isInexact, let length = layout.firstValueLength(of: entry.code) {
                    // Section weights do not count the entry yet: the entry before it sits at
                    // weight offset rank − 1, the one after it at rank.
                    if let beforeEntry, !beforeEntry.code.isInexact,
                        beforeEntry.code.hasSamePrefix(as: entry.code, count: length)
                    {
                        found = sectionTree.adjustWeight(containingWeightOffset: rank - 1, by: 1)
                    } else if let afterEntry, !afterEntry.code.isInexact,
                        afterEntry.code.hasSamePrefix(as: entry.code, count: length)
                    {
                        found = sectionTree.adjustWeight(containingWeightOffset: rank, by: 1)
                    }
                }
                let value = found == nil ? candidates[i].newSection : .null
                if found == nil { found = sectionTree.adjustWeight(of: SectionEntry(value: value), by: 1) }
                let first: Int
                let last: Int
                let state: SectionState?
                if let section = found {
                    (first, last, state) = (
                        section.weightBefore, section.weightBefore + section.weight - 1, section.element.state
                    )
                } else {
                    let created = SectionState()
                    let sectionRank = sectionTree.insert(SectionEntry(value: value, state: created), weight: 1)
                    first = sectionTree.element(at: sectionRank).weightBefore
                    (last, state) = (first, created)
                    edits.createdSections.append(value)
                }
                state?.fingerprint.insert(id, after: rank > first ? before : nil, before: rank < last ? after : nil)
            } else if keepsListFingerprint {
                listFingerprint.insert(id, after: before, before: after)
            }
        }

        if let sectionTree {
            for section in edits.emptied {
                let key = SectionEntry(value: section.value)
                if sectionTree.find(key)?.weight == 0 {
                    sectionTree.remove(key)
                    edits.deletedSections.append(section)
                }
            }
            edits.deletedSections.sort { $0.oldIndex < $1.oldIndex }
        }
        return edits
    }

    /// The indexes of `entries` in the order `ordering` sorts them (or the reverse). Sorting
    /// indexes moves one word per swap; an entry is trivially copyable, so reading one through
    /// the array's subscript touches no reference count. The entries are distinct
    /// (ties are broken by object ID), so the unstable sort gives the one order there is; the
    /// standard library's merge sort costs more per entry for the few of an edit
    /// (docs/performance.md, "The classifier and move lowering").
    /// - Complexity: O(k log k).
    static func sortedIndexes(of entries: [ResultEntry], by ordering: EntryOrdering, descending: Bool) -> [Int] {
        var order = Array(entries.indices)
        if descending {
            UnstableSort.sort(&order) { ordering.areInIncreasingOrder(entries[$1], entries[$0]) }
        } else {
            UnstableSort.sort(&order) { ordering.areInIncreasingOrder(entries[$0], entries[$1]) }
        }
        return order
    }
}

/// A section that lost its last object during an event, with its index before the event.
struct EmptiedSection {
    let value: Value
    let oldIndex: Int
}
