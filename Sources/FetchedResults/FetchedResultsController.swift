import FetchSimCore
import FetchSimStorage
import ObjectGraph

/// Keeps the results of a fetch request sorted and sectioned, and reports every change to them
/// with Apple's `NSFetchedResultsController` semantics (docs/semantics.md).
///
/// `performFetch()` fetches silently. With a delegate set, each `objectsDidChange` of the context
/// becomes one change event: the controller updates its state first, then calls
/// willChange → section changes → object changes → didChange, so callbacks see the new state.
/// The state lives in two order-statistic trees (objects by sort key, sections by section key), so
/// an event costs O(k log n) for k changed objects among n fetched ones.
///
/// ```swift
/// // context: Note(title, list) holding Milk (#1), Eggs (#2) and Stamps (#3)
/// let request = FetchRequest(entityName: "Note", sortDescriptors: [SortDescriptor(key: "title")])
/// let controller = try FetchedResultsController(fetchRequest: request, context: context)
/// try controller.performFetch()
/// controller.numberOfObjects(inSection: 0)                         // 3
/// controller.object(at: IndexPath(row: 0, section: 0))?["title"]  // .string("Eggs")
/// controller.indexPath(forObject: stamps)                          // [0, 2]: row 2 of section 0
/// ```
public final class FetchedResultsController {
    /// The request whose results the controller keeps.
    public let fetchRequest: FetchRequest
    /// The context the controller fetches from and observes.
    public let context: ObjectContext
    /// The name of the persistent section cache, as Apple's `cacheName`; nil disables caching.
    public let cacheName: String?
    /// Where the cache called `cacheName` lives.
    let sectionCache: FetchedResultsCache?
    /// The platform behaviour to reproduce; a change takes effect at the next `performFetch()`.
    public var profile: CompatibilityProfile
    /// Receives change events; without a delegate the controller does not track changes (rule 1).
    public weak var delegate: (any FetchedResultsControllerDelegate)? {
        didSet {
            cachedSectionIndexTitles = nil
            delegateLog = Self.delegateLog(for: delegate, sectionNameKeyPath: fetchRequest.sectionNameKeyPath)
            delegateRoles = DelegateRoles(delegate)
        }
    }
    /// Which optional delegate protocols the delegate adopts, worked out when it is set.
    var delegateRoles = DelegateRoles(nil)
    /// What Core Data would log when the current delegate was set: today the warning that a
    /// difference delegate is not supported with a section key path (rule 24).
    package private(set) var delegateLog: [String] = []
    /// What the last change event reported (also when it was delivered as a snapshot or difference).
    package internal(set) var lastChangeSet: ResultsChangeSet?
    /// Whether `performFetch()` has run.
    package private(set) var hasFetched = false
    /// Where the controller reads its request's predicate again at the start of every change
    /// event, as Core Data does (its fetch request is an object the app may change); nil keeps
    /// the request's. A predicate that differs from the one in use replaces it for the objects
    /// that change from then on — the fetched ones stay as fetched until `performFetch()`. One
    /// that cannot be read (the source throws) or bound is ignored.
    ///
    ///     controller.predicateSource = { appRequest.predicate }
    package var predicateSource: (() throws -> Predicate?)?
    /// The predicate in use (the request's, or the last one read from `predicateSource`).
    package internal(set) var currentPredicate: Predicate?
    /// What the last `performFetch()` did with the section cache (nil without a `cacheName`).
    package private(set) var lastCacheUse: CacheUse?
    /// What Core Data would log during the last `performFetch()`: today the line for objects whose
    /// section key is nil, placed in the unnamed section with those whose key is `""`.
    package private(set) var fetchLog: [String] = []

    var request: ResolvedRequest
    var tree: OrderStatisticTree<EntryOrdering>
    /// One entry per section, weighted by its object count; nil without a section key path.
    var sectionTree: OrderStatisticTree<SectionOrdering>?
    /// Every object in the tree, with the sort key it had when it entered the tree. Holds the
    /// strong references that the tree's entries do not (see `ResultEntry`).
    var tracked = TrackedTable()
    /// The full keys of the tree's entries whose compact keys are inexact (shared with `tree.ordering`).
    var inexactKeys: InexactKeys
    /// The fingerprint of the results without a section key path (sections keep their own).
    var listFingerprint = SequenceFingerprint()
    /// `sectionIndexTitles` as last computed; cleared when sections come or go.
    var cachedSectionIndexTitles: [String]?
    /// The materialised window when the strict profile enforces a limit or an offset.
    var window: WindowLayout?
    var isDelivering = false
    /// The faults of a request with a `fetchBatchSize` (FetchedResultsController+Batches.swift).
    var batchFaulting: BatchFaulting?
    /// How change events update the results: `.automatic` (the default) takes the linear path
    /// for events that change a large share of the list; tests and the benchmark force either.
    package var changePath = ChangePath.automatic
    /// The linear path's append buffer, kept between linear events up to `keptLinearBufferBytes`.
    var linearBuffer: OrderStatisticTree<EntryOrdering>.BuilderStorage?
    /// The largest append buffer the linear path keeps for the next linear event (8 MB: 200,000
    /// entries); a larger one is freed with its event, so that a bulk change to a huge list does
    /// not hold its size again in memory afterwards. Tests lower it.
    var keptLinearBufferBytes = 8 << 20
    private var observerToken: ObserverToken?

    /// Creates a controller; the request is checked against the context's schema. With a
    /// `cacheName`, `performFetch()` checks the request against the cache of that name in `cache`
    /// (docs/semantics.md, "cacheName and deleteCache").
    public init(
        fetchRequest: FetchRequest, context: ObjectContext, profile: CompatibilityProfile = .modern,
        cacheName: String? = nil, cache: FetchedResultsCache? = nil
    ) throws(FetchedResultsError) {
        self.fetchRequest = fetchRequest
        self.context = context
        self.cacheName = cacheName
        sectionCache = cacheName == nil ? nil : cache
        self.profile = profile
        request = try ResolvedRequest(fetchRequest, schema: context.schema)
        currentPredicate = fetchRequest.predicate
        inexactKeys = InexactKeys()
        tree = OrderStatisticTree(
            ordering: EntryOrdering(layout: request.layout, inexact: inexactKeys), unitWeights: true)
        observerToken = context.addObserver { [weak self] notification in
            switch notification {
            case .objectsDidChange(let change): self?.handle(change)
            case .objectIDsMutated(let ids): self?.handleIDMutation(ids)
            case .didSave: self?.refreshSectionCacheAfterSave()
            case .willSave: break
            }
        }
    }

    deinit {
        if let observerToken { context.removeObserver(observerToken) }
    }

    /// Whether the profile enforces the fetch window after every event.
    var enforcesWindow: Bool {
        profile == .strict && (request.limit > 0 || request.offset > 0)
    }

    /// Fetches from the context and replaces the current results. Reports no change (rule 5); a
    /// snapshot delegate receives the fetched results as a snapshot (rule 24).
    /// - Complexity: O(n log n) for n matching objects.
    public func performFetch() throws(FetchedResultsError) {
        guard !isDelivering else { throw .fetchDuringChangeDelivery }
        if context.store.compilesFetchesToSQL, let refusal = fetchRequest.transientKeyRefusal(in: context.schema) {
            throw refusal
        }
        if let cacheName, let sectionCache, !profile.checksCacheLikeToday {
            try sectionCache.check(cacheName, configuration: fetchRequest.cacheConfiguration)
        }
        // Today's Core Data restores a cache that passes its check before it computes sections,
        // and then takes the cached sections — names, counts, offsets — as they are, over the
        // objects as fetched now: a stale cache puts objects in the wrong sections, and no order
        // is checked (docs/semantics.md, "A stale cache reused").
        var stamp: CacheStamp?
        var imposed: [ImposedSection]?
        if let cacheName, let sectionCache, profile.checksCacheLikeToday {
            let count = fetchedCount()
            stamp = cacheStamp(objectCount: count)
            if request.sectionIndex != nil, request.limit == 0, request.offset == 0, let stamp,
                let cached = sectionCache.reusableLayout(cacheName, stamp: stamp), !cached.isEmpty
            {
                imposed = cached
            }
        }
        let entries = try fetchIntoTrees(imposing: imposed)
        cachedSectionIndexTitles = nil
        lastChangeSet = nil
        if let cacheName, let sectionCache {
            lastCacheUse = sectionCache.record(
                cacheName, configuration: fetchRequest.cacheConfiguration,
                stamp: stamp ?? cacheStamp(objectCount: entries.count), layout: sectionLayout(),
                checksLikeToday: profile.checksCacheLikeToday)
        }
        batchFaulting =
            fetchRequest.fetchBatchSize > 0
            ? BatchFaulting(size: fetchRequest.fetchBatchSize, ids: entries.map(\.objectID)) : nil
        hasFetched = true
        fetchLog = []
        if let key = fetchRequest.sectionNameKeyPath,
            entries.contains(where: {
                request.sectionLabels == nil
                    ? request.layout.firstValueIsNull($0.code) : request.sectionKeyIsNil(of: $0.object)
            })
        {
            fetchLog.append(
                "CoreData: error: (NSFetchedResultsController) A section returned nil value for section name key path "
                    + "'\(key)'. Objects will be placed in unnamed section")
        }
        // Today's performFetch hands a snapshot delegate the fetched results, nothing to reload
        // (rule 24; the only source is the public decompilation of iOS 26.1's CoreData).
        if let snapshotDelegate = delegate as? any FetchedResultsSnapshotDelegate {
            isDelivering = true
            defer { isDelivering = false }
            snapshotDelegate.controller(self, didChangeContentWith: snapshot())
        }
    }

    /// Fetches the matching objects into the trees and returns them in order. `layout`: sections
    /// Core Data imposes by count over the fetched objects (a reused cache), else nil.
    /// - Complexity: O(n log n) for n matching objects.
    private func fetchIntoTrees(imposing layout: [ImposedSection]?) throws(FetchedResultsError) -> [ResultEntry] {
        // Imposed sections are labelled whatever the sort; otherwise labels only when the
        // section key does not lead it.
        let labelled = layout != nil || !request.sectionKeyLeads
        if (request.sectionLabels != nil) != labelled {
            var resolved = try ResolvedRequest(fetchRequest, schema: context.schema, labelsSections: labelled)
            if currentPredicate != fetchRequest.predicate { _ = try? resolved.rebind(currentPredicate) }
            request = resolved
        }
        let candidates = request.candidates(in: context)
        // Sections in the order the fetch meets them, when the section key does not lead the sort;
        // or cut by count (a grouped fetch, a reused cache).
        if let labels = request.sectionLabels {
            let matching = candidates.filter(request.matches)
            if let layout {
                impose(layout, over: sortedByRequest(matching), labels: labels)
            } else {
                try labelSections(of: matching, labels: labels)
            }
        }
        var entries: [ResultEntry] = []
        entries.reserveCapacity(candidates.count)
        // Candidates come in ID order: without a predicate, they are about the objects tracked.
        var tracked = TrackedTable()
        let inexact = InexactKeys()
        if let first = candidates.first, let last = candidates.last, request.predicate == nil {
            tracked = TrackedTable(spanning: first.objectID, last.objectID, expectedCount: candidates.count)
        }
        collect(candidates, into: &entries, tracked: &tracked, inexact: inexact)
        let ordering = EntryOrdering(layout: request.layout, inexact: inexact)
        if request.sectionLabels != nil, !enforcesWindow, request.offset > 0 || request.limit > 0 {
            // The window is what the request's own sort fetches; sections then group it.
            let keys = entries.map { ordering.fullKey(of: $0) }
            let order = entries.indices.sorted {
                Self.requestOrdered(
                    keys[$0], entries[$0].objectID, keys[$1], entries[$1].objectID,
                    ascending: request.requestAscending)
            }
            entries = order.map { entries[$0] }
        } else {
            EntrySorter.sort(&entries, by: ordering)
        }
        if !enforcesWindow, request.offset > 0 || request.limit > 0 {
            let start = min(request.offset, entries.count)
            let end = request.limit > 0 ? min(start + request.limit, entries.count) : entries.count
            entries = Array(entries[start..<end])
            if request.sectionLabels != nil { EntrySorter.sort(&entries, by: ordering) }
            tracked = TrackedTable()
            for entry in entries { tracked[entry.objectID] = TrackedObject(entry) }
            for id in inexact.keys.keys where tracked[id] == nil { inexact.remove(id) }
        }
        tree = OrderStatisticTree(ordering: ordering, sorted: entries, unitWeights: true)
        self.tracked = tracked
        inexactKeys = inexact
        listFingerprint = SequenceFingerprint()
        if enforcesWindow {
            sectionTree = nil
            window = WindowLayout(
                tree: tree, offset: request.offset, limit: request.limit, isSectioned: request.sectionIndex != nil,
                firstValue: firstValue(of:))
        } else {
            window = nil
            sectionTree = request.sectionIndex.map { _ in sectionTree(for: entries) }
            if sectionTree == nil {
                listFingerprint = Self.fingerprint(of: entries[...])
            }
        }
        return entries
    }

    /// Whether key `a` of object `idA` comes before key `b` of `idB` under the request's own sort
    /// descriptors, past the section label that leads the keys.
    static func requestOrdered(_ a: SortKey?, _ idA: ObjectID, _ b: SortKey?, _ idB: ObjectID, ascending: [Bool])
        -> Bool
    {
        if let a, let b {
            for index in ascending.indices {
                let c = Value.compare(a[index + 1], b[index + 1])
                if c != 0 { return ascending[index] ? c < 0 : c > 0 }
            }
        }
        return idA < idB
    }

    /// The full key `entry` was made from (see `EntryOrdering.fullKey(of:)`).
    func fullKey(of entry: ResultEntry) -> SortKey? {
        tree.ordering.fullKey(of: entry)
    }

    /// The value of the first sort key `entry` was made from (nil when unknown).
    func firstValue(of entry: ResultEntry) -> Value {
        fullKey(of: entry)?[0] ?? .null
    }

    /// Core Data's log line for a delegate that implements the difference callback (and not the
    /// snapshot one) on a controller with a section key path: it gets the per-change callbacks.
    static func delegateLog(for delegate: (any FetchedResultsControllerDelegate)?, sectionNameKeyPath: String?)
        -> [String]
    {
        guard sectionNameKeyPath != nil, let delegate, !(delegate is any FetchedResultsSnapshotDelegate),
            delegate is any FetchedResultsDifferenceDelegate
        else { return [] }
        return [
            "CoreData: warning: Difference delegate method is not supported when fetched results controller is "
                + "configured with a sectionNameKeyPath"
        ]
    }

    /// The fingerprint of the IDs of `entries`, in order, built one append at a time (the
    /// generic `SequenceFingerprint.init` runs unspecialised over a lazy map here).
    /// - Complexity: O(n).
    static func fingerprint(of entries: ArraySlice<ResultEntry>) -> SequenceFingerprint {
        var builder = SequenceFingerprint.Builder()
        for index in entries.indices { builder.append(entries[index].objectID.rawValue) }
        return builder.fingerprint
    }

    /// The section tree of `entries` (sorted, with their full keys in `tree.ordering`): one
    /// section per run of equal section identities. Within a run of exact keys whose first
    /// values encode to the same bytes no value is decoded.
    func sectionTree(for entries: [ResultEntry]) -> OrderStatisticTree<SectionOrdering> {
        var sections: [SectionEntry] = []
        var counts: [Int] = []
        let layout = request.layout
        var start = 0
        while start < entries.count {
            let value = firstValue(of: entries[start]).sectionIdentity
            let code = entries[start].code
            let length = code.isInexact ? nil : layout.firstValueLength(of: code)
            var end = start + 1
            while end < entries.count {
                let next = entries[end].code
                if let length, !next.isInexact, next.hasSamePrefix(as: code, count: length) {
                    end += 1
                } else if Value.compare(value, firstValue(of: entries[end]).sectionIdentity) == 0 {
                    end += 1
                } else {
                    break
                }
            }
            let fingerprint = Self.fingerprint(of: entries[start..<end])
            sections.append(SectionEntry(value: value, state: SectionState(fingerprint: fingerprint)))
            counts.append(end - start)
            start = end
        }
        return OrderStatisticTree(
            ordering: SectionOrdering(ascending: request.ascending[0]), sorted: sections, weights: counts)
    }
}
