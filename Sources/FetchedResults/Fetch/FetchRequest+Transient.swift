import ObjectGraph

/// Transient attributes in a fetch (docs/semantics.md, "Transient attributes"): Core Data's
/// SQLite store compiles a fetch's predicate and sort descriptors to SQL, where a transient
/// attribute has no column, and raises; an in-memory store evaluates them on the objects; a
/// transient section key is read from the objects in either case.
extension FetchRequest {
    /// Whether `keyPath` (`group`, `list.name`), read from objects of `entityName`, reaches a
    /// transient attribute on its way — false for a key the schema does not know (the request's
    /// own checks name it).
    ///
    /// ```swift
    /// FetchRequest.readsTransient("sectionIdentifier", of: "Event", in: schema)  // true when transient
    /// ```
    public static func readsTransient(_ keyPath: String, of entityName: String, in schema: Schema) -> Bool {
        var entity = schema.entity(named: entityName)
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            guard let current = entity, let attribute = current.attribute(named: String(component)) else {
                return false
            }
            if attribute.isTransient { return true }
            entity = attribute.isRelationship ? attribute.destinationEntity.flatMap(schema.entity(named:)) : nil
        }
        return false
    }

    /// Core Data's refusal of this request by a SQLite store: the first sort descriptor, then the
    /// first predicate key, that reads a transient attribute; nil when none does.
    /// - Complexity: O(k·d) for k keys of at most d components.
    public func transientKeyRefusal(in schema: Schema) -> FetchedResultsError? {
        let sortKeys = sortDescriptors.map { (key: $0.key, role: "sort key") }
        let predicateKeys = (predicate?.keyPaths ?? []).map { (key: $0, role: "predicate key") }
        guard
            let first = (sortKeys + predicateKeys).first(where: {
                Self.readsTransient($0.key, of: entityName, in: schema)
            })
        else { return nil }
        // Core Data names its SQL entity by the number the store gives it; FetchSim's stores
        // number entities in schema order from 1.
        let number = (schema.entities.firstIndex { $0.name == entityName } ?? 0) + 1
        return .transientKeyInSQLiteFetch(first.key, role: first.role, entity: entityName, entityNumber: number)
    }
}

extension FetchedResultsController {
    /// Whether the section key path reaches a transient attribute: Core Data then computes the
    /// sections from the fetched objects in memory, never with a grouped fetch in the store
    /// (docs/semantics.md, "Transient attributes").
    public var sectionKeyIsTransient: Bool { request.sectionKeyIsTransient }
}
