import ObjectGraph

/// A property of an entity — an attribute or a relationship — as Core Data's `NSPropertyDescription`.
///
/// Properties are optional by default, as in Core Data. A description belongs to the entity whose
/// `properties` list holds it (`entity`).
///
/// ```swift
/// let title = NSAttributeDescription()
/// title.name = "title"
/// title.attributeType = .stringAttributeType
/// ```
public class NSPropertyDescription: @unchecked Sendable {
    // `@unchecked`: as Core Data's, a model's descriptions are built once, before any context
    // uses them, and only read afterwards; the model is not checked against later edits.

    /// The property's name, unique within its entity.
    public var name: String = ""
    /// Whether the property may be nil when the context saves.
    public var isOptional: Bool = true
    /// Whether the property is transient: an attribute's value is never saved to a store (a
    /// transient relationship is stored as any other).
    public var isTransient: Bool = false
    /// Free-form information from the model, kept and not read.
    public var userInfo: [AnyHashable: Any]?
    /// The entity whose `properties` hold this one.
    public internal(set) weak var entity: NSEntityDescription?

    /// An unnamed, optional property.
    public init() {}
}

/// An attribute: a typed value of an entity, as Core Data's `NSAttributeDescription`.
///
/// ```swift
/// let order = NSAttributeDescription()
/// order.name = "order"
/// order.attributeType = .integer64AttributeType
/// order.isOptional = false
/// order.defaultValue = 0
/// ```
public final class NSAttributeDescription: NSPropertyDescription, @unchecked Sendable {
    /// The attribute's type; `.undefinedAttributeType` until set, which a model refuses when loaded.
    public var attributeType: NSAttributeType = .undefinedAttributeType
    /// The value a new object gets; a Swift value of the attribute's type (`String`, `Int64`, `Date`, …).
    public var defaultValue: Any?
    /// The class name Core Data gives the attribute's values (`NSString`, `NSNumber`, `NSDate`).
    public var attributeValueClassName: String? {
        attributeType == .undefinedAttributeType ? nil : attributeType.valueClassName
    }

    /// An unnamed attribute of undefined type.
    public override init() {}
}

/// What deleting the source object does to the objects a relationship points to, as
/// Core Data's `NSDeleteRule`.
///
/// The engine applies each relationship's rule when an object is deleted, in the same change
/// event: *nullify* removes the object from the related objects' inverse, *cascade* deletes them,
/// *deny* makes `save()` fail with `NSValidationRelationshipDeniedDeleteError` (1600) while one is
/// left, *no action* leaves them pointing to it (docs/apple-api.md).
///
/// ```swift
/// notes.deleteRule = .cascadeDeleteRule    // Folder.notes: deleting a folder deletes its notes
/// folder.deleteRule = .nullifyDeleteRule   // Note.folder: deleting a note takes it out of its folder
/// context.delete(groceries)                // a Folder
/// context.processPendingChanges()          // the folder and its notes go in one change event
/// ```
public enum NSDeleteRule: UInt, Sendable {
    case noActionDeleteRule = 0
    case nullifyDeleteRule = 1
    case cascadeDeleteRule = 2
    case denyDeleteRule = 3
}

/// A relationship from one entity to another, as Core Data's `NSRelationshipDescription`.
///
/// To-one relationships have `maxCount == 1`; any other `maxCount` (0 for no limit) makes a
/// to-many one, whose value is an `NSSet` of objects (`NSOrderedSet` when `isOrdered`). The
/// context keeps inverses in step and applies delete rules, and a save checks `minCount` and
/// `maxCount` of to-many relationships, as Core Data does.
///
/// ```swift
/// let notes = NSRelationshipDescription()
/// notes.name = "notes"
/// notes.destinationEntity = noteEntity
/// notes.deleteRule = .cascadeDeleteRule          // maxCount stays 0: to-many, no limit
/// let folder = NSRelationshipDescription()
/// folder.name = "folder"
/// folder.destinationEntity = folderEntity
/// folder.maxCount = 1                            // to-one
/// notes.inverseRelationship = folder
/// folder.inverseRelationship = notes
/// ```
public final class NSRelationshipDescription: NSPropertyDescription, @unchecked Sendable {
    /// The entity of the objects the relationship points to.
    public weak var destinationEntity: NSEntityDescription?
    /// The relationship of the destination entity that points back.
    public weak var inverseRelationship: NSRelationshipDescription?
    /// The least number of objects; 0 for an optional to-one relationship.
    public var minCount: Int = 0
    /// The most objects; 1 for a to-one relationship, 0 for an unbounded to-many one (Core Data's
    /// default for a new description).
    public var maxCount: Int = 0
    /// What deleting the source does to the destination (see ``NSDeleteRule``).
    public var deleteRule: NSDeleteRule = .nullifyDeleteRule
    /// Whether a to-many relationship keeps its objects in order.
    public var isOrdered: Bool = false

    /// Whether the relationship may hold more than one object (`maxCount` is not 1).
    public var isToMany: Bool { maxCount != 1 }

    /// An unnamed to-many relationship without a destination, as Core Data's initial one.
    public override init() {}
}
