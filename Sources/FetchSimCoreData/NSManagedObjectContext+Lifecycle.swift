import ObjectGraph

// What happens to a context's changes after they are made: saved, rolled back, merged from
// another context, refreshed, their objects' IDs made permanent. Reset, undo and child contexts
// have files of their own (+Reset, +Undo, +Children).
extension NSManagedObjectContext {
    /// Writes every change since the last save to the store, as Core Data's `save()`; throws,
    /// saving nothing, when validation fails (a required value that is nil).
    public func save() throws {
        guard let engine else {
            guard persistentStoreCoordinator != nil else {
                throw CoreDataError.save("the context has no persistent store coordinator")
            }
            return
        }
        do {
            try engine.save()
        } catch {
            throw CoreDataError.save("\(error)")
        }
        forgetObjectsGone()
    }

    /// Discards every change since the last save, as Core Data's `rollback()`: the objects return to
    /// their saved values, as one change event for the controllers.
    public func rollback() {
        objectIDsMayChange()
        isReplayingHistory = true
        defer { isReplayingHistory = false }
        do {
            try engine?.rollback()
        } catch {
            raisedExceptions.raise(.internalInconsistencyException, reason: "rollback failed: \(error)")
        }
        // Apple: rollback "removes everything from the undo stack".
        undoManager?.removeAllActions()
        forgetObjectsGone()
    }

    /// Drops the wrappers of objects no longer in the context (deleted and saved, inserted and
    /// rolled back, deleted by a merge): they keep their last values and have no context, as in Core Data.
    func forgetObjectsGone() {
        guard let engine else { return }
        for wrapper in wrappers.values
        where engine.object(with: wrapper.engineID) == nil && engine.unsavedState(of: wrapper.engineID) == nil {
            wrapper.managedObjectContext = nil
            wrappers[wrapper.engineID] = nil
        }
    }

    /// Merges what another context on the coordinator saved (`automaticallyMergesChangesFromParent`).
    ///
    /// Core Data merges on this context's queue, after the turn in which the save happened: this
    /// context's own pending edits are processed first, as their own change event, so that they
    /// stay unsaved changes of this context and the merge is an event of its own.
    func merge(_ summary: SaveSummary) {
        guard let engine else { return }
        objectIDsMayChange()
        do {
            if engine.hasPendingChanges { try engine.processPendingChanges() }
            isReplayingHistory = true
            defer { isReplayingHistory = false }
            if try engine.mergeChanges(fromContextDidSave: summary) != nil {
                // The engine forgets its history at a merge (replaying it would resurrect what
                // another context removed); the undo manager's actions for it go too.
                undoManager?.removeAllActions(withTarget: self)
            }
        } catch {
            raisedExceptions.raise(.internalInconsistencyException, reason: "merge failed: \(error)")
        }
        forgetObjectsGone()
    }

    /// Refreshes `object`, as Core Data's `refresh(_:mergeChanges:)`: its values stay what they are
    /// and the next change event lists it as refreshed, which a fetched results controller treats as
    /// an update — the usual fix for a controller that missed a change to a related object.
    ///
    /// With `mergeChanges` false Core Data also discards the object's unsaved changes; the engine
    /// cannot discard one object's changes, so they are kept (use `rollback()` for all of them).
    public func refresh(_ object: NSManagedObject, mergeChanges flag: Bool) {
        guard object.managedObjectContext === self, let engine, engine.object(with: object.engineID) != nil else {
            return
        }
        do {
            try engine.refresh(object.engineID)
        } catch {
            raisedExceptions.raise(
                .internalInconsistencyException, reason: "cannot refresh \(object.objectID): \(error)")
        }
    }

    /// Gives `objects` their permanent IDs now, as Core Data's `obtainPermanentIDs(for:)`: an
    /// inserted object's `objectID` stops being temporary before the save, so the save changes no
    /// ID (and a difference delegate hears of the change now, not at the save). Objects of
    /// another context, or saved already, are left alone.
    ///
    /// ```swift
    /// let note = Note(context: context)
    /// try context.obtainPermanentIDs(for: [note])
    /// note.objectID.isTemporaryID   // false
    /// ```
    public func obtainPermanentIDs(for objects: [NSManagedObject]) throws {
        let engine = try requireEngine()
        let ids = objects.filter { $0.managedObjectContext === self && $0.engineID.rawValue != 0 }.map(\.engineID)
        do {
            try engine.obtainPermanentIDs(for: ids)
        } catch {
            throw CoreDataError.context("obtainPermanentIDs(for:) failed: \(error)")
        }
    }

    /// Whether `object`'s ID is temporary in this context (inserted, unsaved, no permanent ID obtained).
    func isTemporaryID(of object: NSManagedObject) -> Bool {
        guard object.engineID.rawValue != 0 else { return true }
        return engine?.isTemporaryID(object.engineID) ?? false
    }

    /// Refreshes every object this context has handed out, as Core Data's `refreshAllObjects()`.
    public func refreshAllObjects() {
        for object in wrappers.values { refresh(object, mergeChanges: true) }
    }
}
