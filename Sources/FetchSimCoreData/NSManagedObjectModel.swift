import ObjectGraph

/// A model: the entities a store holds, as Core Data's `NSManagedObjectModel`.
///
/// On Linux there is no compiled model (`.momd`) in a bundle: build the model in code, or read an
/// Xcode model file with `NSManagedObjectModel(contentsOf:)` where the model-file reader is wired
/// in (docs/apple-api.md).
///
/// ```swift
/// let model = NSManagedObjectModel()
/// model.entities = [noteEntity]
/// let container = NSPersistentContainer(name: "Notes", managedObjectModel: model)
/// ```
public final class NSManagedObjectModel: @unchecked Sendable {
    // `@unchecked`: see NSPropertyDescription.

    /// The entities, in order; setting them makes this model their `managedObjectModel`.
    ///
    /// As in Core Data, a model is not changed once a store uses it (Core Data raises "Can't modify
    /// an immutable model"); FetchSim reads the entities' names once, on first use.
    public var entities: [NSEntityDescription] = [] {
        didSet {
            for entity in entities { entity.managedObjectModel = self }
            cachedEntitiesByName = nil
        }
    }

    private var cachedEntitiesByName: [String: NSEntityDescription]?

    /// An empty model.
    public init() {}

    /// The entities by name.
    public var entitiesByName: [String: NSEntityDescription] {
        if let cachedEntitiesByName { return cachedEntitiesByName }
        let table = Dictionary(
            entities.compactMap { entity in entity.name.map { ($0, entity) } }, uniquingKeysWith: { first, _ in first })
        cachedEntitiesByName = table
        return table
    }

    /// The engine's entities for this model, in order: every property of each entity (the
    /// superentity's first) as an engine attribute, relationships as to-one or to-many ones with
    /// their inverse, delete rule, order and counts; each sub-entity names its superentity, so
    /// that a fetch of the superentity includes its objects.
    ///
    /// Throws, naming the entity and the property, for what the engine cannot hold: an unnamed
    /// entity, a relationship without a destination in this model, an attribute of undefined or
    /// unsupported type, a default value of the wrong type.
    func engineEntities() throws(CoreDataError) -> [Entity] {
        var result: [Entity] = []
        var seen: Set<String> = []
        for description in entities {
            guard let name = description.name, !name.isEmpty else { throw .model("an entity of the model has no name") }
            guard seen.insert(name).inserted else { throw .model("the model has two entities named '\(name)'") }
            var attributes: [Attribute] = []
            for property in description.allProperties {
                attributes.append(try engineAttribute(for: property, of: name))
            }
            do {
                result.append(
                    try Entity(
                        name: name, attributes: attributes, parent: description.superentity?.name,
                        isAbstract: description.isAbstract))
            } catch {
                throw .model("entity '\(name)': \(error)")
            }
        }
        return result
    }

    private func engineAttribute(for property: NSPropertyDescription, of entity: String) throws(CoreDataError)
        -> Attribute
    {
        let where_ = "property '\(property.name)' of entity '\(entity)'"
        if let relationship = property as? NSRelationshipDescription {
            guard let destination = relationship.destinationEntity, let destinationName = destination.name,
                entities.contains(where: { $0 === destination })
            else {
                throw .model(
                    "relationship '\(property.name)' of entity '\(entity)' has no destination entity in this model")
            }
            let rule: DeleteRule =
                switch relationship.deleteRule {
                case .noActionDeleteRule: .noAction
                case .nullifyDeleteRule: .nullify
                case .cascadeDeleteRule: .cascade
                case .denyDeleteRule: .deny
                }
            let inverse = relationship.inverseRelationship?.name
            guard relationship.isToMany else {
                return Attribute.toOne(
                    property.name, destination: destinationName, isOptional: relationship.isOptional, inverse: inverse,
                    deleteRule: rule)
            }
            return Attribute.toMany(
                property.name, destination: destinationName, isOrdered: relationship.isOrdered, inverse: inverse,
                deleteRule: rule, minCount: max(relationship.minCount, 0), maxCount: max(relationship.maxCount, 0))
        }
        guard let attribute = property as? NSAttributeDescription else {
            throw .model("\(where_) is neither an attribute nor a relationship")
        }
        guard let type = attribute.attributeType.engineType else {
            throw .model(
                "attribute '\(property.name)' of entity '\(entity)' has type \(attribute.attributeType), which FetchSim does not support "
                    + "(string, integer 16/32/64, double, float, boolean and date are)")
        }
        var engine = Attribute(property.name, type, isOptional: attribute.isOptional)
        engine.isTransient = attribute.isTransient
        if let value = attribute.defaultValue {
            guard let converted = ValueConversion.value(from: value, for: type) else {
                throw .model(
                    "the default value of attribute '\(property.name)' of entity '\(entity)' is a \(Swift.type(of: value)), "
                        + "not a value of type \(attribute.attributeType)")
            }
            engine.defaultValue = converted
        }
        return engine
    }
}
