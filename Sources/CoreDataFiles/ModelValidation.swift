/// The checks a parsed model must pass before anything uses it: names defined once, parents and
/// destinations that exist, no cycle of parent entities. Each problem is reported at the element
/// that causes it.
extension ManagedObjectModelDescription {
    /// Throws the first problem, in file order.
    func validate() throws(CoreDataFileError) {
        var seen: [String: ModelLocation] = [:]
        for entity in entities {
            if let first = seen[entity.name] {
                throw error(
                    at: entity.location, "entity '\(entity.name)' is defined twice (first at line \(first.line))")
            }
            seen[entity.name] = entity.location
        }
        for entity in entities {
            if let parent = entity.parentEntity, self.entity(named: parent) == nil {
                throw error(
                    at: entity.location,
                    "entity '\(entity.name)' has parentEntity '\(parent)', which the model does not define")
            }
            try checkParentCycle(from: entity)
        }
        for entity in entities {
            // Inherited properties count: a sub-entity may not redefine its parent's.
            var names: [String: String] = [:]
            for ancestor in lineage(of: entity).dropLast() {
                for property in ancestor.attributes.map(\.name) + ancestor.relationships.map(\.name) {
                    names[property] = ancestor.name
                }
            }
            let own =
                entity.attributes.map { ($0.name, $0.location) } + entity.relationships.map { ($0.name, $0.location) }
            for (name, location) in own.sorted(by: { ($0.1.line, $0.1.column) < ($1.1.line, $1.1.column) }) {
                if let owner = names[name] {
                    let what =
                        owner == entity.name
                        ? "is defined twice in entity '\(entity.name)'"
                        : "of entity '\(entity.name)' is already defined by its parent entity '\(owner)'"
                    throw error(at: location, "property '\(name)' \(what)")
                }
                names[name] = entity.name
            }
            for relationship in entity.relationships {
                guard self.entity(named: relationship.destinationEntity) != nil else {
                    throw error(
                        at: relationship.location,
                        "relationship '\(relationship.name)' of entity '\(entity.name)' has destinationEntity '\(relationship.destinationEntity)', which the model does not define"
                    )
                }
                if let inverse = relationship.inverseEntity, self.entity(named: inverse) == nil {
                    throw error(
                        at: relationship.location,
                        "relationship '\(relationship.name)' of entity '\(entity.name)' has inverseEntity '\(inverse)', which the model does not define"
                    )
                }
            }
        }
        for request in fetchRequests where self.entity(named: request.entity) == nil {
            throw error(
                at: request.location,
                "fetch request '\(request.name)' is on entity '\(request.entity)', which the model does not define")
        }
    }

    /// `entity` and its ancestors, root first. Call only on a model without parent cycles.
    func lineage(of entity: EntityDescription) -> [EntityDescription] {
        var chain = [entity]
        while let parent = chain[0].parentEntity.flatMap({ self.entity(named: $0) }), chain.count <= entities.count {
            chain.insert(parent, at: 0)
        }
        return chain
    }

    /// The root of `entity`'s hierarchy: the entity whose table a Core Data store shares.
    func root(of entity: EntityDescription) -> EntityDescription {
        lineage(of: entity)[0]
    }

    private func checkParentCycle(from entity: EntityDescription) throws(CoreDataFileError) {
        var path = [entity.name]
        var current = entity
        while let parentName = current.parentEntity, let parent = self.entity(named: parentName) {
            if path.contains(parentName) {
                throw error(
                    at: entity.location,
                    "entity '\(entity.name)' is its own ancestor: \((path + [parentName]).joined(separator: " -> "))")
            }
            path.append(parentName)
            current = parent
        }
    }

    private func error(at location: ModelLocation, _ message: String) -> CoreDataFileError {
        CoreDataFileError(file: file, location: location, message)
    }
}
