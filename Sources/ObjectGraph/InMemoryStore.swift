/// The default store: committed objects kept in memory for the life of the process.
///
/// ```swift
/// let store = InMemoryStore()
/// let context = try ObjectContext(store: store)
/// try context.define(Entity(name: "Note", attributes: [Attribute("title", .string)]))
/// try context.insert("Note", values: [("title", .string("Milk"))])
/// try context.save()                        // store.saveCount == 1
/// let reopened = try ObjectContext(store: store)
/// reopened.objects(ofEntity: "Note").count  // 1: the saved note
/// ```
public final class InMemoryStore: PersistentStore {
    private var schema: Schema
    private var objects: [ObjectID: StoredObject] = [:]
    private var nextObjectID: Int
    private var settings: [String: String] = [:]
    /// The saves written since the store was made.
    public private(set) var saveCount = 0
    /// The kind of store this one stands for: `"InMemory"`, or `"SQLite"` for the snapshot of a
    /// store file that a replayed session starts on (so that it behaves as the file did).
    public var storeType = "InMemory"

    /// A store that starts with `objects` under `schema`; new objects get IDs from `nextObjectID` on.
    public init(schema: Schema = Schema(), objects: [StoredObject] = [], nextObjectID: Int = 1) {
        self.schema = schema
        for object in objects { self.objects[object.id] = object }
        self.nextObjectID = max(nextObjectID, (objects.map(\.id.rawValue).max() ?? 0) + 1)
    }

    public func load() -> StoreContents {
        StoreContents(schema: schema, objects: objects.values.sorted { $0.id < $1.id }, nextObjectID: nextObjectID)
    }

    public func committedObject(_ id: ObjectID) -> StoredObject? {
        objects[id]
    }

    public func save(_ changes: StoreChanges) {
        schema = changes.schema
        for id in changes.deleted { objects[id] = nil }
        for object in changes.upserted { objects[object.id] = object }
        nextObjectID = max(nextObjectID, changes.nextObjectID)
        // A save that writes no object leaves the file as it was.
        if !changes.upserted.isEmpty || !changes.deleted.isEmpty { saveCount += 1 }
    }

    /// A store in memory keeps session settings too, so that a session replayed from a snapshot
    /// of a store file restores them as the file would.
    public func sessionSettings() -> [String: String] { settings }
    public func saveSessionSettings(_ settings: [String: String]) { self.settings = settings }

    /// The number of committed objects.
    public var count: Int { objects.count }
}
