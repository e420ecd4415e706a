extension ObjectContext {
    /// The object with `id`: the live one, or else the store's committed one, registered silently
    /// (no change event) — what Core Data's `object(with:)` does for an object another context
    /// saved and this one has not seen. Nil when neither this context nor the store has it, or
    /// when this context deleted it.
    /// - Complexity: O(1) for a live object; one store read otherwise.
    package func registeredOrCommittedObject(_ id: ObjectID) throws(ObjectGraphError) -> ManagedObject? {
        if let object = registered[id] { return object }
        guard pendingDeleted[id] == nil, !dirtyIDs.contains(id), ObjectID.validRange.contains(id.rawValue),
            let stored = try store.committedObject(id), let entity = schema.entity(named: stored.entity),
            stored.values.count == entity.attributes.count
        else { return nil }
        let object = makeObject(id, entity: entity, values: stored.values)
        register(object)
        return object
    }
}
