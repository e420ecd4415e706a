/// One processed change event as undo and redo replay it.
struct ChangeRecord {
    var inserted: [(object: ManagedObject, values: [Value])]
    var deleted: [(object: ManagedObject, values: [Value])]
    /// The updated objects; `updatedChanges[i]` are the changed keys of `updated[i]`.
    var updated: [ManagedObject]
    var updatedChanges: UpdatedChanges
    /// What the event did, for `undo`/`redo` to say (NSUndoManager's action name).
    var actionName: String?

    /// The event that takes this one back.
    var inverse: ChangeRecord {
        ChangeRecord(
            inserted: deleted,
            deleted: inserted,
            updated: updated,
            updatedChanges: updatedChanges.inverted,
            actionName: actionName
        )
    }
}

extension ObjectContext {
    /// Makes `record` pending as edits of the current event.
    func stage(_ record: ChangeRecord) throws(ObjectGraphError) {
        for (object, _) in record.deleted {
            try delete(object.objectID)
        }
        for (object, values) in record.inserted {
            reinsert(object, values: values)
        }
        for (index, object) in record.updated.enumerated() {
            let changes = record.updatedChanges[index]
            // A write that changed no value is replayed as one: the object is updated again.
            if changes.isEmpty { touch(object.objectID) }
            for change in changes {
                try setValue(change.newValue, forKey: change.key, of: object.objectID)
            }
        }
    }

    /// Marks a live object updated in the pending event without changing a value.
    func touch(_ id: ObjectID) {
        guard pendingInserted[id] == nil, registered[id] != nil else { return }
        if pendingUpdated[id] == nil { pendingUpdated[id] = [:] }
    }

    /// Brings a deleted object back under its own ID, as a pending insert.
    func reinsert(_ object: ManagedObject, values: [Value]) {
        object.values = values
        object.isDeleted = false
        register(object)
        pendingInserted[object.objectID] = object
    }
}
