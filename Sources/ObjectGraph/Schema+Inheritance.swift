/// Entity inheritance, as Core Data has it: a sub-entity names its parent (`Entity.parentName`)
/// and holds the parent's attributes first, at the same positions, so that whatever reads a
/// parent's attribute by position reads it from a sub-entity's object too. A fetch of an entity
/// includes the objects of its sub-entities (`NSFetchRequest.includesSubentities`, true by
/// default), and a relationship to an entity accepts objects of its sub-entities.
extension Schema {
    /// Whether `name` is `ancestor` or inherits from it, at any depth.
    ///
    ///     schema.isEntity("Meeting", kindOf: "Event")   // true when Meeting's parent is Event
    public func isEntity(_ name: String, kindOf ancestor: String) -> Bool {
        var current: String? = name
        // A hierarchy has at most as many levels as the schema has entities (`checkParent`
        // refuses cycles); the bound keeps a malformed schema from looping.
        for _ in 0...entities.count {
            guard let name = current else { return false }
            if name == ancestor { return true }
            current = entity(named: name)?.parentName
        }
        return false
    }

    /// `name` and every entity that inherits from it, at any depth, in schema order: the
    /// entities a fetch of `name` reads.
    public func family(of name: String) -> [String] {
        guard entities.contains(where: { $0.parentName != nil }) else { return [name] }
        return entities.filter { isEntity($0.name, kindOf: name) }.map(\.name)
    }

    /// Whether any entity inherits from `name`.
    public func hasSubentities(_ name: String) -> Bool {
        entities.contains { $0.parentName == name }
    }

    /// Refuses a parent the schema does not define, a hierarchy with a cycle, and a sub-entity
    /// whose attributes do not begin with its parent's (same names, types and options).
    func checkParent(of entity: Entity) throws(ObjectGraphError) {
        guard let parentName = entity.parentName else { return }
        guard let parent = self.entity(named: parentName), parentName != entity.name else {
            throw .invalidEntity(entity.name, problem: "its parent entity '\(parentName)' is not defined")
        }
        var seen: Set<String> = [entity.name]
        var current: String? = parentName
        while let name = current {
            guard seen.insert(name).inserted else {
                throw .invalidEntity(entity.name, problem: "its parent entities form a cycle through '\(name)'")
            }
            current = self.entity(named: name)?.parentName
        }
        guard entity.attributes.count >= parent.attributes.count,
            zip(parent.attributes, entity.attributes).allSatisfy({ $0 == $1 })
        else {
            throw .invalidEntity(
                entity.name,
                problem: "its attributes must begin with those of its parent '\(parentName)', in the same order")
        }
    }
}
