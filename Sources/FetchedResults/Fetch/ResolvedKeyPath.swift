import ObjectGraph

/// A key of a fetch request that goes through to-one relationships, such as `list.name`,
/// resolved against the schema (docs/semantics.md, "Relationships and key paths") — or that
/// counts a to-many relationship at the end of such a path: `notes.@count`, or the objects of
/// it a subquery matches (`SUBQUERY(notes, $n, $n.done == NO).@count`, and the `ANY`, `ALL` and
/// `NONE` comparisons the predicate binder turns into one; docs/semantics.md, "To-many
/// relationships").
///
/// The controller reads such a key from the related object each time it computes an object's
/// sort key or tests its predicate — when the object itself is fetched or reported changed. A
/// change to the related object alone is not a change to the fetched object, so the controller
/// does not notice it (Apple's behaviour; `refresh` is the usual fix).
struct ResolvedKeyPath: Sendable {
    /// The key path as written (with its sort selector's name after a space, when it has one).
    var text: String
    /// Per relationship component, its attribute position in the entity it belongs to.
    let hops: [Int]
    /// The last component's position in the last entity, and the attribute.
    let index: Int
    let attribute: Attribute
    /// What the value is: the attribute at `index`, or a count of the to-many relationship there.
    let reading: Reading
    /// How a sort descriptor compares the value: anything but `compare:` reads a string as the
    /// key that orders like the selector (`SortSelector.key(for:)`).
    var selector = SortSelector.compare

    enum Reading: Sendable {
        case attribute
        /// `@count`: how many objects the relationship holds.
        case count
        /// How many of its live objects match a subquery.
        case subquery(SubqueryCount)
    }

    /// The attribute a count reads as: an int.
    static let countAttribute = Attribute("@count", .int)

    /// Resolves `text` (at least one dot) against `entity`; throws a sentence naming the bad part.
    init(_ text: String, entity: Entity, schema: Schema) throws(KeyPathProblem) {
        let components = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var current = entity
        var hops: [Int] = []
        for (i, component) in components.enumerated() {
            guard let position = current.index(of: component) else {
                throw KeyPathProblem(
                    key: component, entity: current.name,
                    detail: "unknown attribute '\(component)' of entity '\(current.name)'")
            }
            let attribute = current.attributes[position]
            if i == components.count - 1 {
                guard !attribute.isToMany else {
                    throw KeyPathProblem(key: component, entity: current.name, detail: "to-many key not allowed here")
                }
                self.text = text
                self.hops = hops
                self.index = position
                self.attribute = attribute
                reading = .attribute
                return
            }
            if attribute.isToMany {
                guard i == components.count - 2, components[i + 1] == "@count" else {
                    throw KeyPathProblem(key: component, entity: current.name, detail: "to-many key not allowed here")
                }
                self.text = text
                self.hops = hops
                self.index = position
                self.attribute = Self.countAttribute
                reading = .count
                return
            }
            guard attribute.isRelationship, let destination = attribute.destinationEntity,
                let next = schema.entity(named: destination)
            else {
                throw KeyPathProblem(
                    key: component, entity: current.name,
                    detail: "'\(component)' of entity '\(current.name)' is not a relationship")
            }
            hops.append(position)
            current = next
        }
        throw KeyPathProblem(key: text, entity: entity.name, detail: "empty key path")
    }

    /// The entity's own attribute `attribute` at `index`, read as a path (for a sort selector).
    init(plain attribute: Attribute, at index: Int) {
        text = attribute.name
        hops = []
        self.index = index
        self.attribute = attribute
        reading = .attribute
    }

    /// A subquery's count at the end of the to-one relationships `hops`, of the to-many one at
    /// `index`; `text` tells it from the request's other key paths.
    init(subquery text: String, hops: [Int], index: Int, counting subquery: SubqueryCount) {
        self.text = text
        self.hops = hops
        self.index = index
        attribute = Self.countAttribute
        reading = .subquery(subquery)
    }

    /// The to-many relationship `text` names (to-one relationships, then a to-many one) from
    /// `entity`: the hops, its position in the last entity, and its destination.
    static func collection(_ text: String, entity: Entity, schema: Schema) throws(KeyPathProblem) -> (
        hops: [Int], index: Int, destination: Entity
    ) {
        var current = entity
        var hops: [Int] = []
        let components = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for (i, component) in components.enumerated() {
            guard let position = current.index(of: component) else {
                throw KeyPathProblem(
                    key: component, entity: current.name,
                    detail: "unknown attribute '\(component)' of entity '\(current.name)'")
            }
            let attribute = current.attributes[position]
            let last = i == components.count - 1
            guard attribute.isToMany == last, attribute.isAnyRelationship, let name = attribute.destinationEntity,
                let next = schema.entity(named: name)
            else {
                let detail =
                    last
                    ? "'\(component)' of entity '\(current.name)' is not a to-many relationship"
                    : "'\(component)' of entity '\(current.name)' is not a to-one relationship"
                throw KeyPathProblem(key: component, entity: current.name, detail: detail)
            }
            if last { return (hops, position, next) }
            hops.append(position)
            current = next
        }
        throw KeyPathProblem(key: text, entity: entity.name, detail: "empty key path")
    }

    /// The value at the end of the path for `object`: nil where a relationship is nil.
    /// - Complexity: O(hops) dictionary lookups; a subquery evaluates each related object.
    @inline(__always)
    func value(of object: ManagedObject) -> Value {
        var current = object
        for hop in hops {
            guard case .object(let id) = current.value(at: hop),
                let next = current.managedObjectContext?.object(with: id)
            else {
                return .null
            }
            current = next
        }
        switch reading {
        case .attribute:
            let value = current.value(at: index)
            guard selector != .compare, case .string(let text) = value else { return value }
            return .string(selector.key(for: text))
        case .count:
            return .int(current.value(at: index).objectIDs.count)
        case .subquery(let subquery):
            return .int(subquery.count(current.value(at: index).objectIDs, in: current.managedObjectContext))
        }
    }
}

/// The predicate of a `SUBQUERY` (or of an `ANY`, `ALL` or `NONE` comparison), bound to the
/// relationship's destination with its own key paths: counts the related objects it matches.
final class SubqueryCount: Sendable {
    let predicate: BoundPredicate
    let keyPaths: KeyPathTable

    init(predicate: BoundPredicate, keyPaths: KeyPathTable) {
        self.predicate = predicate
        self.keyPaths = keyPaths
    }

    /// How many of the live objects among `ids` match.
    func count(_ ids: [ObjectID], in context: ObjectContext?) -> Int {
        guard let context else { return 0 }
        var count = 0
        for id in ids {
            guard let object = context.object(with: id) else { continue }
            if predicate.root.evaluate(keyPaths.extendedValues(of: object)) { count += 1 }
        }
        return count
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
struct KeyPathTable: Sendable {
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

    /// The to-many relationship `key` goes through, split there: `notes.title` is the
    /// collection `notes` and the rest `title` (`folder.notes` the collection and an empty rest);
    /// nil for a key that goes through none, and for a count (`notes.@count`).
    func toManySplit(_ key: String) -> (collection: String, rest: String)? {
        let components = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var current = entity
        for (i, component) in components.enumerated() {
            guard let attribute = current.attribute(named: component) else { return nil }
            if attribute.isToMany {
                let rest = components[(i + 1)...].joined(separator: ".")
                return rest == "@count" ? nil : (components[...i].joined(separator: "."), rest)
            }
            guard attribute.isRelationship, let name = attribute.destinationEntity,
                let next = schema.entity(named: name)
            else { return nil }
            current = next
        }
        return nil
    }

    /// The position of `key` compared with `selector`: a key path of its own past the entity's
    /// attributes (its text `key` and the selector's name), which reads the string key that
    /// orders as the selector does. Nil for an unknown plain key.
    mutating func resolve(_ key: String, selector: SortSelector) throws(KeyPathProblem) -> (
        index: Int, attribute: Attribute
    )? {
        guard selector != .compare else { return try resolve(key) }
        let text = key + " " + selector.rawValue
        if let known = paths.firstIndex(where: { $0.text == text }) {
            return (entity.attributes.count + known, paths[known].attribute)
        }
        var path: ResolvedKeyPath
        if key.contains(".") {
            path = try ResolvedKeyPath(key, entity: entity, schema: schema)
        } else {
            guard let index = entity.index(of: key) else { return nil }
            path = ResolvedKeyPath(plain: entity.attributes[index], at: index)
        }
        guard path.attribute.type == .string, case .attribute = path.reading else {
            throw KeyPathProblem(
                key: key, entity: entity.name,
                detail: "\(selector.rawValue): needs a string key; '\(key)' is not a string "
                    + "(Apple raises an unrecognized selector)")
        }
        path.selector = selector
        path.text = text
        paths.append(path)
        return (entity.attributes.count + paths.count - 1, path.attribute)
    }

    /// Adds a subquery's count (or finds the one already added with the same `text`): its position.
    mutating func resolveSubquery(_ text: String, hops: [Int], index: Int, counting subquery: SubqueryCount) -> Int {
        if let known = paths.firstIndex(where: { $0.text == text }) { return entity.attributes.count + known }
        paths.append(ResolvedKeyPath(subquery: text, hops: hops, index: index, counting: subquery))
        return entity.attributes.count + paths.count - 1
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
