import ObjectGraph

/// What Tab completion may offer beyond the fixed command words: the workspace's names.
package struct CompletionContext: Hashable, Sendable {
    /// An entity and its attribute names, in definition order.
    package struct EntityNames: Hashable, Sendable {
        package var name: String
        package var attributes: [String]
        /// Each attribute's type (unknown ones get no value completions).
        package var types: [String: AttributeType]
        /// The attributes that may be nil.
        package var optional: Set<String>
        /// Existing values of string attributes, as literals (`"Milk"`), offered after `key=`.
        package var stringValues: [String: [String]]

        package init(
            _ name: String, attributes: [String], types: [String: AttributeType] = [:],
            optional: Set<String> = [], stringValues: [String: [String]] = [:]
        ) {
            self.name = name
            self.attributes = attributes
            self.types = types
            self.optional = optional
            self.stringValues = stringValues
        }

        /// What may follow `key=`: `true false` for a bool, existing values for a string, and
        /// `nil` for an optional attribute.
        func values(for key: String) -> [String] {
            var values: [String] = []
            switch types[key] {
            case .bool?: values = ["true", "false"]
            case .string?: values = stringValues[key] ?? []
            default: break
            }
            return values + (optional.contains(key) ? ["nil"] : [])
        }
    }

    package var entities: [EntityNames]
    /// The entity the table shows: `set` completes its attributes (all entities' otherwise).
    package var fetchedEntity: String?
    /// How many sections the table has: `show` offers their numbers.
    package var sectionCount: Int
    package var adapterNames: [String]
    /// Each adapter option with the words it takes (empty for a number).
    package var adapterOptions: [String: [String]]
    package var profileNames: [String]

    package init(entities: [EntityNames] = [], fetchedEntity: String? = nil, sectionCount: Int = 0) {
        self.entities = entities
        self.fetchedEntity = fetchedEntity
        self.sectionCount = sectionCount
        adapterNames = Command.AdapterKind.allCases.map(\.rawValue) + RegisteredAdapters.names
        adapterOptions = Dictionary(
            uniqueKeysWithValues: Command.AdapterOption.Key.allCases.map { ($0.rawValue, $0.values) })
        profileNames = Command.Profile.allCases.map(\.rawValue)
    }

    /// The names of `schema`'s entities and attributes with their types; `stringValues(entity,
    /// attribute)` gives the existing values of a string attribute (as the workspace holds them).
    package init(
        schema: Schema, fetchedEntity: String? = nil, sectionCount: Int = 0,
        stringValues: (String, String) -> [String] = { _, _ in [] }
    ) {
        self.init(
            entities: schema.entities.map { entity in
                let strings = entity.attributes.filter { $0.type == .string }
                return EntityNames(
                    entity.name, attributes: entity.attributes.map(\.name),
                    types: Dictionary(uniqueKeysWithValues: entity.attributes.map { ($0.name, $0.type) }),
                    optional: Set(entity.attributes.filter(\.isOptional).map(\.name)),
                    stringValues: Dictionary(
                        uniqueKeysWithValues: strings.map {
                            ($0.name, stringValues(entity.name, $0.name).map { Value.string($0).literal })
                        }))
            },
            fetchedEntity: fetchedEntity,
            sectionCount: sectionCount
        )
    }

    /// The entity named `name`, or the only one that has attribute `key` when `name` is nil.
    func entity(_ name: String?, having key: String) -> EntityNames? {
        if let name { return entities.first { $0.name == name } }
        let having = entities.filter { $0.attributes.contains(key) }
        return having.count == 1 ? having[0] : nil
    }

    /// `entity`'s attributes of the types `types`.
    func attributes(of entity: String?, types: Set<AttributeType>) -> [String] {
        guard let entity, let found = entities.first(where: { $0.name == entity }) else { return [] }
        return found.attributes.filter { found.types[$0].map(types.contains) ?? false }
    }

    /// The attribute names of `entity`, or of every entity when it is `nil` or unknown.
    func attributes(of entity: String?) -> [String] {
        if let entity, let found = entities.first(where: { $0.name == entity }) { return found.attributes }
        var seen: Set<String> = []
        return entities.flatMap(\.attributes).filter { seen.insert($0).inserted }
    }
}
