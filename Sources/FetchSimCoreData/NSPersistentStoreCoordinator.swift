import FetchedResults
import Foundation
import ObjectGraph
import SQLiteStore
import Synchronization

/// Joins a model to its store and hands each context its own view of the store, as Core Data's
/// `NSPersistentStoreCoordinator`.
///
/// Every context on one coordinator is a sibling on the one store: a save writes the store, and a
/// context with `automaticallyMergesChangesFromParent` merges what another one saved at once
/// (FetchSim runs one simulated run loop; Core Data merges on the receiving context's queue).
///
/// A coordinator holds one store, which ``NSPersistentContainer/loadPersistentStores(completionHandler:)``
/// adds (Core Data's `addPersistentStore(ofType:configurationName:at:options:)` is not offered).
/// A context made by hand joins the container's store through it:
///
/// ```swift
/// let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
/// context.persistentStoreCoordinator = container.persistentStoreCoordinator
/// context.automaticallyMergesChangesFromParent = true   // sees what viewContext saves
/// ```
public final class NSPersistentStoreCoordinator {
    /// The model of the store.
    public let managedObjectModel: NSManagedObjectModel
    /// The engine's store, once added.
    private(set) var store: PersistentStore?
    /// The description the store was added with.
    private(set) var storeDescription: NSPersistentStoreDescription?
    /// The engine's entities for the model, once the store is added.
    private(set) var engineEntities: [Entity] = []
    /// The engine context new contexts share object IDs with (the first one made).
    private var idSource: ObjectContext?
    /// The contexts made on this coordinator, to merge saves into.
    private var contexts: [WeakContext] = []
    /// The section caches of the controllers on this coordinator's contexts (`cacheName`).
    let sectionCaches = FetchedResultsCache()
    /// A fixed identifier of the store for object-ID URIs: from its URL, so it is the same in every run.
    private(set) var storeIdentifier = ""

    private struct WeakContext {
        weak var context: NSManagedObjectContext?
    }

    /// A coordinator for `model`, without a store until one is added.
    public init(managedObjectModel model: NSManagedObjectModel) {
        managedObjectModel = model
        ModelRegistry.register(model)
        CoordinatorRegistry.register(self)
    }

    /// Opens the store `description` describes: in memory (`NSInMemoryStoreType`), or the SQLite
    /// file at its URL (`NSSQLiteStoreType`), and checks the model against the engine.
    func addStore(_ description: NSPersistentStoreDescription) throws(CoreDataError) {
        guard store == nil else {
            throw .store("the coordinator already has a store; FetchSim supports one store per coordinator")
        }
        engineEntities = try managedObjectModel.engineEntities()
        switch description.type {
        case NSInMemoryStoreType:
            store = InMemoryStore()
        case NSSQLiteStoreType:
            guard let url = description.url, url.isFileURL else {
                throw .store(
                    "an NSSQLiteStoreType store needs a file URL (got \(description.url?.absoluteString ?? "none"))")
            }
            do {
                store = try SQLiteStore(path: url.path)
            } catch {
                throw .store("cannot open the SQLite store at '\(url.path)': \(error)")
            }
        default:
            throw .store(
                "store type '\(description.type)' is not supported (NSInMemoryStoreType and NSSQLiteStoreType are)")
        }
        storeDescription = description
        storeIdentifier = Self.identifier(for: description)
        do {
            // The first engine context checks the model against what the store holds.
            _ = try engineContext()
        } catch {
            store = nil
            throw error
        }
    }

    /// Adds an engine store that is already filled, as the in-memory store: for benchmarks that
    /// measure this layer on the same objects as the engine's own contexts (`fetchsim bench
    /// --stack apple`). Not Core Data's API.
    package func addEngineStore(_ engineStore: PersistentStore) throws(CoreDataError) {
        guard store == nil else {
            throw .store("the coordinator already has a store; FetchSim supports one store per coordinator")
        }
        engineEntities = try managedObjectModel.engineEntities()
        store = engineStore
        let description = NSPersistentStoreDescription()
        description.type = NSInMemoryStoreType
        storeDescription = description
        storeIdentifier = Self.identifier(for: description)
        do {
            _ = try engineContext()
        } catch {
            store = nil
            throw error
        }
    }

    /// A new engine context on the store with the model's entities defined, sharing object IDs
    /// with the others.
    func engineContext() throws(CoreDataError) -> ObjectContext {
        guard let store else {
            throw .context("the coordinator has no store; call loadPersistentStores(completionHandler:) first")
        }
        do {
            let context =
                try idSource.map { source throws(ObjectGraphError) in try ObjectContext(sibling: source) }
                ?? ObjectContext(store: store)
            // Section names of relationship keys are object URIs: this store's, as `uriRepresentation()`.
            context.storeIdentifier = storeIdentifier
            // All at once: a model's relationships point both ways and to entities defined later.
            try context.define(engineEntities)
            if idSource == nil { idSource = context }
            return context
        } catch {
            throw .store("the model does not fit the store: \(error)")
        }
    }

    /// Remembers `context` for merges.
    func attach(_ context: NSManagedObjectContext) {
        contexts.removeAll { $0.context == nil }
        contexts.append(WeakContext(context: context))
    }

    /// Merges what `source` saved into every other context that merges automatically.
    func contextDidSave(_ source: NSManagedObjectContext, _ summary: SaveSummary) {
        for entry in contexts {
            guard let context = entry.context, context !== source, context.automaticallyMergesChangesFromParent else {
                continue
            }
            context.merge(summary)
        }
    }

    /// A deterministic identifier in UUID form, from the store's type and URL.
    private static func identifier(for description: NSPersistentStoreDescription) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in "\(description.type) \(description.url?.absoluteString ?? "")".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x100_0000_01b3 &+ 7
        }
        let hex = String(format: "%016llX%016llX", hash, second)
        let c = Array(hex)
        return
            "\(String(c[0..<8]))-\(String(c[8..<12]))-\(String(c[12..<16]))-\(String(c[16..<20]))-\(String(c[20..<32]))"
    }
}

/// The models of the coordinators made so far, for `NSManagedObject.entity()`, which finds an
/// entity by its class without a context.
enum ModelRegistry {
    private static let models = Mutex<[WeakModel]>([])

    private struct WeakModel: @unchecked Sendable {
        // `@unchecked`: a weak reference, read under the mutex only.
        weak var model: NSManagedObjectModel?
    }

    static func register(_ model: NSManagedObjectModel) {
        models.withLock { list in
            list.removeAll { $0.model == nil }
            if !list.contains(where: { $0.model === model }) { list.append(WeakModel(model: model)) }
        }
    }

    /// The first entity, in the most recently registered model that has one, whose class is `type`.
    static func entity(forClass type: NSManagedObject.Type) -> NSEntityDescription? {
        let live = models.withLock { $0.compactMap(\.model) }
        for model in live.reversed() {
            if let entity = model.entities.first(where: { $0.objectClass == type }) { return entity }
        }
        return nil
    }
}

/// The coordinators made so far, for `NSFetchedResultsController.deleteCache(withName:)`, which
/// deletes a cache by name wherever it is.
enum CoordinatorRegistry {
    private static let coordinators = Mutex<[WeakCoordinator]>([])

    private struct WeakCoordinator: @unchecked Sendable {
        // `@unchecked`: a weak reference, read under the mutex only.
        weak var coordinator: NSPersistentStoreCoordinator?
    }

    static func register(_ coordinator: NSPersistentStoreCoordinator) {
        coordinators.withLock { list in
            list.removeAll { $0.coordinator == nil }
            list.append(WeakCoordinator(coordinator: coordinator))
        }
    }

    static var all: [NSPersistentStoreCoordinator] {
        coordinators.withLock { $0.compactMap(\.coordinator) }
    }
}
