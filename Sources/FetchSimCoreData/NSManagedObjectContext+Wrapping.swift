import ObjectGraph

extension NSManagedObjectContext {
    /// A main-queue context over `engine`, an engine context another part of FetchSim opened (the
    /// interpreter's, for an app's view controller in the CLI): the app's code and the engine's
    /// own commands then edit the same objects, and the app's fetched results controllers get the
    /// same change events — no second engine. The model is made from the engine's schema as it is
    /// now (`NSManagedObjectModel(schema:)`); a context for a changed schema is made anew.
    ///
    /// ```swift
    /// let context = NSManagedObjectContext(wrapping: interpreter.workspace.context)
    /// let controller = NotesViewController(context: context)
    /// ```
    package convenience init(wrapping engine: ObjectContext) {
        self.init(concurrencyType: .mainQueueConcurrencyType)
        wrappedModel = NSManagedObjectModel(schema: engine.schema)
        engineContext = engine
        observeSaves(of: engine)
    }
}

extension NSManagedObjectModel {
    /// Core Data's description of the engine's entities: each attribute with its type (an engine
    /// integer as 64-bit, a real as double), relationships with their destinations, inverses,
    /// delete rules and counts. Each entity's class is named by the entity's name, as Xcode's
    /// default code generation names it (`Note`); the class is found once the app has used it
    /// (`NSFetchRequest<Note>`, `Note(context:)`), else the objects are plain `NSManagedObject`s.
    package convenience init(schema: Schema) {
        self.init()
        var byName: [String: NSEntityDescription] = [:]
        var relationships: [(NSRelationshipDescription, Attribute)] = []
        entities = schema.entities.map { engineEntity in
            let entity = NSEntityDescription()
            entity.name = engineEntity.name
            entity.managedObjectClassName = engineEntity.name
            entity.properties = engineEntity.attributes.map { attribute -> NSPropertyDescription in
                let property: NSPropertyDescription
                switch attribute.type {
                case .relationship, .toMany:
                    let relationship = NSRelationshipDescription()
                    relationship.maxCount = attribute.type == .relationship ? 1 : attribute.maxCount
                    relationship.minCount = attribute.minCount
                    relationship.isOrdered = attribute.isOrdered
                    relationship.deleteRule =
                        switch attribute.deleteRule {
                        case .nullify: .nullifyDeleteRule
                        case .cascade: .cascadeDeleteRule
                        case .deny: .denyDeleteRule
                        case .noAction: .noActionDeleteRule
                        }
                    relationships.append((relationship, attribute))
                    property = relationship
                case .string, .int, .double, .bool, .date:
                    let described = NSAttributeDescription()
                    described.attributeType =
                        switch attribute.type {
                        case .string: .stringAttributeType
                        case .int: .integer64AttributeType
                        case .double: .doubleAttributeType
                        case .bool: .booleanAttributeType
                        default: .dateAttributeType
                        }
                    property = described
                }
                property.name = attribute.name
                property.isOptional = attribute.isOptional
                return property
            }
            byName[engineEntity.name] = entity
            return entity
        }
        for (relationship, attribute) in relationships {
            relationship.destinationEntity = attribute.destinationEntity.flatMap { byName[$0] }
            if let inverse = attribute.inverseName {
                relationship.inverseRelationship = relationship.destinationEntity?.relationshipsByName[inverse]
            }
        }
    }
}
