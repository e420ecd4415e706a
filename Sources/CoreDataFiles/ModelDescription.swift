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
package struct ManagedObjectModelDescription: Equatable, Sendable {
    /// The file the model was read from (`…/contents`), as messages name it.
    package var file: String
    /// The entities, in file order.
    package var entities: [EntityDescription]
    /// The fetch requests stored in the model (`<fetchRequest>` children of `<model>`).
    package var fetchRequests: [FetchRequestDescription]
    /// What the model has that FetchSim reads but does not use (fetched properties,
    /// configurations, …), one sentence each, for the CLI to print.
    package var notes: [String]

    package init(
        file: String, entities: [EntityDescription] = [], fetchRequests: [FetchRequestDescription] = [],
        notes: [String] = []
    ) {
        self.file = file
        self.entities = entities
        self.fetchRequests = fetchRequests
        self.notes = notes
    }

    /// The entity named `name`, if there is one.
    package func entity(named name: String) -> EntityDescription? {
        entities.first { $0.name == name }
    }
}

/// Where in a model file something was written: a 1-based line and column.
package struct ModelLocation: Equatable, Sendable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// One `<entity>` element.
package struct EntityDescription: Equatable, Sendable {
    package var name: String
    /// `representedClassName`: the class Xcode generates or the app defines.
    package var representedClassName: String?
    /// `isAbstract="YES"`: no object is ever of this entity, only of its sub-entities.
    package var isAbstract: Bool
    /// `parentEntity`: the entity this one inherits its properties from.
    package var parentEntity: String?
    /// The entity's own attributes (not the inherited ones), in file order.
    package var attributes: [AttributeDescription]
    /// The entity's own relationships, in file order.
    package var relationships: [RelationshipDescription]
    /// Where the `<entity>` element starts.
    package var location: ModelLocation

    package init(
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
package enum ModelAttributeType: String, CaseIterable, Equatable, Sendable {
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
package struct AttributeDescription: Equatable, Sendable {
    package var name: String
    package var type: ModelAttributeType
    /// `optional="YES"`; Xcode omits the attribute for a required one.
    package var isOptional: Bool
    /// `transient="YES"`: kept on objects, never saved to a store.
    package var isTransient: Bool
    /// `defaultValueString`, as written (`0`, `NO`, `Untitled`).
    package var defaultValueString: String?
    /// `defaultDateTimeInterval`: a Date attribute's default, in seconds since 2001-01-01 (Xcode
    /// writes a date's default this way, not as `defaultValueString`).
    package var defaultDateTimeInterval: Double?
    package var location: ModelLocation

    package init(
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
package enum ModelDeleteRule: String, CaseIterable, Equatable, Sendable {
    case nullify = "Nullify"
    case cascade = "Cascade"
    case deny = "Deny"
    case noAction = "No Action"
}

/// One `<relationship>` element.
package struct RelationshipDescription: Equatable, Sendable {
    package var name: String
    package var destinationEntity: String
    /// `toMany="YES"`; a to-one relationship has `maxCount="1"` instead.
    package var isToMany: Bool
    /// `ordered="YES"` (an `NSOrderedSet`), meaningful for a to-many relationship.
    package var isOrdered: Bool
    package var isOptional: Bool
    package var isTransient: Bool
    package var inverseName: String?
    package var inverseEntity: String?
    /// Xcode omits `deletionRule` for Nullify in older files; the default is Nullify.
    package var deleteRule: ModelDeleteRule
    package var minCount: Int?
    package var maxCount: Int?
    package var location: ModelLocation

    package init(
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
package struct FetchRequestDescription: Equatable, Sendable {
    package var name: String
    package var entity: String
    /// `predicateString`, in `NSPredicate` format (XML entities already decoded).
    package var predicateString: String?
    package var fetchLimit: Int?
    package var location: ModelLocation

    package init(
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
