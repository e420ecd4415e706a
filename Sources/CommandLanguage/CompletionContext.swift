import ObjectGraph

/// What Tab completion may offer beyond the fixed command words: the workspace's names.
public struct CompletionContext: Hashable, Sendable {
    /// An entity and its attribute names, in definition order.
    public struct EntityNames: Hashable, Sendable {
        public var name: String
        public var attributes: [String]

        public init(_ name: String, attributes: [String]) {
            self.name = name
            self.attributes = attributes
        }
    }

    public var entities: [EntityNames]
    /// The entity the table shows: `set` completes its attributes (all entities' otherwise).
    public var fetchedEntity: String?
    /// How many sections the table has: `show` offers their numbers.
    public var sectionCount: Int
    public var adapterNames: [String]
    /// Each adapter option with the words it takes (empty for a number).
    public var adapterOptions: [String: [String]]
    public var profileNames: [String]

    public init(entities: [EntityNames] = [], fetchedEntity: String? = nil, sectionCount: Int = 0) {
        self.entities = entities
        self.fetchedEntity = fetchedEntity
        self.sectionCount = sectionCount
        adapterNames = Command.AdapterKind.allCases.map(\.rawValue)
        adapterOptions = Dictionary(uniqueKeysWithValues: Command.AdapterOption.Key.allCases.map { ($0.rawValue, $0.values) })
        profileNames = Command.Profile.allCases.map(\.rawValue)
    }

    /// The names of `schema`'s entities and attributes.
    public init(schema: Schema, fetchedEntity: String? = nil, sectionCount: Int = 0) {
        self.init(
            entities: schema.entities.map { EntityNames($0.name, attributes: $0.attributes.map(\.name)) },
            fetchedEntity: fetchedEntity,
            sectionCount: sectionCount
        )
    }

    /// The attribute names of `entity`, or of every entity when it is `nil` or unknown.
    func attributes(of entity: String?) -> [String] {
        if let entity, let found = entities.first(where: { $0.name == entity }) { return found.attributes }
        var seen: Set<String> = []
        return entities.flatMap(\.attributes).filter { seen.insert($0).inserted }
    }
}
