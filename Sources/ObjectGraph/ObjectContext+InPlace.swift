extension ObjectContext {
    /// Calls `body` with every live object of the entity named `name`, in ID order: the objects
    /// `objects(ofEntity:)` returns, without building the array (the fuzzer's order oracle reads
    /// every object twice per drag). Reads only; `body` must not edit the context.
    /// - Complexity: O(n) for n objects in the context, as `objects(ofEntity:)`.
    package func forEachObject(ofEntity name: String, _ body: (ManagedObject) throws -> Void) rethrows {
        guard let count = liveCounts[name], count > 0, let kind = kinds[name] else { return }
        let table = registered
        if count == table.count {
            try table.forEach(body)
        } else {
            try table.forEach { if $0.kind === kind { try body($0) } }
        }
    }

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
