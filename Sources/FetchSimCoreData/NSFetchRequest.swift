import FetchedResults
import ObjectGraph

/// What a fetch returns, as Core Data's `NSFetchRequestResultType`, with Apple's raw values.
///
/// FetchSim returns managed objects only: a fetch whose request asks for object IDs,
/// dictionaries or a count throws a ``CoreDataError/fetch(_:)`` error (`count(for:)` gives the
/// count).
///
/// ```swift
/// let request: NSFetchRequest<Note> = Note.fetchRequest()
/// request.resultType = .managedObjectResultType   // the default; the only one FetchSim fetches
/// let notes = try context.fetch(request)
/// ```
public struct NSFetchRequestResultType: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let managedObjectResultType = NSFetchRequestResultType([])
    public static let managedObjectIDResultType = NSFetchRequestResultType(rawValue: 1)
    public static let dictionaryResultType = NSFetchRequestResultType(rawValue: 2)
    public static let countResultType = NSFetchRequestResultType(rawValue: 4)
}

/// A description of what to fetch, as Core Data's `NSFetchRequest<ResultType>`: an entity, a
/// predicate, sort descriptors, a window and a batch size.
///
/// The generic parameter is unconstrained: without Objective-C an existential does not conform to
/// its own protocol, so a `NSFetchRequestResult` constraint would reject
/// `NSFetchRequest<NSFetchRequestResult>`, the type `NSManagedObject.fetchRequest()` returns.
///
/// ```swift
/// let request = NSFetchRequest<Note>(entityName: "Note")
/// request.predicate = NSPredicate(format: "done == NO")
/// request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
/// request.fetchLimit = 20
/// ```
public final class NSFetchRequest<ResultType>: CustomStringConvertible {
    /// The name of the entity to fetch.
    public var entityName: String?
    /// The entity to fetch; its name wins over `entityName` when set.
    public var entity: NSEntityDescription?
    /// Which objects; nil fetches all of the entity's.
    public var predicate: NSPredicate?
    /// The order; a fetched results controller needs at least one.
    public var sortDescriptors: [NSSortDescriptor]?
    /// At most this many objects; 0 means no limit.
    public var fetchLimit = 0
    /// Objects to skip.
    public var fetchOffset = 0
    /// Objects fault in batches of this many; FetchSim keeps every object loaded and counts the
    /// batches a controller fetches (0: all at once).
    public var fetchBatchSize = 0
    /// What the fetch returns; only `.managedObjectResultType` is supported (a fetch of another
    /// type throws).
    public var resultType: NSFetchRequestResultType = .managedObjectResultType
    /// Kept and not read: FetchSim's fetches always include the context's unsaved changes.
    public var includesPendingChanges = true
    /// Kept and not read: FetchSim's objects are never faults.
    public var returnsObjectsAsFaults = true
    /// Whether a fetch of an entity finds its sub-entities' objects too (true by default, as in
    /// Core Data): a fetch of `Event` returns its `Meeting` objects unless this is false.
    public var includesSubentities = true
    /// Kept and not read: related objects are always loaded.
    public var relationshipKeyPathsForPrefetching: [String]?

    /// A request for the objects of the entity named `entityName`.
    public init(entityName: String) {
        self.entityName = entityName
        // The result type names the entity's class (`NSFetchRequest<Note>`): objects the engine
        // made without the app (another program's edits) are then wrapped in it.
        if let type = ResultType.self as? NSManagedObject.Type { ManagedObjectClasses.see(type) }
    }

    /// A request without an entity yet; set `entity` or `entityName` before fetching.
    public init() {}

    /// `<NSFetchRequest> (entity: Note; predicate: (done == NO); sortDescriptors: ((order, ascending)); limit: 20)`.
    public var description: String {
        let sorts = (sortDescriptors ?? []).map(\.description).joined(separator: ", ")
        return "<NSFetchRequest> (entity: \(name ?? "nil"); predicate: (\(predicate?.predicateFormat ?? "nil")); "
            + "sortDescriptors: (\(sorts)); limit: \(fetchLimit); offset: \(fetchOffset); batchSize: \(fetchBatchSize))"
    }

    private var name: String? { entity?.name ?? entityName }

    /// The engine's request for this one, with `sectionNameKeyPath`, checked for what FetchSim
    /// cannot do (another result type, a sort descriptor without a key).
    func engineRequest(sectionNameKeyPath: String? = nil) throws(CoreDataError) -> FetchRequest {
        guard let name, !name.isEmpty else {
            throw .fetch("the fetch request has no entity (set entityName or entity)")
        }
        guard resultType == .managedObjectResultType else {
            throw .fetch(
                "fetch of '\(name)': result type \(resultType.rawValue) is not supported; FetchSim fetches managed objects only"
            )
        }
        var sorts: [FetchedResults.SortDescriptor] = []
        for descriptor in sortDescriptors ?? [] {
            guard let key = descriptor.key else {
                throw .fetch(
                    "fetch of '\(name)': the sort descriptor for \(descriptor.keyPathText ?? "a key path") has no key "
                        + "(a key path names its property only for @Managed properties of NSManagedObject subclasses)")
            }
            let selector: SortSelector
            switch descriptor.selector?.name {
            case nil, "compare:": selector = .compare
            case "caseInsensitiveCompare:": selector = .caseInsensitiveCompare
            case "localizedStandardCompare:": selector = .localizedStandardCompare
            case let other?:
                throw .fetch(
                    "fetch of '\(name)': sort selector '\(other)' for '\(key)' is not supported "
                        + "(compare:, caseInsensitiveCompare: and localizedStandardCompare: are)")
            }
            sorts.append(FetchedResults.SortDescriptor(key: key, ascending: descriptor.ascending, selector: selector))
        }
        var request = FetchRequest(
            entityName: name, predicate: try predicate?.enginePredicate(), sortDescriptors: sorts,
            sectionNameKeyPath: sectionNameKeyPath, fetchLimit: fetchLimit, fetchOffset: fetchOffset,
            fetchBatchSize: fetchBatchSize)
        request.includesSubentities = includesSubentities
        return request
    }
}
