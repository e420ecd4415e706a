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
    /// by walking the old order once — which gives the old slots of the candidates met on the way
    /// (one probe of an `IDLookup` per listed object, no tree search) — merging the entering
    /// entries into it, and rebuilding the trees (with their fingerprints) from the result.
    /// - Complexity: O(n + s + k (log s + log k)) for n tracked objects, s sections and
    ///   k candidates.
    func applyLinearly(_ candidates: inout [Candidate]) -> [SectionChange] {
        // The candidates among the results, by ID: the walk meets each once, at its old rank.
        var listed = IDLookup(capacity: candidates.count)
        var entering: [ResultEntry] = [], enteringCandidates: [Int] = []
        var leavingCount = 0
        for i in candidates.indices {
            let candidate = candidates[i]
            if candidate.oldEntry != nil { listed.insert(candidate.object.objectID.rawValue, i) }
            if candidate.leavesTree { leavingCount += 1 }
            if candidate.entersTree, let key = candidate.newKey {
                entering.append(ResultEntry(object: candidate.object, key: key))
                enteringCandidates.append(i)
            }
        }
        // The old sections: their values, and the rank that ends each.
        var oldSections: [Value] = [], oldEnds: [Int] = []
        var end = 0
        sectionTree?.forEach { section, weight in
            oldSections.append(section.value)
            end += weight
            oldEnds.append(end)
            return true
        }
        // The tracked table keeps the strong references the entries do not hold, and the full
        // keys of inexact entries, which the sort and the merge below may compare.
        for i in candidates.indices {
            if candidates[i].entersTree, let key = candidates[i].newKey {
                tracked[candidates[i].object.objectID] = TrackedObject(object: candidates[i].object, key: key)
                inexactKeys.update(candidates[i].object.objectID, to: key)
            } else if candidates[i].leavesTree {
                tracked[candidates[i].object.objectID] = nil
                inexactKeys.remove(candidates[i].object.objectID)
            }
        }
        let ordering = tree.ordering
        let order = Self.sortedIndexes(of: entering, by: ordering, descending: false)

        // One walk: old slots of the listed candidates, and the new order — the old one without
        // the leaving entries, merged with the entering ones.
        var newRanks = [Int](repeating: -1, count: candidates.count)
        var merged: [ResultEntry] = []
        merged.reserveCapacity(tree.count - leavingCount + entering.count)
        var rank = 0, section = 0, sectionStart = 0, next = 0
        let sectioned = sectionTree != nil
        tree.forEach { entry, _ in
            while section < oldEnds.count, rank >= oldEnds[section] {
                sectionStart = oldEnds[section]
                section += 1
            }
            let i = listed.value(of: entry.objectID.rawValue)
            if i >= 0 {
                candidates[i].old = sectioned
                    ? Slot(path: IndexPath(row: rank - sectionStart, section: section), rank: rank, section: oldSections[section])
                    : Slot(path: IndexPath(row: rank, section: 0), rank: rank, section: nil)
            }
            rank += 1
            if i >= 0, candidates[i].leavesTree { return true }
            while next < order.count, ordering.areInIncreasingOrder(entering[order[next]], entry) {
                newRanks[enteringCandidates[order[next]]] = merged.count
                merged.append(entering[order[next]])
                next += 1
            }
            if i >= 0 { newRanks[i] = merged.count }
            merged.append(entry)
            return true
        }
        while next < order.count {
            newRanks[enteringCandidates[order[next]]] = merged.count
            merged.append(entering[order[next]])
            next += 1
        }

        tree = OrderStatisticTree(ordering: ordering, sorted: merged, unitWeights: true)
        if sectionTree != nil {
            sectionTree = sectionTree(for: merged)
        } else {
            listFingerprint = merged.withUnsafeBufferPointer { Self.fingerprint(of: $0[...]) }
        }

        for i in candidates.indices where newRanks[i] >= 0 {
            guard let key = candidates[i].newKey else { continue }
            candidates[i].new = slot(atRank: newRanks[i], section: key[0].sectionIdentity)
        }
        guard let sectionTree else { return [] }
        return sectionChanges(from: oldSections, to: sectionTree.elements.map(\.value))
    }
}
