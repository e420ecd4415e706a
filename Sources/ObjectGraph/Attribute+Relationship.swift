/// To-one relationships: an attribute whose value is another object (docs/semantics.md,
/// "Relationships and key paths").
///
/// Core Data models a relationship as a property whose value is a managed object of its
/// destination entity; FetchSim keeps it as an attribute of type `.relationship` whose value is
/// `Value.object(id)`. Deleting the destination object sets the relationship of every object that
/// points to it to nil (Core Data's default delete rule, *Nullify*).
extension Attribute {
    /// A to-one relationship called `name` to objects of `destination`, whose inverse (if any)
    /// is the relationship `inverse` of `destination`; deleting an object applies `deleteRule`
    /// to the object this relationship holds.
    ///
    ///     Attribute.toOne("folder", destination: "Folder", inverse: "notes")
    public static func toOne(
        _ name: String, destination: String, isOptional: Bool = true,
        inverse: String? = nil, deleteRule: DeleteRule = .nullify
    ) -> Attribute {
        var attribute = Attribute(name, .relationship, isOptional: isOptional)
        attribute.destinationEntity = destination
        attribute.inverseName = inverse
        attribute.deleteRule = deleteRule
        return attribute
    }

    /// Whether this attribute is a to-one relationship.
    public var isRelationship: Bool { type == .relationship }

    /// How the command language writes the attribute's type: `string`, `->List` for a
    /// to-one relationship (with `?` when optional), `[Note]` for a to-many one.
    package var typeText: String {
        if isToMany { return "[" + (destinationEntity ?? "") + "]" }
        let base = isRelationship ? "->" + (destinationEntity ?? "") : type.rawValue
        return isOptional ? base + "?" : base
    }
}

extension Schema {
    /// Refuses a relationship without a destination, or to an entity the schema does not define
    /// (an entity may point to itself), a default value for a relationship, and an inverse that
    /// contradicts the destination's definition (`checkInverse`).
    func checkDestinations(of entity: Entity) throws(ObjectGraphError) {
        for attribute in entity.attributes where attribute.isRelationship || attribute.isToMany {
            guard let destination = attribute.destinationEntity else {
                throw .unknownDestination("", relationship: attribute.name, entity: entity.name)
            }
            guard destination == entity.name || self.entity(named: destination) != nil else {
                throw .unknownDestination(destination, relationship: attribute.name, entity: entity.name)
            }
            if let value = attribute.defaultValue, !value.isNull {
                throw .typeMismatch(key: attribute.name, entity: entity.name, expected: attribute.type, got: value)
            }
            try checkInverse(of: attribute, in: entity)
        }
    }
}

extension ObjectContext {
    /// Checks that `value`, given to relationship `attribute` of `entity`, is nil or a live object
    /// of the destination entity.
    func checkReference(_ value: Value, for attribute: Attribute, of entity: String) throws(ObjectGraphError) {
        guard attribute.isRelationship || attribute.isToMany else { return }
        for id in value.objectIDs {
            let target = try liveObject(id)
            let destination = attribute.destinationEntity ?? ""
            guard target.entity.name == destination || schema.isEntity(target.entity.name, kindOf: destination) else {
                throw .wrongDestination(
                    id, targetEntity: target.entity.name, relationship: attribute.name,
                    entity: entity, destination: destination)
            }
        }
    }

    /// Sets to nil every to-one relationship without an inverse that points to `object`, which is
    /// being deleted; each such object is reported as updated in the same change event. (A
    /// relationship with an inverse follows the delete rules instead, `ObjectContext+DeleteRules`.)
    /// - Complexity: O(n) for the n objects of the context when an entity has a relationship to
    ///   `object`'s entity; nothing without such relationships.
    func nullifyReferences(to object: ManagedObject) {
        let target = Value.object(object.objectID)
        for entity in schema.entities {
            let indexes = entity.attributes.indices.filter {
                entity.attributes[$0].isRelationship && entity.attributes[$0].inverseName == nil
                    && schema.isEntity(object.entity.name, kindOf: entity.attributes[$0].destinationEntity ?? "")
            }
            guard !indexes.isEmpty, liveCounts[entity.name, default: 0] > 0, let kind = kinds[entity.name] else {
                continue
            }
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
    /// is gone (or a component is not an attribute). A key without a dot is `self[key]`. A
    /// to-many relationship followed by `@count` is its number of objects (`notes.@count`).
    public func value(forKeyPath keyPath: String) -> Value {
        var object = self
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        for (i, component) in components.enumerated() {
            guard let value = object.value(forKey: String(component)) else { return .null }
            if i == components.count - 1 { return value }
            if case .objects(let ids) = value {
                return i == components.count - 2 && components[i + 1] == "@count" ? .int(ids.count) : .null
            }
            guard case .object(let id) = value, let next = object.managedObjectContext?.object(with: id) else {
                return .null
            }
            object = next
        }
        return .null
    }
}
