import ObjectGraph

/// Faulting in batches, as `fetchBatchSize` makes Core Data do (docs/semantics.md,
/// "fetchBatchSize"): `performFetch()` gets the objects' IDs only, every fetched object is a fault,
/// and the first access to one (`object(at:)`) fetches the whole batch of `fetchBatchSize`
/// objects around its position in the results; objects that enter the results later are already
/// in memory. FetchSim keeps every object in memory anyway: this models the count of fetches.
final class BatchFaulting {
    let size: Int
    /// The fetched objects not yet fetched in a batch.
    var faults: Set<ObjectID>
    /// How many batches have been fetched since `performFetch()`.
    var batches = 0

    init(size: Int, ids: [ObjectID]) {
        self.size = size
        faults = Set(ids)
    }
}

extension FetchedResultsController {
    /// The batch size the controller fetches in: the request's `fetchBatchSize`, 0 for all at once.
    public var fetchBatchSize: Int { batchFaulting?.size ?? 0 }

    /// How many batches `object(at:)` has fetched since `performFetch()` (0 without a batch size).
    public var numberOfBatchesFetched: Int { batchFaulting?.batches ?? 0 }

    /// How many fetched objects are still faults, never read since `performFetch()`.
    public var numberOfFaults: Int { batchFaulting?.faults.count ?? 0 }

    /// Runs `body` with faults left alone: reads made by an observer that is not the app (the
    /// consistency check) fetch no batches.
    package func withoutFiringFaults<T>(_ body: () -> T) -> T {
        let saved = batchFaulting
        batchFaulting = nil
        defer { batchFaulting = saved }
        return body()
    }

    /// Fires the fault of the object at global rank `rank`, if it is one: fetches its batch, the
    /// `fetchBatchSize` objects of ranks `[rank / size * size, +size)`.
    /// - Complexity: O(1) when the object is in memory, O(size + log n) when it is a fault.
    func fireFault(at rank: Int, of object: ManagedObject) {
        guard let batchFaulting, batchFaulting.faults.contains(object.objectID) else { return }
        let start = rank / batchFaulting.size * batchFaulting.size
        let end = min(start + batchFaulting.size, numberOfFetchedObjects)
        for fetched in objects(inRanks: start..<end) { batchFaulting.faults.remove(fetched.objectID) }
        batchFaulting.faults.remove(object.objectID)
        batchFaulting.batches += 1
    }
}
