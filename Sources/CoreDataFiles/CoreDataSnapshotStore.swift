/// The objects read from a Core Data store, as the `PersistentStore` a context opens on
/// (`fetchsim --coredata-store`): they are committed from the start, and `save` keeps later
/// changes here, in memory — the Core Data file is never written.
///
/// It hands the objects to the context in ID order straight from the array the reader built —
/// no dictionary and no sort, which `InMemoryStore` needs for objects in any order.
///
/// ```swift
/// let contents = try CoreDataStoreReader.read(path: "Notes.sqlite", through: mapped)
/// let context = try ObjectContext(store: CoreDataSnapshotStore(schema: mapped.schema, contents: contents))
/// ```
package final class CoreDataSnapshotStore: PersistentStore {
    private var schema: Schema
    /// The objects by `ID - first`; nil once deleted.
    private var slots: [StoredObject?]
    private let first: Int
    /// Objects saved with IDs outside the slots (inserted after the read).
    private var added: [ObjectID: StoredObject] = [:]
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
        self.slots = contents.objects
        self.nextObjectID = first + contents.objects.count
    }

    package func load() -> StoreContents {
        StoreContents(
            schema: schema, objects: slots.compactMap { $0 } + added.values.sorted { $0.id < $1.id },
            nextObjectID: nextObjectID)
    }

    package func load(
        schema: (Schema, _ nextObjectID: Int) throws(ObjectGraphError) -> Void,
        object: (ObjectID, _ entityIndex: Int, UnsafeBufferPointer<Value>) throws(ObjectGraphError) -> Void
    ) throws(ObjectGraphError) {
        try schema(self.schema, nextObjectID)
        var positions: [String: Int] = [:]
        for (index, entity) in self.schema.entities.enumerated() { positions[entity.name] = index }
        func hand(_ stored: StoredObject) throws(ObjectGraphError) {
            guard let index = positions[stored.entity] else { throw .unknownEntity(stored.entity) }
            try stored.values.withUnsafeBufferPointer { values throws(ObjectGraphError) in
                try object(stored.id, index, values)
            }
        }
        for case let stored? in slots { try hand(stored) }
        for stored in added.values.sorted(by: { $0.id < $1.id }) { try hand(stored) }
    }

    package func committedObject(_ id: ObjectID) -> StoredObject? {
        let slot = id.rawValue - first
        return slots.indices.contains(slot) ? slots[slot] : added[id]
    }

    package func save(_ changes: StoreChanges) {
        schema = changes.schema
        for id in changes.deleted { put(nil, at: id) }
        for object in changes.upserted { put(object, at: object.id) }
        nextObjectID = max(nextObjectID, changes.nextObjectID)
    }

    private func put(_ object: StoredObject?, at id: ObjectID) {
        let slot = id.rawValue - first
        if slots.indices.contains(slot) { slots[slot] = object } else { added[id] = object }
    }
}
