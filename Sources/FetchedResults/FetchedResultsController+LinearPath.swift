import FetchSimCore
import ObjectGraph

/// How the controller brings its results up to date for a change event. Both paths report the
/// same callbacks; only their cost differs (docs/performance.md, "Large batches").
public enum ChangePath: String, Sendable, CaseIterable {
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
    /// `fetchsim bench` (docs/performance.md, "Large batches"): per changed object the incremental
    /// path costs a few tree searches, the linear one a share of a pass over the whole list.
    static let linearPathFactor = 12
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
    /// by walking the old order once, merging the entering entries into it, and rebuilding the
    /// trees (with their fingerprints) from the result.
    /// - Complexity: O(n + s + k (log n + log s + log k)) for n tracked objects, s sections and
    ///   k candidates.
    func applyLinearly(_ candidates: inout [Candidate]) -> [SectionChange] {
        // Old positions and the old sections, before anything changes.
        var leaving = Set<ObjectID>(minimumCapacity: candidates.count)
        var watched: [ObjectID: Int] = Dictionary(minimumCapacity: candidates.count)
        var entering: [IndexedEntry] = []
        for i in candidates.indices {
            let candidate = candidates[i]
            if let entry = candidate.oldEntry { candidates[i].old = slot(for: entry) }
            if candidate.leavesTree, let entry = candidate.oldEntry { leaving.insert(entry.objectID) }
            if candidate.entersTree, let key = candidate.newKey {
                entering.append(IndexedEntry(index: i, entry: ResultEntry(object: candidate.object, key: key)))
            } else if candidate.newKey != nil {
                watched[candidate.object.objectID] = i   // stays in place: its new rank is read on the walk
            }
        }
        let oldSections: [Value] = sectionTree?.elements.map(\.value) ?? []
        let ordering = tree.ordering
        entering.sort { ordering.areInIncreasingOrder($0.entry, $1.entry) }

        // The new order: the old one without the leaving entries, merged with the entering ones.
        var newRanks = [Int?](repeating: nil, count: candidates.count)
        var merged: [ResultEntry] = []
        merged.reserveCapacity(tree.count - leaving.count + entering.count)
        var next = 0
        tree.forEach { entry, _ in
            guard !leaving.contains(entry.objectID) else { return true }
            while next < entering.count, ordering.areInIncreasingOrder(entering[next].entry, entry) {
                newRanks[entering[next].index] = merged.count
                merged.append(entering[next].entry)
                next += 1
            }
            if let i = watched[entry.objectID] { newRanks[i] = merged.count }
            merged.append(entry)
            return true
        }
        while next < entering.count {
            newRanks[entering[next].index] = merged.count
            merged.append(entering[next].entry)
            next += 1
        }

        // The tracked table keeps the strong references the entries do not hold.
        for id in leaving { tracked[id] = nil }
        for item in entering { tracked[item.entry.objectID] = TrackedObject(item.entry) }
        tree = OrderStatisticTree(ordering: ordering, sorted: merged, unitWeights: true)
        if sectionTree != nil {
            sectionTree = Self.sectionTree(for: merged, ascending: request.ascending[0])
        } else {
            listFingerprint = SequenceFingerprint(merged.lazy.map(\.objectID.rawValue))
        }

        for i in candidates.indices {
            guard let key = candidates[i].newKey, let rank = newRanks[i] else { continue }
            candidates[i].new = slot(atRank: rank, section: key[0].sectionIdentity)
        }
        guard let sectionTree else { return [] }
        return Self.sectionChanges(from: oldSections, to: sectionTree.elements.map(\.value))
    }
}
