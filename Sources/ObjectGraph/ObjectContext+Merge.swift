/// The next object ID, shared by every context opened on one store with `init(sibling:)` — as
/// Core Data's permanent IDs come from the one persistent store coordinator.
final class ObjectIDCounter {
    var next: Int

    init(next: Int) {
        self.next = next
    }
}

/// Which objects a merge refreshes and reports; the other updated objects change silently.
///
/// ```swift
/// let background = try ObjectContext(sibling: main)
/// try background.setValue(.string("Eggs"), forKey: "title", of: note.objectID)
/// let summary = try background.save()
/// try main.mergeChanges(fromContextDidSave: summary, reporting: .allRegistered)?.updatedIDs
/// // [note.objectID]; main's note now reads "Eggs"
/// ```
public enum MergeReporting {
    /// Every registered object the save updated (iOS 10 and later).
    case allRegistered
    /// Only the objects `isLoaded` accepts: before iOS 10 the merge ignored updated objects that
    /// were faults in the receiving context (docs/semantics.md, rule 29).
    case loadedOnly(isLoaded: (ObjectID) -> Bool)
}

extension ObjectContext {
    /// A second context on the same store — a private-queue context that is a sibling of the
    /// main one under one persistent store coordinator. It starts from the store's committed
    /// state (not `sibling`'s unsaved edits) and shares `sibling`'s object IDs.
    public convenience init(sibling: ObjectContext) throws(ObjectGraphError) {
        try self.init(store: sibling.store)
        idCounter.next = max(idCounter.next, sibling.idCounter.next)
        idCounter = sibling.idCounter
        storeIdentifier = sibling.storeIdentifier
    }

    /// Merges what another context on the same store saved, as
    /// `mergeChanges(fromContextDidSave:)`: refreshes the updated objects from the store, registers
    /// the inserted ones, deletes the deleted ones — all as one change event, returned, which the
    /// controllers observe. Nothing merged becomes an unsaved change; the merge is not undoable and
    /// clears the undo and redo history.
    ///
    /// An updated object with unsaved changes here keeps its in-memory values (`refresh(_:mergeChanges:
    /// true)` reapplies local changes over the store's). An updated object this context does not
    /// hold is ignored: a later refetch reads it (`refreshFromStore()`).
    /// - Complexity: O(k) store reads for k saved objects.
    @discardableResult
    public func mergeChanges(
        fromContextDidSave summary: SaveSummary,
        reporting: MergeReporting = .allRegistered
    ) throws(ObjectGraphError) -> ObjectsDidChange? {
        guard !isPosting else { throw .reentrantChangeProcessing }
        let dirtyBefore = dirtyIDs
        for id in summary.insertedIDs.sorted() where registered[id] == nil {
            guard let stored = try store.committedObject(id) else { continue }
            let entity = try schema.requireEntity(stored.entity)
            guard stored.values.count == entity.attributes.count else { continue }  // written under an older definition
            reinsert(makeObject(id, entity: entity, values: stored.values), values: stored.values)
        }
        for id in summary.updatedIDs.sorted() {
            guard let object = registered[id], !dirtyBefore.contains(id), pendingUpdated[id] == nil,
                let stored = try store.committedObject(id), stored.values.count == object.values.count
            else { continue }
            if case .loadedOnly(let isLoaded) = reporting, !isLoaded(id) {
                object.values = stored.values  // the fault fires with the store's values; nobody is told
                continue
            }
            for (index, value) in stored.values.enumerated() where object.value(at: index) != value {
                try setValue(value, forKey: object.entity.attributes[index].name, of: id)
            }
        }
        for id in summary.deletedIDs.sorted() where registered[id] != nil {
            try delete(id)
        }
        isReplayingHistory = true
        defer { isReplayingHistory = false }
        let event = try processPendingChanges()
        dirtyIDs = dirtyBefore
        firstUncommittedID = max(firstUncommittedID, nextObjectID)
        if event != nil {
            // The history's records hold values the merge replaced and objects it deleted:
            // replaying them would resurrect what another context removed.
            undoStack.removeAll()
            redoStack.removeAll()
        }
        return event
    }

    /// Merges the IDs a batch request returned into `contexts`, as
    /// `NSManagedObjectContext.mergeChanges(fromRemoteContextSave:into:)`: each context refreshes,
    /// registers or deletes them like `mergeChanges(fromContextDidSave:)`, one change event each.
    @discardableResult
    public static func mergeChanges(
        fromRemoteContextSave changes: SaveSummary,
        into contexts: [ObjectContext]
    ) throws(ObjectGraphError) -> [ObjectsDidChange?] {
        var events: [ObjectsDidChange?] = []
        for context in contexts { events.append(try context.mergeChanges(fromContextDidSave: changes)) }
        return events
    }

    /// Re-reads every object without unsaved changes from the store, silently (no change event):
    /// values refreshed, objects new in the store registered, objects gone from it dropped — what a
    /// refetch with `shouldRefreshRefetchedObjects` sees. Controllers must `performFetch()` after it.
    /// - Complexity: O(n) for n objects in the store and the context.
    public func refreshFromStore() throws(ObjectGraphError) {
        guard !hasPendingChanges else { throw .store("cannot refresh with unprocessed edits") }
        let contents = try store.load()
        var inStore: Set<ObjectID> = []
        for stored in contents.objects {
            inStore.insert(stored.id)
            guard !dirtyIDs.contains(stored.id), let entity = schema.entity(named: stored.entity),
                stored.values.count == entity.attributes.count, ObjectID.validRange.contains(stored.id.rawValue)
            else { continue }
            if let object = registered[stored.id], object.valueCount == stored.values.count {
                object.values = stored.values
            } else {
                register(makeObject(stored.id, entity: entity, values: stored.values))
            }
        }
        var gone: [ManagedObject] = []
        registered.forEach { if !inStore.contains($0.objectID) && !dirtyIDs.contains($0.objectID) { gone.append($0) } }
        for object in gone {
            unregister(object)
            object.isDeleted = true
        }
        nextObjectID = max(nextObjectID, contents.nextObjectID)
        firstUncommittedID = max(firstUncommittedID, nextObjectID)
    }

    /// What a fresh fetch reads: the store's committed objects with this context's unsaved
    /// changes on top (its inserts and edits in, its deletes out), as `StoreContents`.
    /// - Complexity: O(n) for n objects in the store.
    package func freshContents() throws(ObjectGraphError) -> StoreContents {
        var contents = try store.load()
        contents.schema = schema
        contents.objects.removeAll { dirtyIDs.contains($0.id) || pendingDeleted[$0.id] != nil }
        for id in dirtyIDs.union(pendingInserted.keys).union(pendingUpdated.keys).sorted() {
            guard let object = registered[id] else { continue }
            contents.objects.append(StoredObject(id: id, entity: object.entity.name, values: object.values))
        }
        contents.objects.sort { $0.id < $1.id }
        contents.nextObjectID = max(contents.nextObjectID, nextObjectID)
        return contents
    }

    /// The store's committed objects of the entity named `name` and, unless
    /// `includingSubentities` is false, of the entities that inherit from it (as a fetch reads
    /// them), in ID order — what a batch request reads (it never looks at any context's objects).
    package func committedObjects(ofEntity name: String, includingSubentities: Bool = true) throws(ObjectGraphError)
        -> [StoredObject]
    {
        let names = includingSubentities ? Set(schema.family(of: name)) : [name]
        return try store.load().objects.filter { names.contains($0.entity) }
    }

    /// Writes `upserted` and `deleted` straight to the store, bypassing every context: no change
    /// event, no undo, no unsaved change — what `NSBatchUpdateRequest`/`NSBatchDeleteRequest` do.
    package func writeToStoreDirectly(upserted: [StoredObject], deleted: [ObjectID]) throws(ObjectGraphError) {
        try store.save(
            StoreChanges(
                schema: try store.load().schema, upserted: upserted, deleted: deleted, nextObjectID: nextObjectID))
    }
}

extension SaveSummary {
    /// A summary of these IDs — what a batch request returns, to merge with
    /// `ObjectContext.mergeChanges(fromRemoteContextSave:into:)`.
    public init(inserted: Set<ObjectID> = [], updated: Set<ObjectID> = [], deleted: Set<ObjectID> = []) {
        self.init(insertedIDs: inserted, updatedIDs: updated, deletedIDs: deleted)
    }
}
