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
                try restore(change.newValue, at: change.index, of: object)
            }
        }
    }

    /// Writes a value the history recorded back into the live `object`, as an edit of the pending
    /// event. Unlike `setValue(_:forKey:of:)` it accepts a relationship that holds an object
    /// deleted and not yet saved: undo restores the exact earlier state, and a *Deny* or *No
    /// Action* relationship (or an inverse of it) may have held such an object then, as Core
    /// Data's does until the save (docs/semantics.md, "Undo restores what the event changed").
    func restore(_ value: Value, at index: Int, of object: ManagedObject) throws(ObjectGraphError) {
        let id = object.objectID
        let live = try liveObject(id)
        if pendingInserted[id] == nil {
            pendingUpdated[id, default: [:]].recordStart(of: index) { live.value(at: index) }
        }
        live.setValue(value, at: index)
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
