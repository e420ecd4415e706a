/// The store of a child context (Core Data's `parentContext`): the parent context itself. The
/// child reads the parent's objects as they are now, unsaved changes included, and its save
/// pushes what it changed into the parent as the parent's pending edits — the parent's store is
/// not touched, and the parent's observers hear of the changes when it processes them.
final class ParentContextStore: PersistentStore {
    /// The context the child saves into; a child keeps its parent alive, as Core Data's does.
    let parent: ObjectContext

    init(parent: ObjectContext) {
        self.parent = parent
    }

    func load() throws(ObjectGraphError) -> StoreContents {
        try parent.freshContents()
    }

    func committedObject(_ id: ObjectID) throws(ObjectGraphError) -> StoredObject? {
        if let object = parent.object(with: id) {
            return StoredObject(id: id, entity: object.entity.name, values: object.values)
        }
        // Deleted in the parent (pending or processed): gone for the child too.
        if parent.pendingDeleted[id] != nil || parent.dirtyIDs.contains(id) { return nil }
        return try parent.store.committedObject(id)
    }

    func save(_ changes: StoreChanges) throws(ObjectGraphError) {
        try parent.applyChildSave(changes)
    }
}

extension ObjectContext {
    /// A child context of `parent`, as Core Data's `NSManagedObjectContext` with a `parent`: it
    /// starts from the parent's objects with their unsaved changes, shares the parent's object
    /// IDs, and its `save()` pushes its changes into the parent (pending there until the parent
    /// processes them) instead of writing a store.
    ///
    /// ```swift
    /// let child = try ObjectContext(childOf: context)
    /// try child.setValue(.string("Milk"), forKey: "title", of: id)
    /// try child.save()                       // context now has the edit pending
    /// try context.processPendingChanges()    // its controllers hear of it
    /// ```
    public convenience init(childOf parent: ObjectContext) throws(ObjectGraphError) {
        try self.init(store: ParentContextStore(parent: parent))
        idCounter.next = max(idCounter.next, parent.idCounter.next)
        idCounter = parent.idCounter
        storeIdentifier = parent.storeIdentifier
    }

    /// Whether this context is a child (`init(childOf:)`): its saves go to its parent.
    public var isChildContext: Bool { store is ParentContextStore }

    /// Makes what a child saved pending edits of this context: objects new here are inserted
    /// under their own IDs (first, so that references between them hold), changed values are
    /// set, deleted objects deleted. An object this context deleted meanwhile stays deleted.
    func applyChildSave(_ changes: StoreChanges) throws(ObjectGraphError) {
        guard !isPosting else { throw .reentrantChangeProcessing }
        var updates: [StoredObject] = []
        for stored in changes.upserted {
            guard registered[stored.id] == nil else {
                updates.append(stored)
                continue
            }
            guard pendingDeleted[stored.id] == nil, !dirtyIDs.contains(stored.id) else { continue }
            let entity = try schema.requireEntity(stored.entity)
            guard stored.values.count == entity.attributes.count else { continue }
            reinsert(makeObject(stored.id, entity: entity, values: stored.values), values: stored.values)
        }
        for stored in updates {
            guard let object = registered[stored.id], object.valueCount == stored.values.count else { continue }
            for (index, value) in stored.values.enumerated() where object.value(at: index) != value {
                try setValue(value, forKey: object.entity.attributes[index].name, of: stored.id)
            }
        }
        for id in changes.deleted where registered[id] != nil {
            try delete(id)
        }
    }
}
