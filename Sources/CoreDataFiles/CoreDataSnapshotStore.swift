import ObjectGraph

/// The objects read from a Core Data store, as the `PersistentStore` a context opens on
/// (`fetchsim --coredata-store`): they are committed from the start, and `save` keeps later
/// changes here, in memory — the Core Data file is never written.
///
/// The objects read are handed to the first context that loads the store, in ID order straight
/// from the array the reader built, and then let go: from there on a committed value is read
/// back from the file when asked for (`CoreDataStoreRows`), as FetchSim's own store reads its
/// file, so that the objects cost memory once, in the context. Two kinds of objects stay here:
/// those saved since (their committed values are no longer the file's), and those of entities
/// with to-many relationships (a to-many list is gathered from other rows; the lists are shared
/// with the context's objects). Contents that came from no file (a transcript's embedded text)
/// stay here whole.
///
/// ```swift
/// let contents = try CoreDataStoreReader.read(path: "Notes.sqlite", through: mapped)
/// let context = try ObjectContext(store: CoreDataSnapshotStore(schema: mapped.schema, contents: contents))
/// ```
package final class CoreDataSnapshotStore: PersistentStore {
    private var schema: Schema
    /// The ID of the first object read, and the number read.
    private let first: Int
    private let count: Int
    /// The objects read, in ID order, until a load hands them to a context — or for good when
    /// there is no file to read them back from.
    private var held: [StoredObject]?
    /// The file the objects were read from, which gives back their committed values once `held`
    /// is gone.
    private let rows: CoreDataStoreRows?
    /// Objects whose committed values are kept here rather than read back: saved since the read
    /// (inserted ones too), or with to-many relationships.
    private var kept: [ObjectID: StoredObject] = [:]
    /// Objects read and deleted by a save since.
    private var deleted: Set<ObjectID> = []
    private var nextObjectID: Int

    /// A store holding `contents`, whose objects must have consecutive IDs in order (as
    /// `CoreDataStoreReader` hands them out).
    package init(schema: Schema, contents: CoreDataStoreContents) {
        self.schema = schema
        let first = contents.objects.first?.id.rawValue ?? 1
        precondition(
            contents.objects.enumerated().allSatisfy { $0.element.id.rawValue == first + $0.offset },
            "CoreDataSnapshotStore needs consecutive object IDs, as CoreDataStoreReader gives them")
        self.first = first
        self.count = contents.objects.count
        self.held = contents.objects
        self.rows = contents.rows.flatMap { $0.count == contents.objects.count ? CoreDataStoreRows($0) : nil }
        self.nextObjectID = first + contents.objects.count
        if rows != nil {
            let withToMany = Set(schema.entities.filter { $0.attributes.contains(where: \.isToMany) }.map(\.name))
            for object in contents.objects where withToMany.contains(object.entity) { kept[object.id] = object }
        }
    }

    package func load() throws(ObjectGraphError) -> StoreContents {
        var objects: [StoredObject] = []
        try forEachCommitted { objects.append($0) }
        return StoreContents(schema: schema, objects: objects, nextObjectID: nextObjectID)
    }

    package func load(
        schema: (Schema, _ nextObjectID: Int) throws(ObjectGraphError) -> Void,
        object: (ObjectID, _ entityIndex: Int, Span<Value>) throws(ObjectGraphError) -> Void
    ) throws(ObjectGraphError) {
        try schema(self.schema, nextObjectID)
        var positions: [String: Int] = [:]
        for (index, entity) in self.schema.entities.enumerated() { positions[entity.name] = index }
        try forEachCommitted { stored throws(ObjectGraphError) in
            guard let index = positions[stored.entity] else { throw .unknownEntity(stored.entity) }
            try object(stored.id, index, stored.values.span)
        }
    }

    package func committedObject(_ id: ObjectID) throws(ObjectGraphError) -> StoredObject? {
        if let object = kept[id] { return object }
        let index = id.rawValue - first
        guard !deleted.contains(id), index >= 0, index < count else { return nil }
        if let held { return held[index] }
        guard let rows else { return nil }
        do {
            return try rows.object(at: index)
        } catch {
            throw .store("\(error)")
        }
    }

    package func save(_ changes: StoreChanges) {
        schema = changes.schema
        for id in changes.deleted {
            kept[id] = nil
            if id.rawValue >= first && id.rawValue - first < count { deleted.insert(id) }
        }
        for object in changes.upserted {
            kept[object.id] = object
            deleted.remove(object.id)
        }
        nextObjectID = max(nextObjectID, changes.nextObjectID)
    }

    /// Calls `body` with every committed object in ID order: the objects read (held, or read
    /// again from the file) with the saved ones in their place, then those inserted since.
    /// The first call lets the held objects go when a file can give them back.
    private func forEachCommitted(_ body: (StoredObject) throws(ObjectGraphError) -> Void) throws(ObjectGraphError) {
        let read: [StoredObject]
        if let held {
            read = held
            if rows != nil { self.held = nil }
        } else if let rows {
            do {
                read = try rows.all()
            } catch {
                throw .store("\(error)")
            }
        } else {
            read = []
        }
        for object in read where !deleted.contains(object.id) { try body(kept[object.id] ?? object) }
        let end = first + count
        for object in kept.values.filter({ $0.id.rawValue >= end || $0.id.rawValue < first }).sorted(by: {
            $0.id < $1.id
        }) {
            try body(object)
        }
    }
}
