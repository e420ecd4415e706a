extension ObjectContext {
    /// The live objects as they are now, to look up many IDs: `object(with:)` without a call
    /// and an exclusivity check of the context's table per ID. A copy: later edits of the
    /// context do not show in it.
    package var liveObjects: LiveObjects { LiveObjects(table: registered) }
}

/// A context's live objects by ID at one moment (`ObjectContext.liveObjects`).
package struct LiveObjects {
    fileprivate let table: ObjectTable

    /// The object with `id`, as `ObjectContext.object(with:)` returned it when this was taken.
    package subscript(id: ObjectID) -> ManagedObject? { table[id] }

    /// The number of live objects (`ObjectContext.objectCount`).
    package var count: Int { table.count }
}
