/// To-one relationships: an attribute whose value is another object (docs/semantics.md,
/// "Relationships and key paths").
///
/// Core Data models a relationship as a property whose value is a managed object of its
/// destination entity; FetchSim keeps it as an attribute of type `.relationship` whose value is
/// `Value.object(id)`. Deleting the destination object sets the relationship of every object that
/// points to it to nil (Core Data's default delete rule, *Nullify*).
extension Attribute {
    /// A to-one relationship called `name` to objects of `destination`.
    public static func toOne(_ name: String, destination: String, isOptional: Bool = true) -> Attribute {
        var attribute = Attribute(name, .relationship, isOptional: isOptional)
        attribute.destinationEntity = destination
        return attribute
    }

    /// Whether this attribute is a to-one relationship.
    public var isRelationship: Bool { type == .relationship }

    /// How the command language writes the attribute's type: `string`, or `->List` for a
    /// relationship (with `?` when optional).
    public var typeText: String {
        let base = isRelationship ? "->" + (destinationEntity ?? "") : type.rawValue
        return isOptional ? base + "?" : base
    }
}

extension Schema {
    /// Refuses a relationship without a destination, or to an entity the schema does not define
    /// (an entity may point to itself), and a default value for a relationship.
    func checkDestinations(of entity: Entity) throws(ObjectGraphError) {
        for attribute in entity.attributes where attribute.isRelationship {
            guard let destination = attribute.destinationEntity else {
                throw .unknownDestination("", relationship: attribute.name, entity: entity.name)
            }
            guard destination == entity.name || self.entity(named: destination) != nil else {
                throw .unknownDestination(destination, relationship: attribute.name, entity: entity.name)
            }
            if let value = attribute.defaultValue, !value.isNull {
                throw .typeMismatch(key: attribute.name, entity: entity.name, expected: .relationship, got: value)
            }
        }
    }
}

extension ObjectContext {
    /// Checks that `value`, given to relationship `attribute` of `entity`, is nil or a live object
    /// of the destination entity.
    func checkReference(_ value: Value, for attribute: Attribute, of entity: String) throws(ObjectGraphError) {
        guard attribute.isRelationship, case .object(let id) = value else { return }
        let target = try liveObject(id)
        let destination = attribute.destinationEntity ?? ""
        guard target.entity.name == destination else {
            throw .wrongDestination(id, targetEntity: target.entity.name, relationship: attribute.name,
                                    entity: entity, destination: destination)
        }
    }

    /// Sets to nil every relationship that points to `object`, which is being deleted (the
    /// *Nullify* delete rule); each such object is reported as updated in the same change event.
    /// - Complexity: O(n) for the n objects of the context when an entity has a relationship to
    ///   `object`'s entity; nothing without such relationships.
    func nullifyReferences(to object: ManagedObject) {
        let target = Value.object(object.objectID)
        for entity in schema.entities {
            let indexes = entity.attributes.indices.filter {
                entity.attributes[$0].isRelationship && entity.attributes[$0].destinationEntity == object.entity.name
            }
            guard !indexes.isEmpty, liveCounts[entity.name, default: 0] > 0, let kind = kinds[entity.name] else { continue }
            registered.forEach { source in
                guard source.kind === kind else { return }
                let id = source.objectID
                for index in indexes where source.value(at: index) == target {
                    if pendingInserted[id] == nil, pendingUpdated[id]?[index] == nil {
                        pendingUpdated[id, default: [:]][index] = source.value(at: index)
                    }
                    source.setValue(.null, at: index)
                }
            }
        }
    }
}

extension ManagedObject {
    /// The value at a key path such as `list.name`: each component but the last a to-one
    /// relationship, followed to its object; nil as soon as a relationship is nil or its object
    /// is gone (or a component is not an attribute). A key without a dot is `self[key]`.
    public func value(forKeyPath keyPath: String) -> Value {
        var object = self
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        for (i, component) in components.enumerated() {
            guard let value = object.value(forKey: String(component)) else { return .null }
            if i == components.count - 1 { return value }
            guard case .object(let id) = value, let next = object.managedObjectContext?.object(with: id) else { return .null }
            object = next
        }
        return .null
    }
}
