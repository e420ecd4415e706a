import ObjectGraph

/// Overlapping the cache misses of one change event: at a million fetched objects the
/// tracked table's slots and the tree's leaves a change reads are rarely cached, and a change
/// handled alone waits for each miss in turn. These steps run before the per-change work and
/// touch what every change of the event will read, with no step of one change waiting on
/// another's, so the CPU keeps many misses in flight at once.
extension FetchedResultsController {
    /// Prefetches the tracked-table slots of the objects `change` reports (a hint: reads nothing
    /// the event depends on). `handle` calls it from `batchSearchMinimumCount` objects on, like
    /// the batch search: below that the table is in the core's caches already.
    /// - Complexity: O(k).
    func prefetchTrackedSlots(for change: ObjectsDidChange) {
        let tracked = self.tracked
        tracked.prefetch(change.inserted)
        tracked.prefetch(change.updated)
        tracked.prefetch(change.deleted)
        tracked.prefetch(change.refreshed)
    }

    /// The tree size from which `findOldSlots(_:)` searches all candidates at once: below it the
    /// tree (about 55 bytes per object) fits in the core's own caches, and interleaving the
    /// searches would only add instructions. A task-local value, so that a test can lower it
    /// (`$batchSearchMinimumCount.withValue(0) { … }`) to run the batch on small trees without
    /// changing it for tests running beside it.
    @TaskLocal static var batchSearchMinimumCount = 1 << 15

    /// Sets the old slot of each candidate that stays in the tree (`leavesTree` false) and has
    /// an old entry. From `batchSearchMinimumCount` objects on, one batch search of the object tree
    /// (`batchSearch(_:ranked:)`) finds them and also searches, for the cache's sake only, the
    /// old entries of leaving candidates and the new entries of entering ones, so the removals
    /// and insertions that follow find their nodes cached; on a smaller tree each is found
    /// alone. Call before the trees change (the ranks are the old ones).
    /// - Complexity: O(k log n).
    func findOldSlots(_ candidates: inout [Candidate]) {
        guard tree.count >= Self.batchSearchMinimumCount else {
            let slots = self.slots
            for i in candidates.indices where !candidates[i].leavesTree {
                if let entry = candidates[i].oldEntry { candidates[i].old = slots.slot(for: entry) }
            }
            return
        }
        // The staying candidates' old entries first (their ranks are wanted), then the rest.
        var keys: [ResultEntry] = []
        var owners: [Int] = []
        keys.reserveCapacity(candidates.count * 2)
        owners.reserveCapacity(candidates.count)
        for i in candidates.indices where !candidates[i].leavesTree {
            if let entry = candidates[i].oldEntry {
                keys.append(entry)
                owners.append(i)
            }
        }
        for i in candidates.indices {
            if candidates[i].leavesTree, let entry = candidates[i].oldEntry { keys.append(entry) }
            if candidates[i].entersTree, candidates[i].hasNewKey {
                keys.append(ResultEntry(candidates[i], code: candidates[i].newCode))
            }
        }
        let hits = tree.batchSearch(keys, ranked: owners.count)
        let slots = self.slots
        for (j, i) in owners.enumerated() where hits[j].isPresent {
            candidates[i].old = slots.slot(ofPresentRank: hits[j].rank)
        }
    }
}
