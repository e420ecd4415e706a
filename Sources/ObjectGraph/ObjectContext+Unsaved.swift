extension ObjectContext {
    /// How an object stands against the last save, as Core Data's `isInserted`, `isUpdated` and
    /// `isDeleted` see it: pending edits and processed events counted alike.
    package enum UnsavedState: Sendable {
        /// Inserted since the last save (and still live).
        case inserted
        /// Committed, live, and changed since the last save.
        case updated
        /// Committed and deleted since the last save.
        case deleted
    }

    /// The unsaved state of `id`, or nil when it has no unsaved change (or never existed here).
    ///
    /// An ID handed out since the last save or load is new; below that, an object is new when the
    /// store does not hold it — a merge raises `firstUncommittedID` past objects this context
    /// inserted and has not saved.
    /// - Complexity: O(1), plus a store read for a changed object below `firstUncommittedID`.
    package func unsavedState(of id: ObjectID) -> UnsavedState? {
        let isTouched =
            dirtyIDs.contains(id) || pendingInserted[id] != nil || pendingUpdated[id] != nil
            || pendingDeleted[id] != nil
        guard isTouched else { return nil }
        let isLive = registered[id] != nil
        let isNew = id.rawValue >= firstUncommittedID || !storeHolds(id)
        switch (isLive, isNew) {
        case (true, true): return .inserted
        case (true, false): return .updated
        case (false, false): return .deleted
        case (false, true): return nil  // inserted and deleted before any save: nothing to save
        }
    }

    /// Whether the store holds `id`. A store that cannot read it back (a Core Data file its app
    /// has saved to since) got it from that file: an ID below `firstUncommittedID` that no merge
    /// raised the mark past is the store's.
    private func storeHolds(_ id: ObjectID) -> Bool {
        do {
            return try store.committedObject(id) != nil
        } catch {
            return true
        }
    }

    /// The objects with unsaved changes, in ID order, each with its state.
    /// - Complexity: O(k log k) for k changed objects.
    package func unsavedObjectIDs() -> [(id: ObjectID, state: UnsavedState)] {
        let ids = dirtyIDs.union(pendingInserted.keys).union(pendingUpdated.keys).union(pendingDeleted.keys).sorted()
        return ids.compactMap { id in unsavedState(of: id).map { (id, $0) } }
    }
}
