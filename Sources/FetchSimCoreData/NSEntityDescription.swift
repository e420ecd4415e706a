import ObjectGraph

/// An entity of a model: a name, the class of its objects and its properties, as Core Data's
/// `NSEntityDescription`.
///
/// ```swift
/// let note = NSEntityDescription()
/// note.name = "Note"
/// note.managedObjectClassName = NSStringFromClass(Note.self)   // "MyApp.Note"
/// note.properties = [title, order]
/// ```
///
/// A sub-entity has its superentity's properties first, then its own, as Core Data's
/// `attributesByName` does, and a fetch of the superentity includes the sub-entity's objects
/// unless the request's `includesSubentities` is false (docs/apple-api.md).
public final class NSEntityDescription: @unchecked Sendable {
    // `@unchecked`: see NSPropertyDescription.

    /// The entity's name, unique within its model.
    public var name: String?
    /// The name of the class of its objects: `NSManagedObject`, or a subclass's
    /// `NSStringFromClass` (`MyApp.Note`; a name without a module is matched against the
    /// subclasses seen so far, see ``NSManagedObject``).
    public var managedObjectClassName: String! = "NSManagedObject"
    /// Whether the entity has no objects of its own, only sub-entities' (an abstract entity
    /// cannot be inserted).
    public var isAbstract: Bool = false
    /// Free-form information from the model, kept and not read.
    public var userInfo: [AnyHashable: Any]?
    /// The model whose `entities` hold this one.
    public internal(set) weak var managedObjectModel: NSManagedObjectModel?

    /// The entity's own properties, in order; setting them makes this entity their `entity`.
    public var properties: [NSPropertyDescription] = [] {
        didSet {
            for property in properties { property.entity = self }
            forgetLookups()
        }
    }

    /// The entities that inherit from this one; setting them sets their `superentity`.
    public var subentities: [NSEntityDescription] = [] {
        didSet {
            for entity in subentities { entity.superentity = self }
            forgetLookups()
        }
    }

    /// The entity this one inherits its properties from.
    public internal(set) weak var superentity: NSEntityDescription?

    /// `propertiesByName`, made on first use: every key-value coding call reads it. Forgotten when
    /// this entity's properties or sub-entities change (and in its sub-entities, which inherit).
    private var cachedPropertiesByName: [String: NSPropertyDescription]?
    /// `allProperties` with their names, kept for `attribute(named:)` under the same rule.
    private var cachedNamedProperties: [(name: String, property: NSPropertyDescription)]?

    private func forgetLookups() {
        cachedPropertiesByName = nil
        cachedNamedProperties = nil
        for entity in subentities { entity.forgetLookups() }
    }

    /// An unnamed entity of `NSManagedObject`s without properties.
    public init() {}

    /// Every property, the superentity's first.
    var allProperties: [NSPropertyDescription] {
        (superentity?.allProperties ?? []) + properties
    }

    /// The properties by name, the superentity's included.
    public var propertiesByName: [String: NSPropertyDescription] {
        if let cachedPropertiesByName { return cachedPropertiesByName }
        let table = Dictionary(allProperties.map { ($0.name, $0) }, uniquingKeysWith: { _, own in own })
        cachedPropertiesByName = table
        return table
    }

    /// The attribute named `key`, the superentity's included: `propertiesByName[key]` when it is
    /// an attribute. Every `@Managed` access asks; for an entity of a few properties the names
    /// are compared in turn (a short string compares as two words) rather than hashed.
    func attribute(named key: String) -> NSAttributeDescription? {
        let properties: [(name: String, property: NSPropertyDescription)]
        if let cachedNamedProperties {
            properties = cachedNamedProperties
        } else {
            properties = allProperties.map { ($0.name, $0) }
            cachedNamedProperties = properties
        }
        guard properties.count <= 8 else { return propertiesByName[key] as? NSAttributeDescription }
        // From the end: an entity's own property overrides its superentity's of the same name.
        for entry in properties.reversed() where entry.name == key {
            return entry.property as? NSAttributeDescription
        }
        return nil
    }

    /// The attributes by name, the superentity's included.
    public var attributesByName: [String: NSAttributeDescription] {
        Dictionary(
            allProperties.compactMap { $0 as? NSAttributeDescription }.map { ($0.name, $0) },
            uniquingKeysWith: { _, own in own })
    }

    /// The relationships by name, the superentity's included.
    public var relationshipsByName: [String: NSRelationshipDescription] {
        Dictionary(
            allProperties.compactMap { $0 as? NSRelationshipDescription }.map { ($0.name, $0) },
            uniquingKeysWith: { _, own in own })
    }

    /// The relationships whose destination is `entity`.
    public func relationships(forDestination entity: NSEntityDescription) -> [NSRelationshipDescription] {
        allProperties.compactMap { $0 as? NSRelationshipDescription }.filter { $0.destinationEntity === entity }
    }

    /// Whether this entity is `entity` or inherits from it.
    public func isKindOf(entity: NSEntityDescription) -> Bool {
        var current: NSEntityDescription? = self
        while let candidate = current {
            if candidate === entity { return true }
            current = candidate.superentity
        }
        return false
    }

    /// The entity named `entityName` in the model of `context`'s store, as Core Data's
    /// `entity(forEntityName:in:)`; nil when the model has none.
    public static func entity(forEntityName entityName: String, in context: NSManagedObjectContext)
        -> NSEntityDescription?
    {
        context.model?.entitiesByName[entityName]
    }

    /// A new object of the entity named `entityName`, inserted into `context`, of the entity's class.
    ///
    /// For a name the model does not have, Core Data raises `NSInternalInconsistencyException`;
    /// FetchSim records it in `context.raisedExceptions` and returns an object of no context.
    public static func insertNewObject(forEntityName entityName: String, into context: NSManagedObjectContext)
        -> NSManagedObject
    {
        guard let entity = entity(forEntityName: entityName, in: context) else {
            context.raisedExceptions.raise(
                .internalInconsistencyException,
                reason: "+entityForName: could not locate an entity named '\(entityName)' in this model.")
            return NSManagedObject(entity: NSEntityDescription(), insertInto: nil)
        }
        return entity.objectClass.init(entity: entity, insertInto: context)
    }

    /// The class of the entity's objects: the class `managedObjectClassName` names, else `NSManagedObject`.
    var objectClass: NSManagedObject.Type {
        ManagedObjectClasses.class(named: managedObjectClassName ?? "") ?? NSManagedObject.self
    }
}

extension NSEntityDescription: CustomStringConvertible {
    /// `(<NSEntityDescription: Note>) name Note, managedObjectClassName MyApp.Note`, shortened.
    public var description: String {
        "<NSEntityDescription: \(name ?? "")> name \(name ?? ""), managedObjectClassName \(managedObjectClassName ?? "")"
    }
}
