import FetchedResults
import Foundation
import ObjectGraph

/// How a context is confined, as Core Data's `NSManagedObjectContextConcurrencyType`.
///
/// Recorded only: FetchSim runs one simulated run loop, so a private-queue context runs
/// `perform(_:)`'s block at once on the caller's thread, before `perform` returns.
///
/// ```swift
/// let background = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
/// background.persistentStoreCoordinator = container.persistentStoreCoordinator
/// background.perform {
///     let note = Note(context: background)
///     note.title = "From the background"
///     try? background.save()
/// }
/// ```
public enum NSManagedObjectContextConcurrencyType: UInt, Sendable {
    @available(*, deprecated, message: "Use another concurrency type")
    case confinementConcurrencyType = 0
    case privateQueueConcurrencyType = 1
    case mainQueueConcurrencyType = 2
}

/// A scratch pad of managed objects over the engine's `ObjectContext`, as Core Data's
/// `NSManagedObjectContext`.
///
/// Edits are pending until the end of the run-loop turn (`processPendingChanges()`, which the
/// simulator calls at the end of each turn, as Core Data does on the main queue) and become one
/// change event for the fetched results controllers; `save()` writes every change to the store.
///
/// ```swift
/// let note = Note(context: context)
/// note.title = "Milk"
/// try context.save()
/// let request: NSFetchRequest<Note> = Note.fetchRequest()
/// request.predicate = NSPredicate(format: "title BEGINSWITH %@", "M")
/// let notes = try context.fetch(request)
/// ```
///
/// Queues: FetchSim runs one simulated run loop. `perform(_:)` and `performAndWait(_:)` run the
/// block at once, before returning, on the caller's thread; a private-queue context is not on a
/// queue of its own. Where Core Data raises, the exception is recorded in `raisedExceptions`.
public final class NSManagedObjectContext {
    /// The confinement the context was made with (recorded; every context runs on the caller's thread).
    public let concurrencyType: NSManagedObjectContextConcurrencyType
    /// The exceptions Core Data would have raised in this context or its objects, since last taken.
    public let raisedExceptions = ExceptionLog()
    /// A name for debugging.
    public var name: String?
    /// Whether this context merges at once what other contexts on its coordinator save (Core
    /// Data: what its parent — here the coordinator — saves).
    public var automaticallyMergesChangesFromParent = false
    /// How save and merge conflicts are resolved: an ``NSMergePolicy`` (Core Data's type is `Any`).
    ///
    /// The engine resolves every conflict one way, whatever the policy: a merge keeps an object's
    /// unsaved values (object trump), and a save writes the context's values over the store's
    /// (no optimistic-locking conflicts are detected, so `.error` never fails a save).
    public var mergePolicy: Any = NSMergePolicy.error
    /// The context this one saves into, as Core Data's `parent`: a child context reads its
    /// parent's objects, unsaved changes included, and its `save()` pushes its changes into the
    /// parent (pending there until the parent processes them) without touching the store. Set
    /// it before the context's first use; setting it makes the context forget its objects.
    ///
    /// ```swift
    /// let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
    /// child.parent = container.viewContext
    /// ```
    public var parent: NSManagedObjectContext? {
        didSet {
            guard parent !== oldValue else { return }
            forgetEngine()
            parent?.children.append(WeakChild(context: self))
        }
    }
    /// The child contexts made on this one, for `automaticallyMergesChangesFromParent`.
    var children: [WeakChild] = []

    /// The coordinator whose store the context reads and saves (a child context's is its
    /// parent's); setting it opens the context on the store (once the store is loaded).
    public var persistentStoreCoordinator: NSPersistentStoreCoordinator? {
        get { coordinator ?? parent?.persistentStoreCoordinator }
        set {
            coordinator = newValue
            forgetEngine()
            newValue?.attach(self)
        }
    }
    /// The coordinator set on this context itself (a child context has none).
    private var coordinator: NSPersistentStoreCoordinator?
    /// The undo manager the context registers each change event with, as Core Data's
    /// `undoManager`: nil by default (Apple: "The default value is nil"), when nothing is undoable.
    public var undoManager: UndoManager? {
        didSet {
            guard undoManager !== oldValue else { return }
            oldValue?.checkpointObservers.removeAll { $0.id == ObjectIdentifier(self) }
            undoManager?.checkpointObservers.append(
                (ObjectIdentifier(self), { [weak self] in self?.processPendingChanges() }))
        }
    }
    /// The objects handed out before the last `reset()`, invalid now (no context): what a
    /// controller not fetched again since still holds.
    var forgottenWrappers = WrapperTable()
    /// Whether the change event being processed replays history (undo, redo, a merge, a
    /// rollback): such an event registers no undo action.
    var isReplayingHistory = false

    /// Counts what may change the `objectID` of any of the context's objects — whether it is
    /// temporary, its store: a save, permanent IDs obtained, a rollback, a merge, an undo or redo,
    /// a reset, a new coordinator or parent, a delete that may cascade, the context's end. An
    /// insert or a plain delete changes only its own object's ID, which that object forgets
    /// (`NSManagedObject.forgetObjectID()`). Each object holds the counter, so that checking its
    /// ID does not load the context through its weak reference.
    let objectIDGeneration = ObjectIDGeneration()

    /// Notes that objects' IDs may have changed: each makes its ID again on the next `objectID`.
    func objectIDsMayChange() {
        objectIDGeneration.value &+= 1
    }

    deinit {
        objectIDsMayChange()
    }

    var engineContext: ObjectContext?
    /// The model of a context that wraps an existing engine context (`init(wrapping:)`), which has no coordinator.
    var wrappedModel: NSManagedObjectModel?
    /// One wrapper per object of the engine context: the identity map.
    var wrappers = WrapperTable()

    /// A context of `type`, without a coordinator until one is set.
    public init(concurrencyType type: NSManagedObjectContextConcurrencyType) {
        concurrencyType = type
    }

    /// The engine context, opened on first use once the coordinator has its store.
    var engine: ObjectContext? { try? requireEngine() }

    /// The engine context, opened on first use, or an error saying why there is none.
    func requireEngine() throws(CoreDataError) -> ObjectContext {
        if let engineContext { return engineContext }
        if let parent {
            do {
                let context = try ObjectContext(childOf: try parent.requireEngine())
                observeSaves(of: context)
                engineContext = context
                return context
            } catch let error as CoreDataError {
                throw error
            } catch {
                throw .context("cannot open the child context on its parent: \(error)")
            }
        }
        guard let coordinator else {
            throw .context("the context has no persistent store coordinator")
        }
        let context = try coordinator.engineContext()
        observeSaves(of: context)
        engineContext = context
        return context
    }

    /// Follows the engine context: each change event posts Core Data's did-change notification
    /// and registers with the undo manager; each save posts the did-save notification and merges
    /// into the contexts that merge automatically (siblings on the coordinator, or the children).
    func observeSaves(of context: ObjectContext) {
        // Read once: the closure must not hold the engine context, whose observer it is.
        let savesToStore = !context.isChildContext
        context.addObserver { [weak self] notification in
            guard let self else { return }
            switch notification {
            case .objectsDidChange(let change):
                // An inserted object's ID stays temporary; a deleted one's changes — when the
                // engine was told directly (a wrapped session's commands), this is the first word
                // of it here.
                for object in change.deleted { self.wrappers[object.objectID]?.forgetObjectID() }
                self.didProcess(change)
            case .didSave(let summary):
                self.objectIDsMayChange()
                self.postDidSave(summary)
                if savesToStore { self.coordinator?.contextDidSave(self, summary) }
                self.mergeIntoChildren(summary)
            case .objectIDsMutated:
                self.objectIDsMayChange()
            case .willSave:
                break
            }
        }
    }

    var model: NSManagedObjectModel? { persistentStoreCoordinator?.managedObjectModel ?? wrappedModel }
    var storeIdentifier: String { persistentStoreCoordinator?.storeIdentifier ?? "" }

    // MARK: Objects

    /// The wrapper of an engine object of this context, made (of the class its entity names) on first use.
    func wrapper(for object: ManagedObject) -> NSManagedObject {
        if let existing = wrappers[object.objectID] { return existing }
        // An object of an engine context this one no longer uses (a controller not fetched again
        // after `reset()`): an object of no context, as Core Data's invalidated objects.
        if let engineContext, object.managedObjectContext !== engineContext { return forgottenWrapper(for: object) }
        let entity = model?.entitiesByName[object.entity.name] ?? NSEntityDescription()
        let wrapper = entity.objectClass.init(entity: entity, insertInto: nil)
        bind(wrapper, to: object)
        return wrapper
    }

    /// The wrapper of the object with `id` in this context, loading it from the store if another
    /// context saved it; nil when there is no such object.
    func existingWrapper(for id: ObjectID) -> NSManagedObject? {
        // A bound wrapper always has its last engine object: the engine is asked only otherwise.
        if let existing = wrappers[id], existing.lastEngineObject != nil || engine?.object(with: id) != nil {
            return existing
        }
        guard let object = try? engine?.registeredOrCommittedObject(id) else { return nil }
        return wrapper(for: object)
    }

    private func bind(_ wrapper: NSManagedObject, to object: ManagedObject) {
        wrapper.engineID = object.objectID
        wrapper.lastEngineObject = object
        wrapper.managedObjectContext = self
        wrapper.detachedValues = [:]
        wrappers[object.objectID] = wrapper
    }

    /// The entity of this context's model whose class is `type`.
    func entity(forClass type: NSManagedObject.Type) -> NSEntityDescription? {
        model?.entities.first { $0.objectClass == type }
    }

    /// The unsaved state of `object` in this context.
    func unsavedState(of object: NSManagedObject) -> ObjectContext.UnsavedState? {
        guard object.engineID.rawValue != 0 else { return nil }
        return engine?.unsavedState(of: object.engineID)
    }

    /// Registers `object`, made with no context, as inserted into this one, as Core Data's `insert(_:)`.
    public func insert(_ object: NSManagedObject) {
        guard object.engineID.rawValue == 0 else {
            if object.managedObjectContext !== self {
                raisedExceptions.raise(
                    .invalidArgumentException,
                    reason: "An NSManagedObject may only be in (or observed by) a single NSManagedObjectContext.")
            }
            return
        }
        ManagedObjectClasses.see(type(of: object))
        guard let entityName = object.entity.name else {
            raisedExceptions.raise(
                .invalidArgumentException,
                reason:
                    "An NSManagedObject of class '\(NSStringFromClass(type(of: object)))' must have a valid NSEntityDescription."
            )
            return
        }
        do {
            let engine = try requireEngine()
            let values = object.detachedValues.map { (key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
            bind(object, to: try engine.insert(entityName, values: values))
        } catch {
            raisedExceptions.raise(
                .internalInconsistencyException, reason: "cannot insert an object of entity '\(entityName)': \(error)")
        }
    }

    /// Deletes `object`, as Core Data's `delete(_:)`: its deletion is part of the next change event
    /// and is written by the next save. Deleting an object twice, or one never inserted, does nothing.
    public func delete(_ object: NSManagedObject) {
        guard object.engineID.rawValue != 0, object.managedObjectContext === self, let engine else { return }
        guard engine.object(with: object.engineID) != nil else { return }
        // A deleted inserted object is no longer temporary; a cascade can delete others.
        if object.entity.relationshipsByName.values.contains(where: { $0.deleteRule == .cascadeDeleteRule }) {
            objectIDsMayChange()
        } else {
            object.forgetObjectID()
        }
        do {
            try engine.delete(object.engineID)
        } catch {
            raisedExceptions.raise(
                .internalInconsistencyException, reason: "cannot delete \(object.objectID): \(error)")
        }
    }

    /// Sets `key` of `object` in the engine, recording what the engine refuses.
    func setEngineValue(_ value: Value, forKey key: String, of object: NSManagedObject) {
        do {
            try engine?.setValue(value, forKey: key, of: object.engineID)
        } catch {
            raisedExceptions.raise(
                .internalInconsistencyException, reason: "cannot set '\(key)' of \(object.objectID): \(error)")
        }
    }

    /// The object with `objectID`, as Core Data's `object(with:)`: this context's instance, read from
    /// the store when another context saved it. For an ID of no object Core Data returns a fault that
    /// raises when fired; FetchSim returns an object of no context and records nothing until used.
    public func object(with objectID: NSManagedObjectID) -> NSManagedObject {
        if let wrapper = existingWrapper(for: objectID.engineID) { return wrapper }
        return objectID.entity.objectClass.init(entity: objectID.entity, insertInto: nil)
    }

    /// The object with `objectID`, as Core Data's `existingObject(with:)`; throws when neither this
    /// context nor the store has it.
    public func existingObject(with objectID: NSManagedObjectID) throws -> NSManagedObject {
        guard let wrapper = existingWrapper(for: objectID.engineID) else {
            throw CoreDataError.context(
                "no object with ID \(objectID) in this context or its store "
                    + "(NSCocoaErrorDomain 133000, NSManagedObjectReferentialIntegrityError)")
        }
        return wrapper
    }

    /// The objects registered in the context: every object it has handed out and still holds.
    public var registeredObjects: Set<NSManagedObject> {
        Set(wrappers.values.filter { $0.managedObjectContext === self })
    }

    // MARK: Changes

    /// Whether anything changed since the last save (pending or processed).
    public var hasChanges: Bool { engine?.hasChanges ?? false }

    /// The objects inserted since the last save.
    public var insertedObjects: Set<NSManagedObject> { objects(in: .inserted) }
    /// The objects changed since the last save (not inserted or deleted).
    public var updatedObjects: Set<NSManagedObject> { objects(in: .updated) }
    /// The objects deleted since the last save.
    public var deletedObjects: Set<NSManagedObject> { objects(in: .deleted) }

    private func objects(in state: ObjectContext.UnsavedState) -> Set<NSManagedObject> {
        guard let engine else { return [] }
        return Set(
            engine.unsavedObjectIDs().filter { $0.state == state }.compactMap { entry in
                wrappers[entry.id] ?? engine.object(with: entry.id).map(wrapper(for:))
            })
    }

    /// Ends the current change event: the pending edits become one change notification, which the
    /// fetched results controllers report to their delegates. Called from inside a controller's
    /// delegate callback, the edits stay pending for the next call (as Core Data defers them).
    public func processPendingChanges() {
        do {
            try engine?.processPendingChanges()
        } catch {
            // Only re-entrancy throws: the edits stay pending, which is what Core Data does too.
        }
    }

    // MARK: Queues

    /// Runs `block`, as Core Data's `perform(_:)` — at once, before returning (one simulated run loop).
    public func perform(_ block: @escaping () -> Void) {
        block()
    }

    /// Runs `block` and waits for it, as Core Data's `performAndWait(_:)`.
    public func performAndWait(_ block: () -> Void) {
        block()
    }

    /// Runs `block` and returns its result, as Core Data's generic `performAndWait(_:)` (iOS 15).
    public func performAndWait<T>(_ block: () throws -> T) rethrows -> T {
        try block()
    }

}

/// A counter shared by a context and its objects (`objectIDGeneration`).
final class ObjectIDGeneration {
    var value = 0
}
