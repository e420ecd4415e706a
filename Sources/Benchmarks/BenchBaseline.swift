import FetchedResults
import ObjectGraph

/// What an app without an incremental controller does after every change: fetch again and sort,
/// then diff the old and new lists — with the standard library's `difference(from:)` over the
/// flat list of object IDs, or with a sectioned Heckel-style diff (`HeckelDiff`) as the diffing
/// libraries apps use do. The three stages are timed apart, so each diff can be compared with the
/// controller without the refetch. The context's own `processPendingChanges()` — the change event
/// an app pays whichever way it updates its list — is timed as a stage of its own too (`context`),
/// since the controller's figure includes its context's event.
struct BenchBaseline {
    let context: ObjectContext
    private let entityName: String
    private let keyIndexes: [Int]
    private let sectionKeyIndex: Int
    /// The request's filter, which the refetch applies as a fetch does.
    private let predicate: BoundPredicate?
    private(set) var objectIDs: [Int] = []
    private(set) var sections = SectionedIDs()
    /// The number of changes the last diffs found (kept so the work cannot be optimised away).
    private(set) var lastDifferenceCount = 0
    private(set) var lastHeckelCount = 0

    /// Milliseconds of each stage for one event.
    struct Sample {
        /// The context's `processPendingChanges()` (nothing observes this context).
        var context = 0.0
        var refetch: Double
        var difference: Double
        var heckel: Double
    }

    init(context: ObjectContext, request: FetchRequest = BenchWorkload.request) throws {
        self.context = context
        entityName = request.entityName
        guard let entity = context.schema.entity(named: entityName) else {
            throw BenchError(description: "the benchmark's store has no entity '\(entityName)'")
        }
        keyIndexes = request.sortDescriptors.compactMap { entity.index(of: $0.key) }
        do {
            predicate = try request.predicate?.bound(to: entity)
        } catch {
            throw BenchError(description: "the benchmark's filter does not fit '\(entityName)': \(error)")
        }
        guard let section = request.sectionNameKeyPath.flatMap(entity.index(of:)) else {
            throw BenchError(description: "the benchmark's request has no section key")
        }
        sectionKeyIndex = section
        resynchronise()
    }

    /// Applies `events` to the context one change event at a time, and times the context's event
    /// and `refresh()` for the `count` events that follow the warm-up (it only refetches after the
    /// last warm-up one).
    mutating func measure(_ events: [[BenchEdit]], warmUp: Int, count: Int) throws -> [Sample] {
        var samples: [Sample] = []
        for (index, edits) in events.enumerated() {
            try BenchWorkload.apply(edits, to: context, entity: entityName)
            let sampled = index >= warmUp && samples.count < count
            let contextMs = try BenchClock.milliseconds { try context.processPendingChanges() }
            if index == warmUp - 1 {
                resynchronise()
            } else if sampled {
                var sample = refresh()
                sample.context = contextMs
                samples.append(sample)
            }
        }
        return samples
    }

    /// Refetches without diffing, after events the baseline was not timed on.
    mutating func resynchronise() {
        (objectIDs, sections) = fetchSorted()
    }

    /// Refetches and sorts, then diffs against the previous fetch both ways.
    mutating func refresh() -> Sample {
        var fresh: (ids: [Int], sections: SectionedIDs) = ([], SectionedIDs())
        let refetch = BenchClock.milliseconds { fresh = fetchSorted() }
        let difference = BenchClock.milliseconds { lastDifferenceCount = fresh.ids.difference(from: objectIDs).count }
        let heckel = BenchClock.milliseconds { lastHeckelCount = HeckelDiff(from: sections, to: fresh.sections).count }
        (objectIDs, sections) = fresh
        return Sample(refetch: refetch, difference: difference, heckel: heckel)
    }

    /// Every object of the entity that the filter accepts, sorted by the request's (ascending)
    /// keys, then by ID; flat and in sections of equal section key.
    private func fetchSorted() -> (ids: [Int], sections: SectionedIDs) {
        var rows: [(key: [Value], id: Int)] = []
        for object in context.objects(ofEntity: entityName) where predicate?.evaluate(object.values) ?? true {
            rows.append((keyIndexes.map { object.values[$0] }, object.objectID.rawValue))
        }
        rows.sort { a, b in
            for i in a.key.indices {
                let c = Value.compare(a.key[i], b.key[i])
                if c != 0 { return c < 0 }
            }
            return a.id < b.id
        }
        // The section key is the first sort key, so equal section values are adjacent.
        let sectionPosition = keyIndexes.firstIndex(of: sectionKeyIndex) ?? 0
        var sections = SectionedIDs()
        for row in rows {
            let name = row.key[sectionPosition]
            if sections.names.last != name {
                sections.names.append(name)
                sections.ids.append([])
            }
            sections.ids[sections.ids.count - 1].append(row.id)
        }
        return (rows.map(\.id), sections)
    }
}
