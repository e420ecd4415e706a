extension ObjectContext {
    /// Refreshes a live object, as `refresh(_:mergeChanges: true)` does in Core Data: its values
    /// stay what they are (pending edits are merged back over the committed values), and the
    /// next change event lists it among the `refreshed` objects (`NSRefreshedObjectsKey`), which a
    /// fetched results controller treats as updated objects — re-evaluating their sort keys,
    /// section keys and predicate. It is the usual fix for a controller that did not notice a
    /// change to a related object (docs/semantics.md, "Relationships and key paths").
    ///
    /// Refreshing is not an edit: it is not undoable, and an event of refreshes alone does not
    /// make the context dirty.
    public func refresh(_ id: ObjectID) throws(ObjectGraphError) {
        let object = try liveObject(id)
        pendingRefreshed.insert(object.objectID)
    }

    /// The refreshed objects of the event being processed, less those it inserts, updates or
    /// deletes (their own keys report them); clears the pending set.
    func takeRefreshed(excluding inserted: [ManagedObject], _ updated: [ManagedObject], _ deleted: [ManagedObject])
        -> [ManagedObject]
    {
        guard !pendingRefreshed.isEmpty else { return [] }
        var ids = pendingRefreshed
        pendingRefreshed = []
        for object in inserted { ids.remove(object.objectID) }
        for object in updated { ids.remove(object.objectID) }
        for object in deleted { ids.remove(object.objectID) }
        return ids.sorted().compactMap { registered[$0] }
    }

    /// Posts an event made of refreshed objects only (nothing for the undo stack, nothing
    /// dirty), or nothing when there are none.
    func postRefreshed(_ refreshed: [ManagedObject]) -> ObjectsDidChange? {
        guard !refreshed.isEmpty else { return nil }
        var notification = ObjectsDidChange(inserted: [], updated: [], deleted: [], changedValues: [:])
        notification.refreshed = refreshed
        post(.objectsDidChange(notification))
        return notification
    }
}
