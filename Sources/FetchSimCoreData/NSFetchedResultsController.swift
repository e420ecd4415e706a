import FetchedResults
import Foundation
import ObjectGraph

/// Keeps the results of a fetch request sorted and sectioned and reports every change to its
/// delegate, as Core Data's `NSFetchedResultsController` — the engine's controller
/// (`FetchedResults.FetchedResultsController`, docs/semantics.md) under Apple's names.
///
/// ```swift
/// let request: NSFetchRequest<Note> = Note.fetchRequest()
/// request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
/// let controller = NSFetchedResultsController(fetchRequest: request, managedObjectContext: context,
///                                             sectionNameKeyPath: nil, cacheName: nil)
/// controller.delegate = self
/// try controller.performFetch()
/// let first = controller.object(at: IndexPath(row: 0, section: 0))   // a Note
/// ```
///
/// The generic parameter is unconstrained (an existential does not conform to its protocol
/// without Objective-C, so `NSFetchedResultsController<NSFetchRequestResult>` — the delegate
/// methods' type — needs it so). The delegate receives the controller as
/// `NSFetchedResultsController<NSFetchRequestResult>` while the app holds `<Note>`: two Swift
/// objects, one controller. `controller === fetchedResultsController` (and `==`) answers true for
/// the two faces of one controller, as it does on Apple's platforms where they are one object;
/// `ObjectIdentifier`s differ. An app that declares its controller `<NSFetchRequestResult>` gets
/// the very object back.
///
/// Where Core Data raises — `object(at:)` outside the results, a request without sort
/// descriptors — FetchSim records the exception in the context's `raisedExceptions`.
public final class NSFetchedResultsController<ResultType> {
    /// Set for the app's face; the delegate's face only borrows the core, so that the core can
    /// keep that face without a cycle.
    private let ownedCore: FetchedResultsControllerCore?
    private let borrowedCore: CoreLink?
    var core: FetchedResultsControllerCore? { ownedCore ?? borrowedCore?.core }
    private let ownRequest: NSFetchRequest<ResultType>?

    /// A controller of `fetchRequest`'s results in `context`, grouped into sections by
    /// `sectionNameKeyPath`, its sections cached under `cacheName` (see ``deleteCache(withName:)``).
    public init(
        fetchRequest: NSFetchRequest<ResultType>, managedObjectContext context: NSManagedObjectContext,
        sectionNameKeyPath: String?, cacheName name: String?
    ) {
        let core = FetchedResultsControllerCore(
            context: context, request: fetchRequest, sectionNameKeyPath: sectionNameKeyPath, cacheName: name)
        ownedCore = core
        borrowedCore = nil
        ownRequest = fetchRequest
        if let erased = self as? NSFetchedResultsController<NSFetchRequestResult> { core.erasedPrimary = erased }
    }

    /// The delegate's face of `core`.
    init(sharing core: FetchedResultsControllerCore) {
        ownedCore = nil
        borrowedCore = core.link
        ownRequest = nil
    }

    // MARK: Configuration

    /// The request; change its predicate or sort descriptors, then call `performFetch()` again
    /// (without a cache). The delegate's face returns a copy of the app's request.
    public var fetchRequest: NSFetchRequest<ResultType> {
        ownRequest ?? core?.request.copy(as: ResultType.self) ?? NSFetchRequest<ResultType>()
    }

    /// The context the controller fetches from and observes.
    public var managedObjectContext: NSManagedObjectContext {
        core?.context ?? NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
    }

    /// The key path whose value names each object's section; nil for one section.
    public var sectionNameKeyPath: String? { core?.sectionNameKeyPath }
    /// The name of the section cache; nil for none.
    public var cacheName: String? { core?.cacheName }

    /// Receives the change events; without one the controller does not track changes. Held weakly.
    public var delegate: (any NSFetchedResultsControllerDelegate)? {
        get { core?.delegate }
        set { core?.delegate = newValue }
    }

    /// Deletes the section cache called `name` (every cache for nil), as Core Data's class method.
    ///
    /// Apple's documentation asks for it before the request of a controller with a cache changes
    /// (docs/semantics.md, "cacheName and deleteCache", says what Core Data and FetchSim do
    /// without it).
    ///
    /// ```swift
    /// NSFetchedResultsController<NSFetchRequestResult>.deleteCache(withName: "Notes")
    /// controller.fetchRequest.predicate = NSPredicate(format: "done == NO")
    /// try controller.performFetch()
    /// ```
    public class func deleteCache(withName name: String?) {
        for coordinator in CoordinatorRegistry.all { coordinator.sectionCaches.deleteCache(withName: name) }
    }

    // MARK: Fetching

    /// Fetches the results, reporting no change; throws for a request the engine cannot run
    /// (an unknown entity or key, no sort descriptors, sections out of order, a cache mismatch).
    public func performFetch() throws {
        guard let core else { throw CoreDataError.fetch("the controller is gone") }
        try core.performFetch()
    }

    private var engine: FetchedResultsController? { core?.engine }
    private var context: NSManagedObjectContext? { core?.context }

    /// The fetched objects in order; nil before `performFetch()`.
    public var fetchedObjects: [ResultType]? {
        guard let engine, let context, let objects = engine.fetchedObjects else { return nil }
        return objects.compactMap { context.wrapper(for: $0) as? ResultType }
    }

    /// The sections in order; nil before `performFetch()`.
    public var sections: [NSFetchedResultsSectionInfo]? { core?.sections }

    /// The object at `indexPath`.
    ///
    /// Outside the results Core Data raises `NSInternalInconsistencyException` ("no object at index
    /// R in section at index S", or "no section at index S"; docs/semantics.md, rule 4); FetchSim
    /// records it in the context's `raisedExceptions` and returns an object of the entity's class
    /// that belongs to no context.
    @inlinable
    public func object(at indexPath: IndexPath) -> ResultType {
        // Inlinable: specialised in the app's module, the cast to the app's class is a class
        // check, not a dynamic cast to a type parameter (whose metadata is looked up per call).
        if let object = managedObject(at: indexPath), let result = object as? ResultType { return result }
        return placeholder(at: indexPath)
    }

    /// The context's object at `indexPath`; nil outside the results.
    @usableFromInline
    func managedObject(at indexPath: IndexPath) -> NSManagedObject? {
        core?.managedObject(at: indexPath)
    }

    /// What `object(at:)` returns outside the results, recording Core Data's exception.
    @usableFromInline
    func placeholder(at indexPath: IndexPath) -> ResultType {
        let sections = engine?.numberOfSections ?? 0
        let reason =
            indexPath.section >= 0 && indexPath.section < sections
            ? "no object at index \(indexPath.row) in section at index \(indexPath.section)"
            : "no section at index \(indexPath.section)"
        context?.raisedExceptions.raise(.internalInconsistencyException, reason: reason)
        let entity = context?.model?.entitiesByName[core?.request.entityName ?? ""] ?? NSEntityDescription()
        guard let placeholder = entity.objectClass.init(entity: entity, insertInto: nil) as? ResultType else {
            preconditionFailure(
                "NSFetchedResultsController<\(ResultType.self)> returns managed objects; use the entity's class or NSFetchRequestResult"
            )
        }
        return placeholder
    }

    /// The index path of `object`, or nil when it is not in the results.
    public func indexPath(forObject object: ResultType) -> IndexPath? {
        guard let engine, let managed = object as? NSManagedObject, managed.managedObjectContext === context else {
            return nil
        }
        return engine.indexPath(forObjectID: managed.engineID)
    }

    // MARK: Section index

    /// The distinct index titles of the sections, in order.
    public var sectionIndexTitles: [String] { engine?.sectionIndexTitles ?? [] }

    /// The section for the index title `title` at `sectionIndex` in `sectionIndexTitles`.
    public func section(forSectionIndexTitle title: String, at sectionIndex: Int) -> Int {
        engine?.section(forSectionIndexTitle: title, at: sectionIndex) ?? NSNotFound
    }

    /// The index title for a section name: the delegate's, else Apple's default (`%c` of the first UTF-16 unit, uppercased).
    public func sectionIndexTitle(forSectionName sectionName: String) -> String? {
        engine?.sectionIndexTitle(forSectionName: sectionName)
            ?? FetchedResultsController.defaultIndexTitle(forSectionName: sectionName)
    }
}

/// Whether two faces are one controller: the app's `<Note>` and the delegate's
/// `<NSFetchRequestResult>` answer true, as on Apple's platforms where they are one object.
public func === <A, B>(lhs: NSFetchedResultsController<A>, rhs: NSFetchedResultsController<B>) -> Bool {
    lhs.core != nil && lhs.core === rhs.core
}

/// Whether two faces, either of them nil, are one controller (two nils are).
public func === <A, B>(lhs: NSFetchedResultsController<A>?, rhs: NSFetchedResultsController<B>?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): true
    case (let a?, let b?): a === b
    default: false
    }
}

/// Whether two faces are different controllers.
public func !== <A, B>(lhs: NSFetchedResultsController<A>, rhs: NSFetchedResultsController<B>) -> Bool {
    !(lhs === rhs)
}

/// Whether two faces, either of them nil, are different controllers.
public func !== <A, B>(lhs: NSFetchedResultsController<A>?, rhs: NSFetchedResultsController<B>?) -> Bool {
    !(lhs === rhs)
}

/// Whether two faces are one controller (`NSObject`'s `==` is identity for a controller).
public func == <A, B>(lhs: NSFetchedResultsController<A>, rhs: NSFetchedResultsController<B>) -> Bool {
    lhs === rhs
}

/// Whether two faces are different controllers.
public func != <A, B>(lhs: NSFetchedResultsController<A>, rhs: NSFetchedResultsController<B>) -> Bool {
    !(lhs === rhs)
}
