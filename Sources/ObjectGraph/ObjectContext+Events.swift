import FetchSimCore
import FetchSimStorage

extension ObjectContext {
    /// Ends the current run-loop turn: coalesces the pending edits into one `objectsDidChange`
    /// notification, posts it, and returns it (`nil` when nothing changed).
    ///
    /// Every object written in the event is reported updated, as Core Data marks it (`isUpdated`)
    /// even when no value differs — a write of the value it already had, or a value set and set
    /// back (openradar 23037698); its `changedValues` list only the keys whose value differs, and
    /// may be empty. Calling this from inside an observer of the event being posted throws: the
    /// edits stay pending.
    @discardableResult
    public func processPendingChanges() throws(ObjectGraphError) -> ObjectsDidChange? {
        guard !isPosting else { throw .reentrantChangeProcessing }
        guard hasPendingChanges else { return nil }
        // Inverses and delete rules first: what they change belongs to this event. Replayed
        // history (undo, redo, rollback, merges) already holds both sides of every relationship.
        if let rules = relationshipRules {
            if !isReplayingHistory { try applyRelationshipRules(rules) } else { pendingRuleDeletes.removeAll() }
        }

        // Each list is put in ID order by sorting entries that carry their ID (structs, moved
        // without reference counting), not tuples, which copy through generic witnesses; IDs
        // are distinct, so the sort is the in-place, unstable `UnstableSort`.
        // Stored properties are read into locals once: each access to one is checked for
        // exclusivity at run time, which per object would be a large share of the event.
        let registered = self.registered
        var updates: [PendingUpdate] = []
        updates.reserveCapacity(pendingUpdated.count)
        // The objects are taken out of the table once, in ID order, into `updated` below: holding
        // them in `updates` as well would be a retain and a release more per updated object.
        for (id, olds) in pendingUpdated where registered.contains(id) {
            updates.append(PendingUpdate(id: id, olds: olds))
        }
        UnstableSort.sort(&updates) { $0.id < $1.id }
        var inserted: [ManagedObject] = []
        inserted.reserveCapacity(pendingInserted.count)
        for (_, object) in pendingInserted { inserted.append(object) }
        UnstableSort.sort(&inserted) { $0.objectID.rawValue < $1.objectID.rawValue }
        var deletes: [PendingDelete] = []
        deletes.reserveCapacity(pendingDeleted.count)
        for (id, entry) in pendingDeleted {
            deletes.append(PendingDelete(id: id, object: entry.object, valuesBefore: entry.valuesBefore))
        }
        UnstableSort.sort(&deletes) { $0.id < $1.id }
        // Emptied, not replaced: the next event's edits would grow new tables from one bucket
        // again (a resize per doubling, the most of `setValue`'s own work in a small event).
        pendingInserted.removeAll(keepingCapacity: true)
        pendingUpdated.removeAll(keepingCapacity: true)
        pendingDeleted.removeAll(keepingCapacity: true)
        // The changed keys of all updated objects in one list (`UpdatedChanges`), shared by the
        // undo record and the notification: a list per object would be an allocation per object.
        var changes = UpdatedChanges()
        changes.reserveCapacity(objects: updates.count, changes: updates.count)
        // Every ID in `updates` was taken from `registered` above: the unwrap cannot fail.
        let updated = updates.map { registered[$0.id]! }
        let deleted = deletes.map(\.object)
        for index in updates.indices {
            Self.appendValueChanges(of: updated[index], from: updates[index].olds, to: &changes)
        }
        let refreshed = takeRefreshed(excluding: inserted, updated, deleted)
        guard !(inserted.isEmpty && updated.isEmpty && deleted.isEmpty) else { return postRefreshed(refreshed) }

        let record = ChangeRecord(
            inserted: inserted.map { ($0, $0.values) },
            deleted: deletes.map { ($0.object, $0.valuesBefore) },
            updated: updated,
            updatedChanges: changes,
            actionName: pendingActionName
        )
        pendingActionName = nil
        if !isReplayingHistory {
            undoStack.append(record)
            redoStack.removeAll()
        }
        var dirty = ObjectIDSet()
        swap(&dirty, &dirtyIDs)
        for object in inserted { dirty.insert(object.objectID) }
        for entry in deletes { dirty.insert(entry.id) }
        for entry in updates { dirty.insert(entry.id) }
        dirtyIDs = dirty
        if let rules = relationshipRules, !rules.denying.isEmpty { rememberDenying(deleted, rules: rules) }

        // `changedValues` (a dictionary by ID) is built only if an observer reads it.
        var posted = ObjectsDidChange(inserted: inserted, updated: updated, deleted: deleted, updatedChanges: changes)
        posted.refreshed = refreshed
        post(.objectsDidChange(posted))
        return posted
    }

    /// Appends to `changes`, as `object`'s list, the attributes whose value differs from the one
    /// in `olds` (attribute index → value at the start of the event), in attribute order.
    /// Several writes are appended where they go and put in order there (`UpdatedChanges
    /// .sortLastObject`): a list of their own would be an allocation per such object, and its
    /// growth one more per write.
    @inline(__always)
    private static func appendValueChanges(
        of object: ManagedObject, from olds: PendingOlds, to changes: inout UpdatedChanges
    ) {
        for (index, old) in olds {
            let new = object.value(at: index)
            guard old != new else { continue }
            changes.appendChange(
                ValueChange(key: object.entity.attributes[index].name, index: index, oldValue: old, newValue: new))
        }
        if olds.count > 1 { changes.sortLastObject() }
        changes.endObject()
    }

    /// Names the change event being built, for `undoActionName`/`redoActionName` (as
    /// `UndoManager.setActionName(_:)`); the name goes with the event when it is processed.
    public func setActionName(_ name: String) {
        pendingActionName = name
    }

    /// The name of the event `undo()` would take back, if it was given one.
    public var undoActionName: String? {
        hasPendingChanges ? pendingActionName : undoStack.last?.actionName
    }

    /// The name of the event `redo()` would re-apply, if it was given one.
    public var redoActionName: String? { redoStack.last?.actionName }

    /// Whether `undo()` has an event to take back.
    public var canUndo: Bool { !undoStack.isEmpty || hasPendingChanges }
    /// Whether `redo()` has an event to re-apply.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Takes back the last change event (pending edits first become that event) as a new event.
    @discardableResult
    public func undo() throws(ObjectGraphError) -> ObjectsDidChange? {
        try processPendingChanges()
        guard let record = undoStack.popLast() else { throw .nothingToUndo }
        let event = try replay(record.inverse)
        redoStack.append(record)
        return event
    }

    /// Re-applies the last undone change event as a new event.
    @discardableResult
    public func redo() throws(ObjectGraphError) -> ObjectsDidChange? {
        guard !hasPendingChanges else { throw .store("cannot redo with unprocessed edits; they would be lost") }
        guard let record = redoStack.popLast() else { throw .nothingToRedo }
        let event = try replay(record)
        undoStack.append(record)
        return event
    }

    private func replay(_ record: ChangeRecord) throws(ObjectGraphError) -> ObjectsDidChange? {
        isReplayingHistory = true
        defer { isReplayingHistory = false }
        try stage(record)
        return try processPendingChanges()
    }
}

/// An updated object of the event being processed: its ID (sorted by) and its values at the
/// start of the event.
private struct PendingUpdate {
    let id: ObjectID
    let olds: PendingOlds
}

/// A deleted object of the event being processed, with its ID for sorting.
private struct PendingDelete {
    let id: ObjectID
    let object: ManagedObject
    let valuesBefore: [Value]
}
