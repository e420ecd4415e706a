import FetchedResults
import Foundation
import ObjectGraph
import Synchronization

/// The one controller behind both faces of an `NSFetchedResultsController`: the app's
/// (`<Note>`) and the one its delegate receives (`<NSFetchRequestResult>`). It owns the engine's
/// controller and the bridge that turns the engine's callbacks into Apple's.
final class FetchedResultsControllerCore {
    /// An optional delegate method the default implementation ran for.
    enum OptionalMethod: Hashable {
        case snapshot, difference
    }

    let context: NSManagedObjectContext
    /// What the bridge, the delegate's face and the engine's predicate source hold to reach the
    /// core, which they must not keep alive (`CoreLink`).
    let link = CoreLink()
    let sectionNameKeyPath: String?
    let cacheName: String?
    /// The app's request, read at each `performFetch()`.
    let request: any FetchRequestSource
    private(set) var engine: FetchedResultsController?
    weak var delegate: (any NSFetchedResultsControllerDelegate)? {
        didSet { installBridge() }
    }
    /// The face the app made, when it is the `<NSFetchRequestResult>` one; else the core makes
    /// and keeps one for the delegate.
    weak var erasedPrimary: NSFetchedResultsController<NSFetchRequestResult>?
    private var erasedFace: NSFetchedResultsController<NSFetchRequestResult>?
    /// The bridge the engine controller calls (its `delegate` is weak).
    private var bridge: CallbackBridge?
    /// The optional methods whose default ran during the current call.
    private(set) var notImplemented: Set<OptionalMethod> = []
    /// Whether `performFetch()` is running (the engine's snapshot then is the fetch's, not an event's).
    private(set) var isFetching = false
    /// The app's sections, made once per change event: a table's data source asks for them once
    /// per section and per question (`sections?[section].numberOfObjects`), and making them costs
    /// a pass over every section. Kept only while a delegate is set: the engine's controller tells
    /// the bridge of every change event then, and `resultsChanged()` drops them.
    private var cachedSections: [any NSFetchedResultsSectionInfo]?

    init(
        context: NSManagedObjectContext, request: any FetchRequestSource, sectionNameKeyPath: String?,
        cacheName: String?
    ) {
        self.context = context
        self.request = request
        self.sectionNameKeyPath = sectionNameKeyPath
        self.cacheName = cacheName
        link.core = self
        if request.sortDescriptorCount == 0 {
            context.raisedExceptions.raise(
                .invalidArgumentException,
                reason: "An instance of NSFetchedResultsController requires a fetch request with sort descriptors")
        }
        engine = try? makeEngine()
    }

    deinit {
        link.core = nil
    }

    /// The face the delegate receives.
    var delegateFace: NSFetchedResultsController<NSFetchRequestResult> {
        if let erasedPrimary { return erasedPrimary }
        if let erasedFace { return erasedFace }
        let face = NSFetchedResultsController<NSFetchRequestResult>(sharing: self)
        erasedFace = face
        return face
    }

    /// The sections of the current results; nil before the first fetch.
    var sections: [any NSFetchedResultsSectionInfo]? {
        if let cachedSections { return cachedSections }
        guard let engine, engine.hasFetched else { return nil }
        // Each section reads its name and count from the engine when asked: a data source asks
        // for counts, and making every section's name and index title up front cost a string
        // per section per event.
        let source = CurrentSections(engine: engine, context: context)
        let infos: [any NSFetchedResultsSectionInfo] = (0..<engine.numberOfSections).map {
            CurrentSectionInfo(source: source, index: $0)
        }
        if delegate != nil, bridge != nil { cachedSections = infos }
        return infos
    }

    /// The context's object at `indexPath` of the results; nil outside them. The core's own
    /// method, as a data source asks for the object of every row it shows: the context, a
    /// constant, is read without retaining it.
    func managedObject(at indexPath: IndexPath) -> NSManagedObject? {
        guard let object = engine?.object(at: indexPath) else { return nil }
        return context.wrapper(for: object)
    }

    /// The context's object for the engine's `object`, for a change callback.
    func wrapper(for object: ManagedObject) -> NSManagedObject {
        context.wrapper(for: object)
    }

    /// The results changed (a change event begins, or a fetch): the sections are made again on
    /// the next question.
    func resultsChanged() {
        cachedSections = nil
    }

    func markNotImplemented(_ method: OptionalMethod) {
        notImplemented.insert(method)
    }

    // MARK: The engine's controller

    private func makeEngine() throws(CoreDataError) -> FetchedResultsController {
        let engineContext = try context.requireEngine()
        let engineRequest = try request.engineRequest(sectionNameKeyPath: sectionNameKeyPath)
        do {
            let engine = try FetchedResultsController(
                fetchRequest: engineRequest, context: engineContext, cacheName: cacheName,
                cache: context.persistentStoreCoordinator?.sectionCaches)
            // Core Data reads the request's predicate again at every change: an app that sets
            // `fetchRequest.predicate` changes which changed objects enter or leave, before any refetch.
            engine.predicateSource = { [link] in
                guard let self = link.core else { return engineRequest.predicate }
                return try self.request.engineRequest(sectionNameKeyPath: self.sectionNameKeyPath).predicate
            }
            return engine
        } catch {
            throw .fetch("NSFetchedResultsController for '\(engineRequest.entityName)': \(error)")
        }
    }

    /// Fetches, making a new engine controller when the request changed since the last fetch
    /// (Core Data lets an app change the request of a controller without a cache, then refetch).
    func performFetch() throws(CoreDataError) {
        let wanted = try request.engineRequest(sectionNameKeyPath: sectionNameKeyPath)
        if engine == nil || !(engine.map { Self.same($0.fetchRequest, wanted) } ?? false)
            || engine?.context !== context.engine
        {
            engine = try makeEngine()
            installBridge()
        }
        guard let engine else { return }
        resultsChanged()
        lastSnapshot = nil
        isFetching = true
        defer { isFetching = false }
        do {
            try engine.performFetch()
        } catch {
            throw .fetch("\(error)")
        }
    }

    private static func same(_ a: FetchRequest, _ b: FetchRequest) -> Bool {
        a.entityName == b.entityName && a.predicate == b.predicate && a.sortDescriptors == b.sortDescriptors
            && a.sectionNameKeyPath == b.sectionNameKeyPath && a.fetchLimit == b.fetchLimit
            && a.fetchOffset == b.fetchOffset
            && a.fetchBatchSize == b.fetchBatchSize
    }

    // MARK: The bridge

    /// Gives the engine controller the bridge for what the delegate's class is known to implement.
    func installBridge() {
        resultsChanged()
        lastSnapshot = nil
        guard let engine else { return }
        guard let delegate else {
            bridge = nil
            engine.delegate = nil
            return
        }
        let roles = DelegateRoles.known(for: type(of: delegate))
        let sectioned = sectionNameKeyPath != nil
        let bridge: CallbackBridge
        switch (roles.snapshot, roles.difference) {
        case (true?, _):
            bridge = SnapshotBridge(core: self)
        case (false?, true?):
            bridge = DifferenceBridge(core: self)
        case (false?, false?):
            bridge = CallbackBridge(core: self)
        case (false?, nil) where sectioned:
            // With a section key path Core Data never delivers a difference: no need to learn it.
            bridge = CallbackBridge(core: self)
        default:
            bridge = ProbingBridge(core: self)
        }
        self.bridge = bridge
        engine.delegate = bridge
    }

    /// Calls the delegate's snapshot or difference method, or the four callbacks, for one engine
    /// snapshot delivery, learning which the delegate implements (see `ProbingBridge`).
    func deliverProbing(from engine: FetchedResultsController, snapshot: ResultsSnapshot, bridge: CallbackBridge) {
        guard let delegate else { return }
        let face = delegateFace
        let delegateType = type(of: delegate)
        var roles = DelegateRoles.known(for: delegateType)
        defer {
            DelegateRoles.learn(roles, for: delegateType)
            if roles.snapshot == true || roles.difference != nil || sectionNameKeyPath != nil { installBridge() }
        }
        if roles.snapshot != false {
            notImplemented = []
            delegate.controller(face, didChangeContentWith: managedSnapshot(snapshot))
            if !notImplemented.contains(.snapshot) {
                roles.snapshot = true
                return
            }
            roles.snapshot = false
        }
        guard !isFetching, let changes = engine.lastChangeSet else { return }
        if sectionNameKeyPath == nil, roles.difference != false,
            let difference = FetchedResultsController.difference(for: changes)
        {
            notImplemented = []
            delegate.controller(face, didChangeContentWith: Self.managedDifference(difference, in: self))
            if !notImplemented.contains(.difference) {
                roles.difference = true
                return
            }
            roles.difference = false
        }
        engine.deliverCallbacks(changes, to: bridge)
    }

    /// The engine's difference of object IDs as one of `NSManagedObjectID`s.
    static func managedDifference(_ difference: CollectionDifference<ObjectID>, in core: FetchedResultsControllerCore)
        -> CollectionDifference<NSManagedObjectID>
    {
        let steps: [CollectionDifference<NSManagedObjectID>.Change] = difference.map { change in
            switch change {
            case .insert(let offset, let id, let associated):
                .insert(offset: offset, element: core.managedID(id), associatedWith: associated)
            case .remove(let offset, let id, let associated):
                .remove(offset: offset, element: core.managedID(id), associatedWith: associated)
            }
        }
        // The engine's difference is valid, and the mapping keeps its offsets and pairs.
        return CollectionDifference(steps) ?? [NSManagedObjectID]().difference(from: [])
    }

    /// The engine's snapshot as Apple's untyped one: section names (a fixed UUID string for the one
    /// section of a controller without a section key path) and managed object IDs, the moved and
    /// updated objects marked for reload.
    func managedSnapshot(_ snapshot: ResultsSnapshot) -> NSDiffableDataSourceSnapshotReference {
        let generation = context.objectIDGeneration.value
        let names = snapshot.sections.map { sectionNameKeyPath == nil ? Self.unnamedSectionIdentifier : $0.name }
        var typed: NSDiffableDataSourceSnapshot<String, NSManagedObjectID>
        if let last = lastSnapshot, last.generation == generation, last.typed.sectionIdentifiers == names {
            // A change event changes a few rows of a few sections: the others keep the managed
            // IDs of the last snapshot (the same objects' IDs, none of which can have changed in
            // the meantime) and their entries in its item table. Within a changed section only
            // the rows between the common first and last ones are mapped and entered again.
            var replaced: [(index: Int, rows: Range<Int>, items: [NSManagedObjectID])] = []
            for (index, section) in snapshot.sections.enumerated() {
                let new = section.objectIDs
                guard let changed = last.sections[index].objectIDs.changedRows(to: new) else { continue }
                replaced.append((index, changed.old, new[changed.new].map(managedID)))
            }
            typed = last.typed.copyWithNewLog()
            typed.replaceItemsUnchecked(replaced)
        } else {
            typed = NSDiffableDataSourceSnapshot(
                uncheckedSections: zip(names, snapshot.sections).map { ($0, $1.objectIDs.map(managedID)) })
        }
        lastSnapshot = LastManagedSnapshot(generation: generation, sections: snapshot.sections, typed: typed)
        // The engine marks each moved or updated object once, and both are in its results.
        if !snapshot.reloadedObjectIDs.isEmpty { typed.reloadItemsUnchecked(snapshot.reloadedObjectIDs.map(managedID)) }
        return NSDiffableDataSourceSnapshotReference(typed)
    }

    /// The snapshot `managedSnapshot` made last, without its reload marks, with the engine's
    /// sections it was made of and the context's ID generation then; dropped when the engine
    /// controller may change (a fetch, a new bridge).
    private var lastSnapshot: LastManagedSnapshot?

    private struct LastManagedSnapshot {
        let generation: Int
        let sections: [ResultsSnapshot.Section]
        let typed: NSDiffableDataSourceSnapshot<String, NSManagedObjectID>
    }

    /// The identifier of the one section of a controller without a section key path: Core Data
    /// uses a UUID string there; FetchSim's is fixed, so runs are repeatable.
    static let unnamedSectionIdentifier = "00000000-0000-0000-0000-000000000000"

    /// The managed object ID of the engine's `id`, through the context's object.
    func managedID(_ id: ObjectID) -> NSManagedObjectID {
        if let object = context.existingWrapper(for: id) { return object.objectID }
        let entity = context.model?.entitiesByName[request.entityName ?? ""] ?? NSEntityDescription()
        return NSManagedObjectID(
            entity: entity, engineID: id, storeIdentifier: context.storeIdentifier, isTemporaryID: false)
    }
}

/// A reference to a core that does not keep it alive, without a weak reference: a weakly
/// referenced object takes the runtime's slow path for every retain and release, and the core
/// is retained at every question a data source asks (`object(at:)`, `sections`). The core sets
/// `core` when made and clears it as it goes, so a holder that outlives it reads nil.
final class CoreLink {
    unowned var core: FetchedResultsControllerCore?
}

/// What is known, per delegate class, of the optional methods it implements: nil until learned.
struct DelegateRoles: Sendable {
    var snapshot: Bool?
    var difference: Bool?

    private static let known = Mutex<[ObjectIdentifier: DelegateRoles]>([:])

    static func known(for type: AnyObject.Type) -> DelegateRoles {
        known.withLock { $0[ObjectIdentifier(type)] } ?? DelegateRoles()
    }

    static func learn(_ roles: DelegateRoles, for type: AnyObject.Type) {
        known.withLock { $0[ObjectIdentifier(type)] = roles }
    }
}

/// The app's fetch request as the core reads it, whatever its result type.
protocol FetchRequestSource: AnyObject {
    var entityName: String? { get }
    var sortDescriptorCount: Int { get }
    func engineRequest(sectionNameKeyPath: String?) throws(CoreDataError) -> FetchRequest
    func copy<T>(as type: T.Type) -> NSFetchRequest<T>
}

extension NSFetchRequest: FetchRequestSource {
    var sortDescriptorCount: Int { sortDescriptors?.count ?? 0 }

    func copy<T>(as type: T.Type) -> NSFetchRequest<T> {
        let copy = NSFetchRequest<T>()
        copy.entityName = entityName
        copy.entity = entity
        copy.predicate = predicate
        copy.sortDescriptors = sortDescriptors
        copy.fetchLimit = fetchLimit
        copy.fetchOffset = fetchOffset
        copy.fetchBatchSize = fetchBatchSize
        copy.resultType = resultType
        return copy
    }
}
