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

        var updated: [(object: ManagedObject, changes: [ValueChange])] = []
        for (id, olds) in pendingUpdated {
            guard let object = registered[id] else { continue }
            let changes = olds.keys.sorted().compactMap { index -> ValueChange? in
                let (old, new) = (olds[index] ?? .null, object.value(at: index))
                guard old != new else { return nil }
                return ValueChange(key: object.entity.attributes[index].name, index: index, oldValue: old, newValue: new)
            }
            updated.append((object, changes))
        }
        updated.sort { $0.object.objectID < $1.object.objectID }
        let inserted = pendingInserted.values.sorted { $0.objectID < $1.objectID }
        let deleted = pendingDeleted.values.sorted { $0.object.objectID < $1.object.objectID }
        pendingInserted = [:]
        pendingUpdated = [:]
        pendingDeleted = [:]
        let refreshed = takeRefreshed(excluding: inserted, updated.map(\.object), deleted.map(\.object))
        guard !(inserted.isEmpty && updated.isEmpty && deleted.isEmpty) else { return postRefreshed(refreshed) }

        let record = ChangeRecord(
            inserted: inserted.map { ($0, $0.values) },
            deleted: deleted.map { ($0.object, $0.valuesBefore) },
            updated: updated,
            actionName: pendingActionName
        )
        pendingActionName = nil
        if !isReplayingHistory {
            undoStack.append(record)
            redoStack.removeAll()
        }
        for object in inserted { dirtyIDs.insert(object.objectID) }
        for (object, _) in deleted { dirtyIDs.insert(object.objectID) }
        for (object, _) in updated { dirtyIDs.insert(object.objectID) }

        var changedValues: [ObjectID: [ValueChange]] = [:]
        for (object, changes) in updated { changedValues[object.objectID] = changes }
        let notification = ObjectsDidChange(
            inserted: inserted,
            updated: updated.map(\.object),
            deleted: deleted.map(\.object),
            changedValues: changedValues
        )
        var posted = notification
        posted.refreshed = refreshed
        post(.objectsDidChange(posted))
        return posted
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
