import ObjectGraph

/// A request that changes the store directly, as `NSBatchUpdateRequest` (with `assignments`) or
/// `NSBatchDeleteRequest` (without): the predicate is evaluated against the store's committed
/// values, the store is written in one transaction, and no context hears of it — no change event,
/// so every controller goes stale until its context merges the returned IDs
/// (`ObjectContext.mergeChanges(fromRemoteContextSave:into:)`) or refetches (docs/semantics.md).
public struct BatchRequest: Sendable {
    /// The entity whose stored objects the request changes.
    public var entityName: String
    /// Which objects; `nil` means all of the entity's.
    public var predicate: Predicate?
    /// `propertiesToUpdate` of a batch update; `nil` for a batch delete.
    public var assignments: [(key: String, value: Value)]?

    /// A batch update of `entityName`'s objects matching `predicate` (`NSBatchUpdateRequest`).
    public static func update(_ entityName: String, predicate: Predicate?, assignments: [(key: String, value: Value)])
        -> BatchRequest
    {
        BatchRequest(entityName: entityName, predicate: predicate, assignments: assignments)
    }

    /// A batch delete of `entityName`'s objects matching `predicate` (`NSBatchDeleteRequest`).
    public static func delete(_ entityName: String, predicate: Predicate?) -> BatchRequest {
        BatchRequest(entityName: entityName, predicate: predicate, assignments: nil)
    }

    /// Runs the request against `context`'s store and returns the IDs it changed
    /// (`resultType = .resultTypeObjectIDs`), in ID order. The context itself is not touched.
    /// - Complexity: O(n) for n stored objects.
    public func execute(in context: ObjectContext) throws -> [ObjectID] {
        guard let entity = context.schema.entity(named: entityName) else {
            throw FetchedResultsError.unknownEntity(entityName)
        }
        let bound: BoundPredicate?
        do {
            bound = try predicate?.bound(to: entity)
        } catch {
            throw FetchedResultsError.predicate(error)
        }
        var writes: [(index: Int, value: Value)] = []
        for (key, value) in assignments ?? [] {
            let (index, attribute) = try entity.requireAttribute(key)
            writes.append((index, try attribute.acceptingEdit(value, entity: entity.name)))
        }
        var upserted: [StoredObject] = []
        var deleted: [ObjectID] = []
        // A sub-entity's objects are the entity's too (Core Data's batch requests include them);
        // their values begin with the entity's, which the predicate reads and the writes change.
        let count = entity.attributes.count
        for stored in try context.committedObjects(ofEntity: entityName)
        where stored.values.count >= count
            && (bound?.evaluate(stored.values.count == count ? stored.values : Array(stored.values.prefix(count)))
                ?? true)
        {
            guard assignments != nil else {
                deleted.append(stored.id)
                continue
            }
            var changed = stored
            for (index, value) in writes { changed.values[index] = value }
            upserted.append(changed)
        }
        try context.writeToStoreDirectly(upserted: upserted, deleted: deleted)
        return assignments == nil ? deleted : upserted.map(\.id)
    }
}

extension FetchedResultsController {
    /// The differences between the controller's results and a fresh fetch of the same request
    /// from what the store holds now (with the context's unsaved changes on top), each in words:
    /// objects missing or extra, objects at another index path, stale values. Empty when the
    /// controller agrees. At most `limit` lines, then `… and N more`.
    /// - Complexity: O(n log n) for n stored objects: a fresh fetch.
    public func differencesFromFreshFetch(limit: Int = 8) throws -> [String] {
        let contents = try context.freshContents()
        let scratch = try ObjectContext(
            store: InMemoryStore(
                schema: contents.schema, objects: contents.objects, nextObjectID: contents.nextObjectID))
        let fresh = try FetchedResultsController(fetchRequest: fetchRequest, context: scratch, profile: profile)
        try fresh.performFetch()
        var shown: [ObjectID: IndexPath] = [:]
        for (s, section) in (sections ?? []).enumerated() {
            for (r, object) in section.objects.enumerated() { shown[object.objectID] = IndexPath(row: r, section: s) }
        }
        var lines: [String] = []
        var seen: Set<ObjectID> = []
        for (s, section) in (fresh.sections ?? []).enumerated() {
            for (r, object) in section.objects.enumerated() {
                let id = object.objectID
                let path = IndexPath(row: r, section: s)
                seen.insert(id)
                guard let at = shown[id] else {
                    lines.append("\(id) is missing: a fresh fetch has it at \(path.shortDescription)")
                    continue
                }
                if at != path {
                    lines.append(
                        "\(id) is at \(at.shortDescription) but a fresh fetch has it at \(path.shortDescription)")
                }
                if let mine = context.object(with: id),
                    let key = zip(object.entity.attributes, zip(mine.values, object.values))
                        .first(where: { $0.1.0 != $0.1.1 })
                {
                    lines.append("\(id) has \(key.0.name)=\(key.1.0.literal) but the store has \(key.1.1.literal)")
                }
            }
        }
        for (id, path) in shown.sorted(by: { $0.value < $1.value }) where !seen.contains(id) {
            lines.append("\(id) at \(path.shortDescription) is not in a fresh fetch")
        }
        guard lines.count > limit else { return lines }
        return Array(lines.prefix(limit)) + ["… and \(lines.count - limit) more"]
    }
}
