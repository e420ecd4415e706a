/// A scratch pad of objects, like `NSManagedObjectContext`.
///
/// Edits (`insert`, `setValue`, `delete`) are recorded as pending until `processPendingChanges()`
/// — the end of a run-loop turn — which coalesces them into exactly one `objectsDidChange`
/// notification. `save()` writes everything since the last save to the store in one transaction,
/// posting `willSave` and `didSave`; `rollback()` returns to the committed state; `undo()`/`redo()`
/// step through whole change events.
///
/// ```swift
/// let context = try ObjectContext()
/// try context.define(Entity(name: "Note", attributes: [Attribute("title", .string)]))
/// let milk = try context.insert("Note", values: [("title", .string("Milk"))])
/// let event = try context.processPendingChanges()  // the turn's one objectsDidChange
/// event?.inserted.map(\.objectID)                  // [milk.objectID]
/// try context.save()                                // writes milk to the store
/// ```
public final class ObjectContext {
    /// The entities defined so far.
    public private(set) var schema = Schema()
    /// Where the committed objects live.
    public let store: PersistentStore
    /// The store's identifier in object-ID URIs (`uriString(of:)`); contexts opened with
    /// `init(sibling:)` share it.
    public var storeIdentifier = ObjectContext.defaultStoreIdentifier

    /// The live objects by ID (`ObjectTable`: a slot per ID, no hash table).
    var registered = ObjectTable()
    /// Moves each time an object is registered under an ID that may have had another object
    /// before (an undo or redo, a rollback, a merge, a refresh from the store): while it
    /// stands still, `object(with:)` answers each ID with the object it answered before, or nil
    /// once that object is deleted. A layer that keeps the object it read last checks this count
    /// rather than asking again (FetchSimCoreData's `NSManagedObject`); a new object's insert
    /// does not move it, since no one can have read another object under a new ID.
    package let registrations = RegistrationCount()
    /// The number of live objects per entity name.
    var liveCounts: [String: Int] = [:]
    /// What the objects of each entity share (`ObjectKind`); replaced when the entity is.
    var kinds: [String: ObjectKind] = [:]
    /// Hands out object IDs; contexts on one store share it (`init(sibling:)`), so no two objects
    /// ever get the same ID.
    var idCounter = ObjectIDCounter(next: 1)
    var nextObjectID: Int {
        get { idCounter.next }
        set { idCounter.next = newValue }
    }

    // The change event being built (one run-loop turn).
    var pendingInserted: [ObjectID: ManagedObject] = [:]
    var pendingUpdated: [ObjectID: PendingOlds] = [:]  // attribute index → value at event start
    var pendingDeleted: [ObjectID: (object: ManagedObject, valuesBefore: [Value])] = [:]
    /// Objects `refresh(_:)` was called on in the current event (ObjectContext+Refresh.swift).
    var pendingRefreshed: Set<ObjectID> = []
    /// What the schema's relationships ask of an event (inverses, delete rules); nil when
    /// nothing (RelationshipRules.swift).
    var relationshipRules: RelationshipRules?
    /// Objects deleted in the current event (an insert cancelled too) whose delete rules are
    /// still to apply; only while `relationshipRules` is set.
    var pendingRuleDeletes: [ManagedObject] = []
    /// Objects with a *Deny* relationship deleted since the last save, for the save to check.
    var deletedDenying: [ObjectID: ManagedObject] = [:]

    // Objects changed by processed events since the last save.
    var dirtyIDs = ObjectIDSet()
    /// Inserted objects given a permanent ID before their save (`obtainPermanentIDs(for:)`).
    var permanentBeforeSave: Set<ObjectID> = []
    /// IDs at or above this were handed out after the last save or load, so the store cannot hold
    /// them (IDs are never reused): save and rollback need not ask it.
    var firstUncommittedID = 1
    var undoStack: [ChangeRecord] = []
    var redoStack: [ChangeRecord] = []
    /// The name the next processed event gets on the undo stack (`setActionName(_:)`).
    var pendingActionName: String?
    var isPosting = false
    var isReplayingHistory = false

    private var observers: [(token: ObserverToken, body: (ContextNotification) -> Void)] = []
    private var nextObserverToken = 0

    /// Opens a context on `store`, loading its committed schema and objects.
    ///
    /// Objects are built straight from the store's rows (`PersistentStore.load(schema:object:)`),
    /// with no intermediate `StoredObject` per row.
    public init(store: PersistentStore = InMemoryStore()) throws(ObjectGraphError) {
        self.store = store
        var entities: [(entity: Entity, kind: ObjectKind)] = []
        // Per entity position, read in the loop without copying an `Entity` (a dozen references).
        var kinds: [ObjectKind] = []
        var counts: [Int] = []
        var highestID = 0
        try store.load(
            schema: { schema, next throws(ObjectGraphError) in
                self.schema = schema
                nextObjectID = next
                entities = schema.entities.map { ($0, kind(for: $0)) }
                kinds = entities.map(\.kind)
                counts = Array(repeating: 0, count: entities.count)
            },
            object: { id, entityIndex, values throws(ObjectGraphError) in
                guard kinds.indices.contains(entityIndex) else {
                    throw .store("object \(id) belongs to no entity of the schema")
                }
                let kind = kinds[entityIndex]
                guard values.count == kind.valueCount else {
                    let entity = entities[entityIndex].entity
                    throw .store(
                        "object \(id) has \(values.count) values but entity '\(entity.name)' has \(entity.attributes.count) attributes"
                    )
                }
                guard ObjectID.validRange.contains(id.rawValue) else {
                    throw .store("object ID \(id.rawValue) is out of range")
                }
                // Counted per entity position here rather than per name in `register`.
                guard registered.insert(ManagedObject.make(id, kind: kind, values: values)) else {
                    throw .store("object \(id) is stored twice")
                }
                counts[entityIndex] += 1
                highestID = max(highestID, id.rawValue)
            })
        registered.densify()
        for (index, count) in counts.enumerated() where count > 0 {
            liveCounts[entities[index].entity.name, default: 0] += count
        }
        nextObjectID = max(nextObjectID, highestID + 1)
        firstUncommittedID = nextObjectID
        schemaDidChange()
    }

    // MARK: Schema and lookup

    /// Defines an entity, or accepts an identical redefinition. A different definition replaces
    /// the old one while no object of the entity exists (a typo need not be permanent); the
    /// undo history, whose objects have the old shape, is cleared then. Saving replaces the
    /// entity in the store too (the store refuses if it still holds objects of it).
    public func define(_ entity: Entity) throws(ObjectGraphError) {
        guard let existing = schema.entity(named: entity.name), existing != entity else {
            try schema.add(entity)
            schemaDidChange()
            return
        }
        let live = liveCounts[entity.name] ?? 0
        let pending = pendingDeleted.values.filter { $0.object.entity.name == entity.name }.count
        guard live + pending == 0 else { throw .entityInUse(entity.name, objects: live + pending) }
        try schema.replace(entity)
        kinds[entity.name] = nil
        undoStack.removeAll()
        redoStack.removeAll()
        schemaDidChange()
    }

    /// Defines several entities at once — a model's, whose relationships point to each other and
    /// whose sub-entities may come before their parents — with `define`'s rules for each: an
    /// identical one is kept, a different one replaces the old while no object of it exists.
    /// Only the place in a hierarchy (`parentName`, `isAbstract`) may change while objects exist:
    /// their values keep their layout (a store that does not record the hierarchy gets it back
    /// from the model this way).
    public func define(_ entities: [Entity]) throws(ObjectGraphError) {
        let changed = entities.filter { schema.entity(named: $0.name) != $0 }
        guard !changed.isEmpty else { return }
        var reshaped: [String] = []
        for entity in changed {
            guard let existing = schema.entity(named: entity.name), existing.attributes != entity.attributes else {
                continue
            }
            let live = liveCounts[entity.name] ?? 0
            let pending = pendingDeleted.values.filter { $0.object.entity.name == entity.name }.count
            guard live + pending == 0 else { throw .entityInUse(entity.name, objects: live + pending) }
            reshaped.append(entity.name)
        }
        try schema.merge(changed)
        if !reshaped.isEmpty {
            for name in reshaped { kinds[name] = nil }
            undoStack.removeAll()
            redoStack.removeAll()
        }
        schemaDidChange()
    }

    /// The live object with `id`, or `nil` if there is none (never inserted, or deleted).
    public func object(with id: ObjectID) -> ManagedObject? {
        registered[id]
    }

    /// Every live object of the entity named `name`, in the order they were created (by ID).
    ///
    /// The objects are read from the ID-indexed table (`ObjectTable`) in slot order, so they come
    /// sorted without a sort, and whoever reads them next walks memory in allocation order.
    /// - Complexity: O(n) for n objects in the context (IDs handed out and not yet reused by any).
    public func objects(ofEntity name: String) -> [ManagedObject] {
        guard let count = liveCounts[name], count > 0, let kind = kinds[name] else { return [] }
        var objects: [ManagedObject] = []
        objects.reserveCapacity(count)
        if count == registered.count {
            registered.forEach { objects.append($0) }
        } else {
            registered.forEach { if $0.kind === kind { objects.append($0) } }
        }
        return objects
    }

    /// The number of live objects.
    public var objectCount: Int { registered.count }

    /// Whether there are edits not yet processed into a change event.
    public var hasPendingChanges: Bool {
        !pendingInserted.isEmpty || !pendingUpdated.isEmpty || !pendingDeleted.isEmpty || !pendingRefreshed.isEmpty
            || !pendingRuleDeletes.isEmpty
    }

    /// Whether anything changed since the last save (processed or pending).
    public var hasChanges: Bool { hasPendingChanges || !dirtyIDs.isEmpty }
    /// Whether processed change events changed objects since the last save (pending edits not counted).
    package var hasUnsavedEvents: Bool { !dirtyIDs.isEmpty }

    // MARK: Edits

    /// Inserts a new object. Unnamed attributes get their initial value; values are type-checked.
    @discardableResult
    public func insert(_ entityName: String, values: [(key: String, value: Value)] = []) throws(ObjectGraphError)
        -> ManagedObject
    {
        let entity = try schema.requireEntity(entityName)
        guard !entity.isAbstract else {
            throw .invalidEntity(
                entityName, problem: "it is abstract: only objects of its sub-entities can be inserted")
        }
        guard nextObjectID < ObjectID.validRange.upperBound else { throw .store("no object IDs are left to hand out") }
        var row = entity.attributes.map(\.initialValue)
        for (key, value) in values {
            let (index, attribute) = try entity.requireAttribute(key)
            row[index] = try attribute.acceptingEdit(value, entity: entity.name)
            try checkReference(row[index], for: attribute, of: entity.name)
        }
        let object = ManagedObject.make(ObjectID(nextObjectID), kind: kind(for: entity), values: row)
        nextObjectID += 1
        register(object, isNew: true)
        pendingInserted[object.objectID] = object
        return object
    }

    /// Sets one attribute of a live object; the change is recorded for the next change event.
    public func setValue(_ value: Value, forKey key: String, of id: ObjectID) throws(ObjectGraphError) {
        let object = try liveObject(id)
        // The entity read once: each `object.entity` copies it (its name, attributes and lookup table retained).
        let entity = object.entity
        let (index, attribute) = try entity.requireAttribute(key)
        let coerced = try attribute.acceptingEdit(value, entity: entity.name)
        try checkReference(coerced, for: attribute, of: entity.name)
        if pendingInserted[id] == nil {
            // One lookup: the entry is found (or made) once, and the start value recorded only
            // if the event has not written this attribute yet.
            pendingUpdated[id, default: [:]].recordStart(of: index) { object.value(at: index) }
        }
        object.setValue(coerced, at: index)
    }

    /// The values `object` had when the last change event was delivered: its pending edits (and
    /// those before a pending delete) taken back. Without pending edits, its current values.
    /// - Complexity: O(attributes).
    package func deliveredValues(of object: ManagedObject) -> [Value] {
        if let deleted = pendingDeleted[object.objectID] { return deleted.valuesBefore }
        guard let olds = pendingUpdated[object.objectID] else { return object.values }
        var values = object.values
        for (index, value) in olds { values[index] = value }
        return values
    }

    /// Deletes a live object. Deleting an object inserted in the same event cancels both.
    public func delete(_ id: ObjectID) throws(ObjectGraphError) {
        let object = try liveObject(id)
        nullifyReferences(to: object)
        unregister(object)
        object.isDeleted = true
        if relationshipRules?.rules[object.entity.name] != nil, !isReplayingHistory {
            pendingRuleDeletes.append(object)
        }
        if pendingInserted.removeValue(forKey: id) != nil { return }
        var before = object.values
        if let olds = pendingUpdated.removeValue(forKey: id) {
            for (index, value) in olds { before[index] = value }
        }
        pendingDeleted[id] = (object, before)
    }

    func liveObject(_ id: ObjectID) throws(ObjectGraphError) -> ManagedObject {
        if let object = registered[id] { return object }
        if id.rawValue > 0, id.rawValue < nextObjectID { throw .deletedObject(id) }
        throw .unknownObject(id)
    }

    /// Adds `object` to the live objects. It must be of this context (`kind(for:)`). `isNew`: its
    /// ID was handed out just now, so no object was ever registered under it (`registrations`).
    func register(_ object: ManagedObject, isNew: Bool = false) {
        if registered[object.objectID] == nil { liveCounts[object.entity.name, default: 0] += 1 }
        if !isNew { registrations.value &+= 1 }
        registered.insert(object)
    }

    func unregister(_ object: ManagedObject) {
        guard registered[object.objectID] != nil else { return }
        registered.remove(object.objectID)
        liveCounts[object.entity.name, default: 1] -= 1
    }

    /// The kind every object of `entity` created in this context gets.
    func kind(for entity: Entity) -> ObjectKind {
        if let kind = kinds[entity.name] { return kind }
        let kind = ObjectKind(entity: entity, context: self)
        kinds[entity.name] = kind
        return kind
    }

    /// A new object of this context (not yet registered).
    func makeObject(_ id: ObjectID, entity: Entity, values: [Value]) -> ManagedObject {
        ManagedObject.make(id, kind: kind(for: entity), values: values)
    }

    // MARK: Observers

    /// Registers `body` for every notification this context posts, in registration order.
    @discardableResult
    public func addObserver(_ body: @escaping (ContextNotification) -> Void) -> ObserverToken {
        nextObserverToken += 1
        let token = ObserverToken(rawValue: nextObserverToken)
        observers.append((token, body))
        return token
    }

    /// Stops delivering notifications to the observer registered with `token`.
    public func removeObserver(_ token: ObserverToken) {
        observers.removeAll { $0.token == token }
    }

    func post(_ notification: ContextNotification) {
        isPosting = true
        defer { isPosting = false }
        for observer in observers { observer.body(notification) }
    }
}

/// A count an object context moves (`ObjectContext.registrations`), shared with whoever checks it
/// without going through the context.
package final class RegistrationCount {
    /// The count; only its changes mean anything.
    package internal(set) var value = 0
}
