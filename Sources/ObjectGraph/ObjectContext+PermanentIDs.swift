/// Temporary and permanent object IDs, as Core Data hands them out: an inserted object has a
/// temporary ID (`x-coredata:///Note/t…`) until it is saved or `obtainPermanentIDs(for:)` gives it
/// its permanent one (`x-coredata://STORE/Note/pN`). FetchSim's `ObjectID` keeps its number
/// through the change; whether it is temporary is `isTemporaryID(_:)`, and the change is posted
/// as `ContextNotification.objectIDsMutated` (docs/semantics.md, "Temporary IDs become permanent").
extension ObjectContext {
    /// Whether `id` is still temporary: its object was inserted since the last save, is live, and
    /// got no permanent ID yet.
    ///
    ///     let id = try context.insert("Note", values: [("title", .string("Milk"))])
    ///     context.isTemporaryID(id)   // true until save() or obtainPermanentIDs(for: [id])
    public func isTemporaryID(_ id: ObjectID) -> Bool {
        unsavedState(of: id) == .inserted && !permanentBeforeSave.contains(id)
    }

    /// Gives the objects `ids` their permanent IDs now, as `obtainPermanentIDs(for:)`; IDs that
    /// are permanent already are left alone. Posts `objectIDsMutated` with the IDs that changed
    /// (none: nothing posted) and returns them, in ID order.
    @discardableResult
    public func obtainPermanentIDs(for ids: [ObjectID]) throws(ObjectGraphError) -> [ObjectID] {
        guard !isPosting else { throw .reentrantChangeProcessing }
        let changed = Set(ids.filter(isTemporaryID)).sorted()
        guard !changed.isEmpty else { return [] }
        permanentBeforeSave.formUnion(changed)
        post(.objectIDsMutated(changed))
        return changed
    }
}
