import FetchSimStorage

/// One typed attribute of an entity.
///
/// ```swift
/// let order = Attribute("order", .int, defaultValue: .int(0))
/// let note = Attribute("note", .string, isOptional: true)
/// order.initialValue  // .int(0): what an insert that does not name it gets
/// note.initialValue   // .null
/// ```
public struct Attribute: Hashable, Sendable {
    /// The attribute's name, unique within its entity.
    public var name: String
    /// The type of its values.
    public var type: AttributeType
    /// Whether `nil` is allowed.
    public var isOptional: Bool
    /// The value a new object gets when none is given; without one a new object's value is nil
    /// — for a required attribute too, as in Core Data, where `save` then fails validation.
    public var defaultValue: Value?
    /// The entity a relationship's objects belong to; nil for every other type.
    public var destinationEntity: String?
    /// For a to-many relationship, whether its objects keep an order (Core Data's ordered
    /// relationship, an `NSOrderedSet`); false for every other attribute.
    public var isOrdered = false
    /// The relationship of the destination entity that is this one's inverse (Core Data's
    /// `inverseRelationship`), by name; nil for none and for every non-relationship.
    public var inverseName: String?
    /// What deleting an object does to the objects this relationship holds (Core Data's
    /// `deleteRule`, *Nullify* by default).
    public var deleteRule = DeleteRule.nullify
    /// For a to-many relationship, the fewest and most objects a save accepts (0: no limit),
    /// as Core Data's `minCount` and `maxCount`.
    public var minCount = 0
    public var maxCount = 0
    /// Whether the value is kept on objects but never saved to a store (Core Data's
    /// `isTransient`: "Transient properties are not saved to the persistent store, but are still
    /// managed for undo, redo, validation, and so on"). A SQLite store writes no value for it and
    /// reads back its default, and cannot fetch by it (docs/semantics.md, "Transient attributes").
    public var isTransient = false

    /// An attribute called `name` of `type`.
    public init(_ name: String, _ type: AttributeType, isOptional: Bool = false, defaultValue: Value? = nil) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
    }

    /// The value an object gets for this attribute when an insert does not name it: the default,
    /// else nil (Core Data leaves a non-optional attribute without a default nil until it is set;
    /// `save` reports it as a missing mandatory property, docs/semantics.md).
    public var initialValue: Value {
        defaultValue ?? (type == .toMany ? .objects([]) : .null)
    }
}

/// A kind of object: a name and its ordered attributes.
///
/// ```swift
/// let note = try Entity(name: "Note", attributes: [Attribute("title", .string), Attribute("done", .bool)])
/// note.index(of: "done")                  // 1: values are stored in attribute order
/// note.attribute(named: "title")?.type    // .string
/// ```
public struct Entity: Hashable, Sendable {
    /// The entity's name, unique within the schema.
    public let name: String
    /// Its attributes; objects keep their values in this order.
    public let attributes: [Attribute]
    /// The entity it inherits from (Core Data's `superentity`): its attributes begin with the
    /// parent's, in the parent's order, and a fetch of the parent includes its objects
    /// (docs/store.md, "Entity inheritance"). Nil for a root entity.
    public let parentName: String?
    /// Whether no object is ever of this entity itself, only of its sub-entities (Core Data's
    /// `isAbstract`): inserting one is refused; a fetch of it finds its sub-entities' objects.
    public let isAbstract: Bool
    private let positions: [String: Int]

    /// Creates an entity; attribute names must be unique. A sub-entity names its `parent` and
    /// repeats the parent's attributes first (the schema checks it):
    ///
    ///     try Entity(name: "Meeting", attributes: eventAttributes + [room], parent: "Event")
    public init(name: String, attributes: [Attribute], parent: String? = nil, isAbstract: Bool = false)
        throws(ObjectGraphError)
    {
        guard Entity.isIdentifier(name) else { throw .invalidName(name) }
        var positions: [String: Int] = [:]
        var checked = attributes
        for (i, attribute) in attributes.enumerated() {
            guard Entity.isIdentifier(attribute.name) else { throw .invalidName(attribute.name) }
            guard positions.updateValue(i, forKey: attribute.name) == nil else {
                throw .duplicateAttribute(attribute.name, entity: name)
            }
            if let value = attribute.defaultValue {
                // Stored coerced, so a default of 3 for a double attribute gives objects 3.0.
                checked[i].defaultValue = try attribute.coerce(value, entity: name)
            }
        }
        self.name = name
        self.attributes = checked
        self.parentName = parent
        self.isAbstract = isAbstract
        self.positions = positions
    }

    /// The position of the attribute named `key` in `attributes`, if there is one.
    @inline(__always)
    public func index(of key: String) -> Int? { position(of: key) }

    /// The attribute named `key`, if there is one.
    public func attribute(named key: String) -> Attribute? {
        position(of: key).map { attributes[$0] }
    }

    /// The attribute named `key`, or an error naming the entity and the key.
    package func requireAttribute(_ key: String) throws(ObjectGraphError) -> (index: Int, attribute: Attribute) {
        guard let i = position(of: key) else { throw .unknownAttribute(key, entity: name) }
        return (i, attributes[i])
    }

    /// The position of `key`: first by the 16 bytes of each name — the same bytes are the same
    /// string (the same inline text, or the same storage and length), which is how a key spelt in
    /// the program or parsed from a short line usually meets its name — then by hashing (at once
    /// for an entity of more than 8 attributes). A lookup
    /// by name alone would hash the key every time, on every `setValue`.
    @inline(__always)
    private func position(of key: String) -> Int? {
        guard attributes.count <= 8 else { return positions[key] }
        let identity = StringBytes.identity(of: key)
        for index in attributes.indices where StringBytes.identity(of: attributes[index].name) == identity {
            return index
        }
        return positions[key]
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}

extension Attribute {
    /// Checks `value` against this attribute's type, converting an integer to a double where a
    /// double is expected, and throws a message naming the entity and the key otherwise.
    package func coerce(_ value: Value, entity: String) throws(ObjectGraphError) -> Value {
        switch (type, value) {
        case (.toMany, .null):
            return .objects([])
        case (_, .null):
            guard isOptional else { throw .requiredAttribute(name, entity: entity) }
            return .null
        case (.string, .string), (.int, .int), (.double, .double), (.bool, .bool), (.date, .date),
            (.relationship, .object):
            return value
        case (.toMany, .objects(let ids)):
            return .objects(isOrdered ? Attribute.withoutDuplicates(ids) : Attribute.sortedSet(ids))
        case (.double, .int(let i)):
            return .double(Double(i))
        default:
            throw .typeMismatch(key: name, entity: entity, expected: type, got: value)
        }
    }

    /// A value an edit (`insert`, `setValue`) may give this attribute: `coerce`'s checks, except
    /// that nil is accepted for a required attribute too — Core Data checks mandatory properties
    /// only when saving (docs/semantics.md), where `save()` reports them.
    package func acceptingEdit(_ value: Value, entity: String) throws(ObjectGraphError) -> Value {
        // A to-many relationship is never nil: nil empties it.
        if type == .toMany, value.isNull { return .objects([]) }
        return value.isNull ? .null : try coerce(value, entity: entity)
    }
}

/// The entities a context knows, in the order they were defined.
///
/// ```swift
/// let schema = try Schema(entities: [Entity(name: "Note", attributes: [Attribute("title", .string)])])
/// schema.entity(named: "Note")?.attributes.count  // 1
/// try schema.requireEntity("Tag")                 // throws ObjectGraphError.unknownEntity("Tag")
/// ```
public struct Schema: Hashable, Sendable {
    /// The entities, in the order they were defined.
    public private(set) var entities: [Entity] = []

    /// An empty schema.
    public init() {}

    /// A schema of `entities`, which must have distinct names.
    public init(entities: [Entity]) throws(ObjectGraphError) {
        // Destinations are checked once all are in: a redefined entity may point to a later one.
        for entity in entities {
            guard self.entity(named: entity.name) == nil else { throw .entityRedefined(entity.name) }
            self.entities.append(entity)
        }
        for entity in entities {
            try checkParent(of: entity)
            try checkDestinations(of: entity)
        }
    }

    /// The entity named `name`, if there is one.
    public func entity(named name: String) -> Entity? {
        entities.first { $0.name == name }
    }

    /// The entity named `name`, or an error naming it.
    public func requireEntity(_ name: String) throws(ObjectGraphError) -> Entity {
        guard let entity = entity(named: name) else { throw .unknownEntity(name) }
        return entity
    }

    /// Replaces the entity of the same name in place (its position in the schema is kept).
    public mutating func replace(_ entity: Entity) throws(ObjectGraphError) {
        try checkParent(of: entity)
        try checkDestinations(of: entity)
        guard let index = entities.firstIndex(where: { $0.name == entity.name }) else {
            throw .unknownEntity(entity.name)
        }
        entities[index] = entity
    }

    /// Adds `entities`, each replacing the entity of the same name if there is one, and checks
    /// them once all are in: they may point to each other and name parents in any order.
    public mutating func merge(_ entities: [Entity]) throws(ObjectGraphError) {
        var merged = self
        for entity in entities {
            if let index = merged.entities.firstIndex(where: { $0.name == entity.name }) {
                merged.entities[index] = entity
            } else {
                merged.entities.append(entity)
            }
        }
        for entity in merged.entities {
            try merged.checkParent(of: entity)
            try merged.checkDestinations(of: entity)
        }
        self = merged
    }

    /// Adds an entity. Defining the same entity again identically is allowed; differently is an error.
    public mutating func add(_ entity: Entity) throws(ObjectGraphError) {
        try checkParent(of: entity)
        try checkDestinations(of: entity)
        if let existing = self.entity(named: entity.name) {
            guard existing == entity else { throw .entityRedefined(entity.name) }
            return
        }
        entities.append(entity)
    }
}
