/// An object as a store holds it: identity, entity name and values in attribute order.
///
/// ```swift
/// let schema = try Schema(entities: [Entity(name: "Note", attributes: [Attribute("title", .string)])])
/// let milk = StoredObject(id: ObjectID(1), entity: "Note", values: [.string("Milk")])
/// let context = try ObjectContext(store: InMemoryStore(schema: schema, objects: [milk], nextObjectID: 2))
/// context.object(with: ObjectID(1))?["title"]  // .string("Milk")
/// ```
public struct StoredObject: Hashable, Sendable {
    /// The object's identity.
    public var id: ObjectID
    /// The name of the object's entity.
    public var entity: String
    /// The values, in the entity's attribute order.
    public var values: [Value]

    /// A stored object of `entity` with `values` in attribute order.
    public init(id: ObjectID, entity: String, values: [Value]) {
        self.id = id
        self.entity = entity
        self.values = values
    }
}

/// The committed state a store returns when opened.
///
/// ```swift
/// let store = InMemoryStore(schema: schema, objects: [milk], nextObjectID: 2)
/// let contents = store.load()
/// contents.objects        // [milk]
/// contents.nextObjectID   // 2
/// ```
public struct StoreContents: Sendable {
    public var schema: Schema
    /// Every committed object.
    public var objects: [StoredObject]
    /// The next object ID to hand out; IDs below it are never reused.
    public var nextObjectID: Int

    /// Everything a store holds.
    public init(schema: Schema, objects: [StoredObject], nextObjectID: Int) {
        self.schema = schema
        self.objects = objects
        self.nextObjectID = nextObjectID
    }
}

/// What one save writes, in one transaction.
///
/// ```swift
/// let eggs = StoredObject(id: ObjectID(2), entity: "Note", values: [.string("Eggs")])
/// store.save(StoreChanges(schema: schema, upserted: [eggs], deleted: [ObjectID(1)], nextObjectID: 3))
/// store.load().objects    // [eggs]
/// ```
public struct StoreChanges: Sendable {
    public var schema: Schema
    /// Objects inserted or updated, with all their values.
    public var upserted: [StoredObject]
    /// Objects removed.
    public var deleted: [ObjectID]
    /// The ID the next inserted object will get; IDs are never reused.
    public var nextObjectID: Int

    public init(schema: Schema, upserted: [StoredObject], deleted: [ObjectID], nextObjectID: Int) {
        self.schema = schema
        self.upserted = upserted
        self.deleted = deleted
        self.nextObjectID = nextObjectID
    }
}

/// Where a context's committed objects live: in memory by default, or a file.
///
/// A context reads its store when it is made and writes to it on `save()`. `InMemoryStore` is the
/// default; `SQLiteStore` (its own product) keeps the objects in a file.
///
/// ```swift
/// func noteCount(in store: any PersistentStore) throws -> Int {
///     try store.load().objects.count { $0.entity == "Note" }
/// }
/// try context.insert("Note", values: [("title", .string("Milk"))])
/// try noteCount(in: context.store)  // 0: the insert is not saved yet
/// try context.save()
/// try noteCount(in: context.store)  // 1
/// ```
public protocol PersistentStore: AnyObject {
    /// Reads the committed schema, objects and ID counter.
    func load() throws(ObjectGraphError) -> StoreContents
    /// The committed values of `id`, or `nil` if the store does not hold it.
    func committedObject(_ id: ObjectID) throws(ObjectGraphError) -> StoredObject?
    /// Writes `changes` atomically: all of them or none.
    func save(_ changes: StoreChanges) throws(ObjectGraphError)
    /// Reads what `load()` reads without building `StoreContents`, for a context to build its
    /// objects straight from the rows: first `schema` gets the committed schema and the next object
    /// ID, then `object` gets every committed object in turn — its ID, the position of its entity
    /// in that schema, and its values in a span valid only during the call.
    ///
    /// The default implementation calls `load()`; a store that reads rows (`SQLiteStore`) hands
    /// each one over as it decodes it.
    func load(
        schema: (Schema, _ nextObjectID: Int) throws(ObjectGraphError) -> Void,
        object: (ObjectID, _ entityIndex: Int, Span<Value>) throws(ObjectGraphError) -> Void)
        throws(ObjectGraphError)
    /// Whether the store refuses `save` because its file cannot be written; the objects it holds
    /// are still read.
    var isReadOnly: Bool { get }
    /// The session settings kept beside the objects — what a session that reopens the store
    /// starts with (the fetch, the adapter, …), keyed by name. Empty when none were saved.
    func sessionSettings() throws(ObjectGraphError) -> [String: String]
    /// Replaces the kept session settings with `settings`, in one transaction.
    func saveSessionSettings(_ settings: [String: String]) throws(ObjectGraphError)
    /// Core Data's name for the kind of store: `"SQLite"` for a SQLite file, `"InMemory"` for
    /// one that keeps its objects in memory. A fetched results controller computes sections
    /// with a grouped fetch only when every store is SQLite (docs/semantics.md, "Sections on a
    /// SQLite store").
    var storeType: String { get }
    /// The saves the store has written since it was opened. Core Data's section cache goes stale
    /// when the store file's modification time changes, or when a context other than the
    /// controller's saves (docs/semantics.md, "A stale cache reused"); this counter stands for
    /// both, deterministically.
    var saveCount: Int { get }
}

extension PersistentStore {
    /// By default a store is writable, keeps no session settings, is an in-memory one and never saves.
    public var isReadOnly: Bool { false }
    public var storeType: String { "InMemory" }
    public var saveCount: Int { 0 }
    /// Whether a fetch against the store is compiled to SQL, as Core Data's SQLite store compiles
    /// it, rather than evaluated on the objects in memory: such a fetch cannot read a transient
    /// attribute (docs/semantics.md, "Transient attributes"). It follows from the store's type, so
    /// a replayed store snapshot that stands for a SQLite file refuses what the file did.
    public var compilesFetchesToSQL: Bool { storeType == "SQLite" }
    public func sessionSettings() throws(ObjectGraphError) -> [String: String] { [:] }
    public func saveSessionSettings(_ settings: [String: String]) throws(ObjectGraphError) {}

    public func load(
        schema: (Schema, _ nextObjectID: Int) throws(ObjectGraphError) -> Void,
        object: (ObjectID, _ entityIndex: Int, Span<Value>) throws(ObjectGraphError) -> Void
    ) throws(ObjectGraphError) {
        let contents = try load()
        try schema(contents.schema, contents.nextObjectID)
        var positions: [String: Int] = [:]
        for (index, entity) in contents.schema.entities.enumerated() { positions[entity.name] = index }
        for stored in contents.objects {
            guard let index = positions[stored.entity] else { throw .unknownEntity(stored.entity) }
            try object(stored.id, index, stored.values.span)
        }
    }
}
