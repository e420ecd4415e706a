import Foundation

/// An ObjectGraph schema made from a model, with what the mapping left out.
package struct ModelSchema: Sendable {
    /// The model the schema was made from.
    package var model: ManagedObjectModelDescription
    /// The model's entities in file order, abstract ones too: each names its parent and has its
    /// inherited attributes first (root first), then its own.
    package var schema: Schema
    /// The model's notes, then the mapping's: what is in the file but not in the schema.
    package var notes: [String]
    /// For each schema entity (by name), where each of its attributes comes from, in attribute order.
    package var sources: [String: [PropertySource]]
}

/// The model property behind one schema attribute.
package enum PropertySource: Equatable, Sendable {
    case attribute(AttributeDescription, owner: String)
    case toOne(RelationshipDescription, owner: String)
    /// A to-many relationship (`toMany="YES"`): an `Attribute.toMany` in the schema.
    case toMany(RelationshipDescription, owner: String)

    /// The property's name.
    package var name: String {
        switch self {
        case .attribute(let attribute, _): attribute.name
        case .toOne(let relationship, _), .toMany(let relationship, _): relationship.name
        }
    }

    /// Whether the property is saved to a store (transient ones are not).
    package var isStored: Bool {
        switch self {
        case .attribute(let attribute, _): !attribute.isTransient
        case .toOne(let relationship, _), .toMany(let relationship, _): !relationship.isTransient
        }
    }

    /// The entity that declares the property (an ancestor, for an inherited one).
    package var owner: String {
        switch self {
        case .attribute(_, let owner), .toOne(_, let owner), .toMany(_, let owner): owner
        }
    }
}

extension ManagedObjectModelDescription {
    /// Core Data's reference date, 2001-01-01T00:00:00Z: dates in model files and stores are
    /// seconds since it (`Date.timeIntervalSinceReferenceDate`).
    package static let referenceDate = Date(timeIntervalSinceReferenceDate: 0)

    /// The model as an ObjectGraph schema — the one place where Core Data's types become FetchSim's.
    ///
    /// - Types: Integer 16/32/64 → `int`; Double, Float, Decimal → `double`; Boolean → `bool`;
    ///   Date → `date`; String, UUID, URI → `string`. Binary, Transformable and ObjectID values
    ///   are opaque to FetchSim: such attributes stay in the description but not in the schema,
    ///   with a note.
    /// - Relationships: to-one → `Attribute.toOne`, to-many → `Attribute.toMany`, with their
    ///   inverse, delete rule, `ordered`, `minCount` and `maxCount` (0: no limit).
    /// - Inheritance: every entity is a schema entity with its parent (`Entity.parentName`) and
    ///   its ancestors' properties first, root first; an abstract one gets no objects of its own.
    ///   A fetch of an entity includes its sub-entities' objects, as Core Data's does.
    /// - Defaults: `defaultValueString` read as the attribute's type (`YES`/`NO` for Boolean),
    ///   `defaultDateTimeInterval` as seconds since 2001-01-01.
    /// - Transient attributes (`transient="YES"`) keep `Attribute.isTransient`: never saved.
    ///
    /// ```swift
    /// let mapped = try ModelFileReader.read(path: path).schema()
    /// mapped.notes.forEach { print($0) }
    /// ```
    package func schema() throws(CoreDataFileError) -> ModelSchema {
        var entities: [Entity] = []
        var notes = self.notes
        var sources: [String: [PropertySource]] = [:]
        for entity in self.entities {
            var attributes: [Attribute] = []
            var origins: [PropertySource] = []
            for owner in lineage(of: entity) {
                for description in owner.attributes {
                    guard let type = Self.attributeType(description.type) else {
                        if owner.name == entity.name {
                            notes.append(
                                "attribute '\(description.name)' of entity '\(owner.name)' (\(description.type.rawValue)) is not in the schema: FetchSim has no type for opaque values"
                            )
                        }
                        continue
                    }
                    var attribute = Attribute(description.name, type, isOptional: description.isOptional)
                    attribute.defaultValue = try defaultValue(of: description, as: type, entity: owner.name)
                    attribute.isTransient = description.isTransient
                    attributes.append(attribute)
                    origins.append(.attribute(description, owner: owner.name))
                }
                for relationship in owner.relationships {
                    attributes.append(Self.attribute(for: relationship))
                    origins.append(
                        relationship.isToMany
                            ? .toMany(relationship, owner: owner.name) : .toOne(relationship, owner: owner.name))
                }
            }
            do {
                entities.append(
                    try Entity(
                        name: entity.name, attributes: attributes, parent: entity.parentEntity,
                        isAbstract: entity.isAbstract))
            } catch {
                throw located(entity.location, "entity '\(entity.name)': \(error)")
            }
            sources[entity.name] = origins
        }
        do {
            return ModelSchema(model: self, schema: try Schema(entities: entities), notes: notes, sources: sources)
        } catch {
            // Name the element at fault where the engine's message names one.
            if case .invalidRelationship(let name, let owner, _) = error,
                let relationship = self.entity(named: owner).flatMap({ entity in
                    lineage(of: entity).lazy.flatMap(\.relationships).first { $0.name == name }
                })
            {
                throw located(relationship.location, "\(error)")
            }
            if case .invalidEntity(let name, _) = error, let entity = self.entity(named: name) {
                throw located(entity.location, "\(error)")
            }
            throw CoreDataFileError(file: file, "\(error)")
        }
    }

    /// The schema attribute for `relationship`: Core Data's delete rule, inverse, order and counts.
    static func attribute(for relationship: RelationshipDescription) -> Attribute {
        let rule: DeleteRule =
            switch relationship.deleteRule {
            case .nullify: .nullify
            case .cascade: .cascade
            case .deny: .deny
            case .noAction: .noAction
            }
        guard relationship.isToMany else {
            return .toOne(
                relationship.name, destination: relationship.destinationEntity, isOptional: relationship.isOptional,
                inverse: relationship.inverseName, deleteRule: rule)
        }
        return .toMany(
            relationship.name, destination: relationship.destinationEntity, isOrdered: relationship.isOrdered,
            inverse: relationship.inverseName, deleteRule: rule,
            minCount: max(relationship.minCount ?? 0, 0), maxCount: max(relationship.maxCount ?? 0, 0))
    }

    static func attributeType(_ type: ModelAttributeType) -> AttributeType? {
        switch type {
        case .integer16, .integer32, .integer64: .int
        case .double, .float, .decimal: .double
        case .boolean: .bool
        case .date: .date
        case .string, .uuid, .uri: .string
        case .binary, .transformable, .objectID: nil
        }
    }

    private func defaultValue(of attribute: AttributeDescription, as type: AttributeType, entity: String)
        throws(CoreDataFileError) -> Value?
    {
        if type == .date, let interval = attribute.defaultDateTimeInterval {
            return .date(Date(timeIntervalSinceReferenceDate: interval))
        }
        guard let text = attribute.defaultValueString else { return nil }
        let value: Value? =
            switch type {
            case .int: Int(text).map(Value.int)
            case .double: Double(text).map(Value.double)
            case .bool: ["YES": true, "NO": false, "1": true, "0": false][text].map(Value.bool)
            case .string: .string(text)
            case .date: ISO8601.parse(text).map(Value.date)
            case .relationship, .toMany: nil
            }
        guard let value else {
            throw located(
                attribute.location,
                "attribute '\(attribute.name)' of entity '\(entity)': defaultValueString '\(text)' is not a value of type '\(attribute.type.rawValue)'"
            )
        }
        return value
    }

    private func located(_ location: ModelLocation, _ message: String) -> CoreDataFileError {
        CoreDataFileError(file: file, location: location, message)
    }
}
