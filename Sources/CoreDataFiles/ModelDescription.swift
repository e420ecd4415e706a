/// Everything a model file (`.xcdatamodel`'s `contents`, as Xcode writes it) says, as plain values:
/// what `ModelFileReader` parses and `schema()` maps to an ObjectGraph `Schema`.
///
/// It keeps what the schema does not hold (opaque attribute types, fetch requests, transient
/// flags, where each element was written) beside what `schema()` maps.
///
/// ```swift
/// let model = try ModelFileReader.read(path: "Notes.xcdatamodeld")
/// print(model.entities.map(\.name))   // ["Folder", "Note"]
/// ```
public struct ManagedObjectModelDescription: Equatable, Sendable {
    /// The file the model was read from (`…/contents`), as messages name it.
    public var file: String
    /// The entities, in file order.
    public var entities: [EntityDescription]
    /// The fetch requests stored in the model (`<fetchRequest>` children of `<model>`).
    public var fetchRequests: [FetchRequestDescription]
    /// What the model has that FetchSim reads but does not use (fetched properties,
    /// configurations, …), one sentence each, for the CLI to print.
    public var notes: [String]

    public init(
        file: String, entities: [EntityDescription] = [], fetchRequests: [FetchRequestDescription] = [],
        notes: [String] = []
    ) {
        self.file = file
        self.entities = entities
        self.fetchRequests = fetchRequests
        self.notes = notes
    }

    /// The entity named `name`, if there is one.
    public func entity(named name: String) -> EntityDescription? {
        entities.first { $0.name == name }
    }
}

/// Where in a model file something was written: a 1-based line and column.
public struct ModelLocation: Equatable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// One `<entity>` element.
public struct EntityDescription: Equatable, Sendable {
    public var name: String
    /// `representedClassName`: the class Xcode generates or the app defines.
    public var representedClassName: String?
    /// `isAbstract="YES"`: no object is ever of this entity, only of its sub-entities.
    public var isAbstract: Bool
    /// `parentEntity`: the entity this one inherits its properties from.
    public var parentEntity: String?
    /// The entity's own attributes (not the inherited ones), in file order.
    public var attributes: [AttributeDescription]
    /// The entity's own relationships, in file order.
    public var relationships: [RelationshipDescription]
    /// Where the `<entity>` element starts.
    public var location: ModelLocation

    public init(
        name: String, representedClassName: String? = nil, isAbstract: Bool = false, parentEntity: String? = nil,
        attributes: [AttributeDescription] = [], relationships: [RelationshipDescription] = [],
        location: ModelLocation = ModelLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.representedClassName = representedClassName
        self.isAbstract = isAbstract
        self.parentEntity = parentEntity
        self.attributes = attributes
        self.relationships = relationships
        self.location = location
    }
}

/// The `attributeType` values Xcode writes (`NSAttributeType`'s cases, spelt as in the file).
public enum ModelAttributeType: String, CaseIterable, Equatable, Sendable {
    case string = "String"
    case integer16 = "Integer 16"
    case integer32 = "Integer 32"
    case integer64 = "Integer 64"
    case double = "Double"
    case float = "Float"
    case decimal = "Decimal"
    case boolean = "Boolean"
    case date = "Date"
    case binary = "Binary"
    case uuid = "UUID"
    case uri = "URI"
    case transformable = "Transformable"
    /// `Object ID`, for derived attributes and fetched objects' IDs; kept opaque like Binary.
    case objectID = "ObjectID"
}

/// One `<attribute>` element.
public struct AttributeDescription: Equatable, Sendable {
    public var name: String
    public var type: ModelAttributeType
    /// `optional="YES"`; Xcode omits the attribute for a required one.
    public var isOptional: Bool
    /// `transient="YES"`: kept on objects, never saved to a store.
    public var isTransient: Bool
    /// `defaultValueString`, as written (`0`, `NO`, `Untitled`).
    public var defaultValueString: String?
    /// `defaultDateTimeInterval`: a Date attribute's default, in seconds since 2001-01-01 (Xcode
    /// writes a date's default this way, not as `defaultValueString`).
    public var defaultDateTimeInterval: Double?
    public var location: ModelLocation

    public init(
        name: String, type: ModelAttributeType, isOptional: Bool = false, isTransient: Bool = false,
        defaultValueString: String? = nil, defaultDateTimeInterval: Double? = nil,
        location: ModelLocation = ModelLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.defaultValueString = defaultValueString
        self.defaultDateTimeInterval = defaultDateTimeInterval
        self.location = location
    }
}

/// `NSDeleteRule`, spelt as Xcode writes `deletionRule`.
public enum ModelDeleteRule: String, CaseIterable, Equatable, Sendable {
    case nullify = "Nullify"
    case cascade = "Cascade"
    case deny = "Deny"
    case noAction = "No Action"
}

/// One `<relationship>` element.
public struct RelationshipDescription: Equatable, Sendable {
    public var name: String
    public var destinationEntity: String
    /// `toMany="YES"`; a to-one relationship has `maxCount="1"` instead.
    public var isToMany: Bool
    /// `ordered="YES"` (an `NSOrderedSet`), meaningful for a to-many relationship.
    public var isOrdered: Bool
    public var isOptional: Bool
    public var isTransient: Bool
    public var inverseName: String?
    public var inverseEntity: String?
    /// Xcode omits `deletionRule` for Nullify in older files; the default is Nullify.
    public var deleteRule: ModelDeleteRule
    public var minCount: Int?
    public var maxCount: Int?
    public var location: ModelLocation

    public init(
        name: String, destinationEntity: String, isToMany: Bool = false, isOrdered: Bool = false,
        isOptional: Bool = true, isTransient: Bool = false, inverseName: String? = nil, inverseEntity: String? = nil,
        deleteRule: ModelDeleteRule = .nullify, minCount: Int? = nil, maxCount: Int? = nil,
        location: ModelLocation = ModelLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.destinationEntity = destinationEntity
        self.isToMany = isToMany
        self.isOrdered = isOrdered
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.inverseName = inverseName
        self.inverseEntity = inverseEntity
        self.deleteRule = deleteRule
        self.minCount = minCount
        self.maxCount = maxCount
        self.location = location
    }
}

/// A `<fetchRequest>` stored in the model (`NSManagedObjectModel.fetchRequestTemplatesByName`).
public struct FetchRequestDescription: Equatable, Sendable {
    public var name: String
    public var entity: String
    /// `predicateString`, in `NSPredicate` format (XML entities already decoded).
    public var predicateString: String?
    public var fetchLimit: Int?
    public var location: ModelLocation

    public init(
        name: String, entity: String, predicateString: String? = nil, fetchLimit: Int? = nil,
        location: ModelLocation = ModelLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.entity = entity
        self.predicateString = predicateString
        self.fetchLimit = fetchLimit
        self.location = location
    }
}
