import Foundation

/// The in-memory store type, as Core Data's `NSInMemoryStoreType`.
public let NSInMemoryStoreType = "InMemory"
/// The SQLite store type, as Core Data's `NSSQLiteStoreType` (FetchSim's own SQLite format,
/// docs/store.md — not Core Data's file layout).
public let NSSQLiteStoreType = "SQLite"

/// How to open a store, as Core Data's `NSPersistentStoreDescription`: its type and URL.
///
/// A container's default description is an in-memory store (Core Data's is an SQLite file in the
/// app's Application Support directory; FetchSim keeps tests and tools free of files unless asked).
///
/// ```swift
/// let description = NSPersistentStoreDescription(url: URL(fileURLWithPath: "/tmp/Notes.sqlite"))
/// container.persistentStoreDescriptions = [description]   // type NSSQLiteStoreType
/// ```
public final class NSPersistentStoreDescription: CustomStringConvertible {
    /// The store type: `NSInMemoryStoreType` or `NSSQLiteStoreType`.
    public var type: String
    /// Where the store lives; nil for an in-memory store.
    public var url: URL?
    /// A name for the configuration, kept and not read (FetchSim has one configuration).
    public var configuration: String?
    /// Whether the store is read only; kept and not enforced.
    public var isReadOnly = false
    /// Whether `loadPersistentStores` returns before the store is open; FetchSim always opens it
    /// at once and calls the handler before returning.
    public var shouldAddStoreAsynchronously = false
    /// Migration options, kept and not read (FetchSim stores have no versions to migrate).
    public var shouldMigrateStoreAutomatically = true
    public var shouldInferMappingModelAutomatically = true

    /// An SQLite store at `url`, as Core Data's `init(url:)`; a `/dev/null` URL is an in-memory store
    /// (the usual way to ask Core Data for a store that keeps nothing).
    public init(url: URL) {
        self.url = url
        type = url.path == "/dev/null" ? NSInMemoryStoreType : NSSQLiteStoreType
    }

    /// An in-memory store with no URL.
    public init() {
        type = NSInMemoryStoreType
    }

    /// `<NSPersistentStoreDescription> (type: SQLite, url: file:///tmp/Notes.sqlite)`.
    public var description: String {
        "<NSPersistentStoreDescription> (type: \(type), url: \(url?.absoluteString ?? "nil"))"
    }
}

/// A model, its store and a main-queue context in one object, as Core Data's `NSPersistentContainer`.
///
/// ```swift
/// let container = NSPersistentContainer(name: "Notes", managedObjectModel: model)
/// var loadError: (any Error)?
/// container.loadPersistentStores { description, error in loadError = error }
/// if let loadError { throw loadError }
/// let context = container.viewContext
/// ```
///
/// `init(name:)` looks for the compiled model `name.momd` as Core Data does; Linux has no compiled
/// models, so build the model in code and use `init(name:managedObjectModel:)` (a model file can be
/// read with `NSManagedObjectModel(contentsOf:)` where the model-file reader is wired in).
open class NSPersistentContainer {
    /// The container's name.
    public let name: String
    /// The model of the stores.
    public let managedObjectModel: NSManagedObjectModel
    /// The coordinator between the model, the store and the contexts.
    public let persistentStoreCoordinator: NSPersistentStoreCoordinator
    /// The stores `loadPersistentStores` opens; by default one in-memory store.
    public var persistentStoreDescriptions: [NSPersistentStoreDescription] = [NSPersistentStoreDescription()]
    /// The main-queue context, made on first use.
    public private(set) lazy var viewContext: NSManagedObjectContext = {
        let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        context.persistentStoreCoordinator = persistentStoreCoordinator
        return context
    }()

    /// A container for `model`.
    public init(name: String, managedObjectModel model: NSManagedObjectModel) {
        self.name = name
        managedObjectModel = model
        persistentStoreCoordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
    }

    /// A container whose model is the compiled model called `name` in the main bundle, as Core
    /// Data's `init(name:)`. Linux has none: the container gets an empty model, and
    /// `loadPersistentStores` reports that the model was not found (use `init(name:managedObjectModel:)`).
    public convenience init(name: String) {
        let model = NSManagedObjectModel()
        self.init(name: name, managedObjectModel: model)
        missingModelName = name
    }

    /// The name of the compiled model `init(name:)` did not find.
    private var missingModelName: String?

    /// Opens every store of `persistentStoreDescriptions`, calling `block` once per store with its
    /// description and nil, or the error that kept it closed — before returning.
    ///
    /// A model the engine cannot hold (a to-many relationship, an unsupported attribute type) is
    /// such an error, naming what and where; the store stays closed, nothing is half-loaded.
    open func loadPersistentStores(
        completionHandler block: @escaping (NSPersistentStoreDescription, (any Error)?) -> Void
    ) {
        for description in persistentStoreDescriptions {
            if let missingModelName {
                block(
                    description,
                    CoreDataError.model(
                        "no compiled model '\(missingModelName).momd' in the bundle: Linux has no compiled "
                            + "models; build the model in code and use NSPersistentContainer(name:managedObjectModel:)")
                )
                continue
            }
            do {
                try persistentStoreCoordinator.addStore(description)
                block(description, nil)
            } catch {
                block(description, error)
            }
        }
    }

    /// A new private-queue context on the container's store, as Core Data's `newBackgroundContext()`.
    open func newBackgroundContext() -> NSManagedObjectContext {
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = persistentStoreCoordinator
        return context
    }

    /// Runs `block` with a new background context, as Core Data's `performBackgroundTask(_:)`:
    /// at once, before returning (one simulated run loop).
    open func performBackgroundTask(_ block: @escaping (NSManagedObjectContext) -> Void) {
        let context = newBackgroundContext()
        context.performAndWait { block(context) }
    }
}
