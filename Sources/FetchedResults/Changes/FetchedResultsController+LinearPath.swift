import FetchSimCore
import FetchSimStorage
import ObjectGraph

/// How the controller brings its results up to date for a change event. Both paths report the
/// same callbacks; only their cost differs (docs/performance.md, "Large events: the linear path").
package enum ChangePath: String, Sendable, CaseIterable {
    /// Linear when the event changes a large share of the results, else incremental.
    case automatic
    /// One tree search per changed object (`mutateTrees`).
    case incremental
    /// One merge of the old order with the entering objects, and trees rebuilt from it.
    case linear
}

extension FetchedResultsController {
    /// An event takes the linear path when its candidates are at least this share of the tracked
    /// objects (1 / factor), and at least `linearPathMinimum` of them. Measured with
    /// `fetchsim bench --path` (docs/performance.md, "Large events: the linear path"): per changed
    /// object the incremental path costs a few tree searches, the linear one a share of a pass
    /// over the whole list; they meet near k = n / 30 at n = 10,000 and 100,000.
    static let linearPathFactor = 24
    static let linearPathMinimum = 256
    /// Whether an event of `count` candidates takes the linear path.
    func usesLinearPath(candidates count: Int) -> Bool {
        switch changePath {
        case .incremental: false
        case .linear: true
        case .automatic: count >= Self.linearPathMinimum && count * Self.linearPathFactor >= tree.count
        }
    }

    /// The linear path of `applyToTrees`: the same old and new slots and section changes, found
    /// in one walk over the old tree's leaves (`LinearMerge`). The walk reads each listed object
    /// in place, gives the candidates met on the way their old slots (one probe of an `IDLookupTable`
    /// per object, no tree search), drops the leaving objects, merges in the entering ones
    /// (sorted), and appends the result straight to new leaves (`OrderStatisticTree.Builder`)
    /// while the sections, their fingerprints and the candidates' new slots are assembled on the
    /// way (`SectionAssembler`).
    ///
    /// An entering entry is placed with one comparison against the last entry of a leaf and a
    /// binary search inside the leaf that holds its place, so a staying entry is never compared.
    /// - Complexity: O(n + s log s + k (log k + log n)) for n tracked objects, s sections and
    ///   k candidates.
    func applyLinearly(_ candidates: inout [Candidate]) -> [SectionChange] {
        typealias Tree = OrderStatisticTree<EntryOrdering>
        // The candidates among the results, by ID: the walk meets each once, at its old rank.
        // Which candidates leave and enter is worked out here from `oldEntry`, `keyChanged` and
        // the new key's plain fields (`hasNewKey`, `newCode`): binding or comparing an optional
        // `SortKey` would copy the key (two values and an array) through generic witnesses and
        // destroy it again, for every candidate.
        var listed = IDLookupTable(capacity: candidates.count)
        var entering: [ResultEntry] = []
        var enteringCandidates: [Int] = []
        entering.reserveCapacity(candidates.count)
        enteringCandidates.reserveCapacity(candidates.count)
        var leaving = [Bool](repeating: false, count: candidates.count)
        var leavingCount = 0
        // A bit per listed ID (IDs are dense): the walk skips untouched objects by it.
        var marks = ObjectIDSet()
        for i in candidates.indices {
            let hasOld = candidates[i].oldEntry != nil
            let changed = candidates[i].keyChanged
            let code: CompactKey? = candidates[i].hasNewKey ? candidates[i].newCode : nil
            if hasOld {
                listed.insert(candidates[i].objectID.rawValue, i)
                marks.insert(candidates[i].objectID)
                if code == nil || changed {
                    leaving[i] = true
                    leavingCount += 1
                }
            }
            if let code, !hasOld || changed {
                entering.append(ResultEntry(candidates[i], code: code))
                enteringCandidates.append(i)
            }
        }
        if StorageChecks.isEnabled { listed.checkInvariants() }
        // The old sections: their values, states, and the rank that ends each.
        var oldValues: [Value] = []
        var oldStates: [SectionState?] = []
        var oldEnds: [Int] = []
        var end = 0
        sectionTree?.forEach { section, weight in
            oldValues.append(section.value)
            oldStates.append(section.state)
            end += weight
            oldEnds.append(end)
            return true
        }
        // The tracked table keeps the strong references the entries do not hold, and the full
        // keys of inexact entries, which the sort and the merge below may compare. Both are
        // used through locals (the table taken and put back): each access to a stored property
        // of the controller is checked for exclusivity at run time, two per candidate before.
        var entersAgain = [Bool](repeating: false, count: candidates.count)
        var tracked = self.tracked
        self.tracked = TrackedTable()
        let inexactKeys = self.inexactKeys
        for (j, i) in enteringCandidates.enumerated() {
            let id = entering[j].objectID
            tracked[id] = TrackedObject(entering[j])
            if entering[j].code.isInexact, let key = candidates[i].newKey {
                inexactKeys.update(id, to: key)
            } else {
                inexactKeys.remove(id)
            }
            entersAgain[i] = true
        }
        for i in candidates.indices where leaving[i] && !entersAgain[i] {
            tracked[candidates[i].objectID] = nil
            inexactKeys.remove(candidates[i].objectID)
        }
        self.tracked = tracked
        let ordering = tree.ordering
        // The entering entries' order: their indexes sorted in place (`UnstableSort`; no two
        // entries are equal under the ordering, which ends with the object ID). An entry is
        // trivially copyable: reading one through the array's subscript touches no reference count.
        var order = Array(entering.indices)
        let entries = entering
        UnstableSort.sort(&order) { ordering.areInIncreasingOrder(entries[$0], entries[$1]) }
        let expectedCount = tree.count - leavingCount + entering.count
        let buffer = linearBuffer ?? Tree.BuilderStorage(capacity: Swift.max(expectedCount, 1))
        linearBuffer = nil
        var merge = LinearMerge(
            buffer: buffer, expectedCount: expectedCount, sectioned: sectionTree != nil,
            oldValues: oldValues, oldStates: oldStates, oldEnds: oldEnds)
        var oldLeaves = tree.leaves
        merge.walk(
            oldLeaves, ordering: ordering, listed: listed, marks: marks, leaving: leaving, entering: entering,
            order: order,
            enteringCandidates: enteringCandidates, candidates: &candidates)

        // The old tree goes first, so that its leaves (held by `oldLeaves` alone then) can be
        // filled again rather than freed while as many new ones are allocated.
        tree = Tree(ordering: ordering, unitWeights: true)
        tree = merge.newTree(ordering: ordering, reusing: &oldLeaves)
        if buffer.byteCount <= keptLinearBufferBytes { linearBuffer = buffer }
        guard let oldSectionTree = sectionTree else {
            listFingerprint = merge.listFingerprint
            return []
        }
        let sections = merge.sections
        sectionTree = OrderStatisticTree(
            ordering: oldSectionTree.ordering, sorted: sections.sections, weights: sections.counts)
        let (deleted, inserted) = sections.insertsAndDeletes(ordering: oldSectionTree.ordering)
        return deleted.map { SectionChange(type: .delete, index: $0, name: sectionName(of: sections.oldValue(at: $0))) }
            + inserted.map {
                SectionChange(type: .insert, index: $0, name: sectionName(of: sections.sections[$0].value))
            }
    }
}
