import ObjectGraph

/// A key of a fetch request that goes through to-one relationships, such as `list.name`,
/// resolved against the schema (docs/semantics.md, "Relationships and key paths").
///
/// The controller reads such a key from the related object each time it computes an object's
/// sort key or tests its predicate — when the object itself is fetched or reported changed. A
/// change to the related object alone is not a change to the fetched object, so the controller
/// does not notice it (Apple's behaviour; `refresh` is the usual fix).
struct ResolvedKeyPath {
    /// The key path as written.
    let text: String
    /// Per relationship component, its attribute position in the entity it belongs to.
    let hops: [Int]
    /// The last component's position in the last entity, and the attribute.
    let index: Int
    let attribute: Attribute

    /// Resolves `text` (at least one dot) against `entity`; throws a sentence naming the bad part.
    init(_ text: String, entity: Entity, schema: Schema) throws(KeyPathProblem) {
        let components = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var current = entity
        var hops: [Int] = []
        for (i, component) in components.enumerated() {
            guard let position = current.index(of: component) else {
                throw KeyPathProblem(key: component, entity: current.name,
                                     detail: "unknown attribute '\(component)' of entity '\(current.name)'")
            }
            let attribute = current.attributes[position]
            if i == components.count - 1 {
                self.text = text
                self.hops = hops
                self.index = position
                self.attribute = attribute
                return
            }
            guard attribute.isRelationship, let destination = attribute.destinationEntity,
                  let next = schema.entity(named: destination) else {
                throw KeyPathProblem(key: component, entity: current.name,
                                     detail: "'\(component)' of entity '\(current.name)' is not a relationship")
            }
            hops.append(position)
            current = next
        }
        throw KeyPathProblem(key: text, entity: entity.name, detail: "empty key path")
    }

    /// The value at the end of the path for `object`: nil where a relationship is nil.
    /// - Complexity: O(hops) dictionary lookups.
    @inline(__always)
    func value(of object: ManagedObject) -> Value {
        var current = object
        for hop in hops {
            guard case .object(let id) = current.value(at: hop), let next = current.managedObjectContext?.object(with: id) else {
                return .null
            }
            current = next
        }
        return current.value(at: index)
    }
}

/// Why a key path does not resolve: the component, the entity it was looked up in, a sentence.
struct KeyPathProblem: Error {
    let key: String
    let entity: String
    let detail: String
}

/// The key paths a request uses, each given a position after the entity's own attributes: an
/// object's *extended values* are its values followed by one value per key path, so sort keys
/// and bound predicates read key paths exactly as they read attributes.
struct KeyPathTable {
    let entity: Entity
    let schema: Schema
    private(set) var paths: [ResolvedKeyPath] = []

    init(entity: Entity, schema: Schema) {
        self.entity = entity
        self.schema = schema
    }

    /// The position and attribute `key` reads: the attribute's own position for a plain key, a
    /// position past the entity's attributes for a key path; nil for an unknown plain key.
    mutating func resolve(_ key: String) throws(KeyPathProblem) -> (index: Int, attribute: Attribute)? {
        guard key.contains(".") else { return entity.index(of: key).map { ($0, entity.attributes[$0]) } }
        if let known = paths.firstIndex(where: { $0.text == key }) {
            return (entity.attributes.count + known, paths[known].attribute)
        }
        let path = try ResolvedKeyPath(key, entity: entity, schema: schema)
        paths.append(path)
        return (entity.attributes.count + paths.count - 1, path.attribute)
    }

    /// `object`'s values, followed by the value of every key path (just its values without any).
    @inline(__always)
    func values(of object: ManagedObject) -> [Value] {
        guard !paths.isEmpty else { return object.values }
        return object.values + paths.map { $0.value(of: object) }
    }

    /// `values(of:)` read in place, each value when asked: what a predicate reads without an
    /// array of every value built per object.
    @inline(__always)
    func extendedValues(of object: ManagedObject) -> ExtendedValues {
        ExtendedValues(object: object, paths: paths)
    }
}

/// An object's extended values (`KeyPathTable.values(of:)`) read where they are: an attribute
/// from the object's storage, a key path's value computed when its position is read.
struct ExtendedValues: PredicateValues {
    let object: ManagedObject
    let paths: [ResolvedKeyPath]

    @inline(__always)
    subscript(index: Int) -> Value {
        let count = object.valueCount
        return index < count ? object.value(at: index) : paths[index - count].value(of: object)
    }
}
