import ObjectGraph

extension FetchRequest {
    /// The objects of `context` this request fetches, in order — what `NSManagedObjectContext.fetch`
    /// returns: matching the predicate, sorted by the sort descriptors (objects equal under all of
    /// them, or all objects without any, in ID order), then the offset and the limit applied. The
    /// section key path is ignored.
    /// - Complexity: O(n log n) for n objects of the entity.
    package func objects(in context: ObjectContext) throws(FetchedResultsError) -> [ManagedObject] {
        var request = self
        request.sectionNameKeyPath = nil
        request.fetchBatchSize = 0
        guard request.sortDescriptors.isEmpty else {
            let controller = try FetchedResultsController(fetchRequest: request, context: context)
            try controller.performFetch()
            return controller.fetchedObjects ?? []
        }
        guard let entity = context.schema.entity(named: entityName) else { throw .unknownEntity(entityName) }
        guard let anyKey = entity.attributes.first?.name else {
            let names = includesSubentities ? context.schema.family(of: entityName) : [entityName]
            let all = names.flatMap { context.objects(ofEntity: $0) }.sorted { $0.objectID < $1.objectID }
            return Self.window(all, offset: fetchOffset, limit: fetchLimit)
        }
        // A resolved request needs a sort key; the order comes from the IDs here, not from it.
        request.sortDescriptors = [SortDescriptor(key: anyKey)]
        let resolved = try ResolvedRequest(request, schema: context.schema)
        return Self.window(
            resolved.candidates(in: context).filter(resolved.matches), offset: fetchOffset, limit: fetchLimit)
    }

    /// `objects` past the first `offset`, at most `limit` of them (0: no limit).
    private static func window(_ objects: [ManagedObject], offset: Int, limit: Int) -> [ManagedObject] {
        let start = min(max(offset, 0), objects.count)
        let end = limit > 0 ? min(start + limit, objects.count) : objects.count
        return Array(objects[start..<end])
    }
}
