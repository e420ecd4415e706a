import FetchedResults
import ObjectGraph

/// What an app without an incremental controller does after every change: fetch again, sort, and
/// diff the old and new lists of object IDs with the standard library's `difference(from:)`.
struct BenchBaseline {
    let context: ObjectContext
    private let entityName: String
    private let keyIndexes: [Int]
    private(set) var objectIDs: [Int] = []
    /// The number of changes the last diff found (kept so the work cannot be optimised away).
    private(set) var lastDifferenceCount = 0

    init(context: ObjectContext) throws {
        self.context = context
        let request = BenchWorkload.request
        entityName = request.entityName
        let entity = try BenchWorkload.entity()
        keyIndexes = request.sortDescriptors.compactMap { entity.index(of: $0.key) }
        objectIDs = fetchSorted()
    }

    /// Applies `events` to the context one change event at a time, and times `refresh()` after
    /// the `count` events that follow the warm-up (it only refetches after the last warm-up one).
    mutating func measure(_ events: [[BenchEdit]], warmUp: Int, count: Int) throws -> [Double] {
        var samples: [Double] = []
        for (index, edits) in events.enumerated() {
            try BenchWorkload.apply(edits, to: context)
            try context.processPendingChanges()
            if index == warmUp - 1 {
                resynchronise()
            } else if index >= warmUp, samples.count < count {
                samples.append(BenchClock.milliseconds { refresh() })
            }
        }
        return samples
    }

    /// Refetches without diffing, after events the baseline was not timed on.
    mutating func resynchronise() {
        objectIDs = fetchSorted()
    }

    /// Refetches, sorts and diffs against the previous fetch.
    mutating func refresh() {
        let fresh = fetchSorted()
        lastDifferenceCount = fresh.difference(from: objectIDs).count
        objectIDs = fresh
    }

    /// Every object of the entity, sorted by the request's (ascending) keys, then by ID.
    private func fetchSorted() -> [Int] {
        var rows: [(key: [Value], id: Int)] = []
        for object in context.objects(ofEntity: entityName) {
            rows.append((keyIndexes.map { object.values[$0] }, object.objectID.rawValue))
        }
        rows.sort { a, b in
            for i in a.key.indices {
                let c = Value.compare(a.key[i], b.key[i])
                if c != 0 { return c < 0 }
            }
            return a.id < b.id
        }
        return rows.map(\.id)
    }
}
