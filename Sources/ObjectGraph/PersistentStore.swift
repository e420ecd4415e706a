/// An object as a store holds it: identity, entity name and values in attribute order.
public struct StoredObject: Hashable, Sendable {
    public var id: ObjectID
    public var entity: String
    public var values: [Value]

    public init(id: ObjectID, entity: String, values: [Value]) {
        self.id = id
        self.entity = entity
        self.values = values
    }
}

/// The committed state a store returns when opened.
public struct StoreContents: Sendable {
    public var schema: Schema
    public var objects: [StoredObject]
    /// The next object ID to hand out; IDs below it are never reused.
    public var nextObjectID: Int

    public init(schema: Schema, objects: [StoredObject], nextObjectID: Int) {
        self.schema = schema
        self.objects = objects
        self.nextObjectID = nextObjectID
    }
}

/// What one save writes, in one transaction.
public struct StoreChanges: Sendable {
    public var schema: Schema
    public var upserted: [StoredObject]
    public var deleted: [ObjectID]
    public var nextObjectID: Int

    public init(schema: Schema, upserted: [StoredObject], deleted: [ObjectID], nextObjectID: Int) {
        self.schema = schema
        self.upserted = upserted
        self.deleted = deleted
        self.nextObjectID = nextObjectID
    }
}

/// Where a context's committed objects live: in memory by default, or a file.
public protocol PersistentStore: AnyObject {
    /// Reads the committed schema, objects and ID counter.
    func load() throws(ObjectGraphError) -> StoreContents
    /// The committed values of `id`, or `nil` if the store does not hold it.
    func committedObject(_ id: ObjectID) throws(ObjectGraphError) -> StoredObject?
    /// Writes `changes` atomically: all of them or none.
    func save(_ changes: StoreChanges) throws(ObjectGraphError)
}
