import CoreDataFiles
import Foundation

extension NSManagedObjectModel {
    /// The model an Xcode model file describes — a `.xcdatamodeld` bundle (its current version) or
    /// a `.xcdatamodel` — as Core Data's `init?(contentsOf:)` reads a compiled `.momd`. Nil when
    /// the file cannot be read; the reason goes to standard error as Core Data logs it.
    /// ``NSManagedObjectModel/load(contentsOf:)`` throws the reason instead.
    ///
    /// ```swift
    /// let url = URL(fileURLWithPath: "Notes.xcdatamodeld")
    /// let model = NSManagedObjectModel(contentsOf: url)!
    /// let container = NSPersistentContainer(name: "Notes", managedObjectModel: model)
    /// ```
    public convenience init?(contentsOf url: URL) {
        do {
            let description = try ModelFileReader.read(path: url.path)
            self.init()
            entities = Self.entities(of: description)
        } catch {
            FileHandle.standardError.write(
                Data("CoreData: error: cannot load the model at '\(url.path)': \(error)\n".utf8))
            return nil
        }
    }

    /// The model an Xcode model file describes, or the reason it cannot be read:
    /// `FILE:LINE:COLUMN: …` naming the element.
    public static func load(contentsOf url: URL) throws -> NSManagedObjectModel {
        let description = try ModelFileReader.read(path: url.path)
        let model = NSManagedObjectModel()
        model.entities = entities(of: description)
        return model
    }

    /// Core Data's descriptions of the file's entities, properties and inheritance, relationships
    /// joined to their destinations and inverses once every entity exists.
    static func entities(of model: ManagedObjectModelDescription) -> [NSEntityDescription] {
        var byName: [String: NSEntityDescription] = [:]
        var entities: [NSEntityDescription] = []
        var relationships: [(NSRelationshipDescription, RelationshipDescription)] = []
        for described in model.entities {
            let entity = NSEntityDescription()
            entity.name = described.name
            entity.isAbstract = described.isAbstract
            if let className = described.representedClassName, !className.isEmpty {
                entity.managedObjectClassName = className
            }
            var properties: [NSPropertyDescription] = []
            for attribute in described.attributes {
                let property = NSAttributeDescription()
                property.name = attribute.name
                property.attributeType = attributeType(attribute.type)
                property.isOptional = attribute.isOptional
                property.isTransient = attribute.isTransient
                property.defaultValue = defaultValue(attribute)
                properties.append(property)
            }
            for relationship in described.relationships {
                let property = NSRelationshipDescription()
                property.name = relationship.name
                property.isOptional = relationship.isOptional
                property.isTransient = relationship.isTransient
                property.isOrdered = relationship.isOrdered
                property.deleteRule = deleteRule(relationship.deleteRule)
                property.minCount = relationship.minCount ?? 0
                property.maxCount = relationship.isToMany ? (relationship.maxCount ?? 0) : 1
                properties.append(property)
                relationships.append((property, relationship))
            }
            entity.properties = properties
            byName[described.name] = entity
            entities.append(entity)
        }
        for described in model.entities {
            guard let parent = described.parentEntity.flatMap({ byName[$0] }), let entity = byName[described.name]
            else { continue }
            parent.subentities.append(entity)
        }
        for (property, described) in relationships {
            property.destinationEntity = byName[described.destinationEntity]
            if let inverse = described.inverseName {
                property.inverseRelationship = property.destinationEntity?.relationshipsByName[inverse]
            }
        }
        return entities
    }

    static func attributeType(_ type: ModelAttributeType) -> NSAttributeType {
        switch type {
        case .string: .stringAttributeType
        case .integer16: .integer16AttributeType
        case .integer32: .integer32AttributeType
        case .integer64: .integer64AttributeType
        case .double: .doubleAttributeType
        case .float: .floatAttributeType
        case .decimal: .decimalAttributeType
        case .boolean: .booleanAttributeType
        case .date: .dateAttributeType
        case .binary: .binaryDataAttributeType
        case .uuid: .UUIDAttributeType
        case .uri: .URIAttributeType
        case .transformable: .transformableAttributeType
        case .objectID: .objectIDAttributeType
        }
    }

    static func deleteRule(_ rule: ModelDeleteRule) -> NSDeleteRule {
        switch rule {
        case .nullify: .nullifyDeleteRule
        case .cascade: .cascadeDeleteRule
        case .deny: .denyDeleteRule
        case .noAction: .noActionDeleteRule
        }
    }

    /// The attribute's default as the value Core Data keeps (`defaultValueString` read by type;
    /// a date's `defaultDateTimeInterval`, seconds since 2001).
    static func defaultValue(_ attribute: AttributeDescription) -> Any? {
        if attribute.type == .date {
            return attribute.defaultDateTimeInterval.map { Date(timeIntervalSinceReferenceDate: $0) }
        }
        guard let text = attribute.defaultValueString else { return nil }
        switch attribute.type {
        case .integer16, .integer32, .integer64: return Int64(text)
        case .double, .float, .decimal: return Double(text)
        case .boolean: return ["YES", "yes", "true", "1"].contains(text)
        case .string: return text
        default: return nil
        }
    }
}
