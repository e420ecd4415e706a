import ObjectGraph

/// What a fetched results controller fetches: an entity, an optional predicate, the order, the
/// sectioning and a window — the same parts as `NSFetchRequest` plus the controller's
/// `sectionNameKeyPath`.
public struct FetchRequest: Sendable {
    /// The entity whose objects are fetched.
    public var entityName: String
    /// Which objects to fetch; `nil` fetches all of the entity's objects.
    public var predicate: Predicate?
    /// At least one; objects equal under all of them are ordered by object ID.
    public var sortDescriptors: [SortDescriptor]
    /// The attribute whose value names each section (or a key path through to-one
    /// relationships, `list.name`); the request's sort must group the sections (Core Data checks it at fetch), not necessarily sort by it first.
    public var sectionNameKeyPath: String?
    /// At most this many objects at fetch time; 0 means no limit (as in Core Data).
    public var fetchLimit: Int
    /// Objects to skip at fetch time.
    public var fetchOffset: Int
    /// Objects fault in batches of this many (0: all at once); FetchSim keeps every object in
    /// memory, so this only counts the batch fetches (`numberOfBatchesFetched`).
    public var fetchBatchSize: Int
    /// Whether objects of the entity's sub-entities are fetched too (Core Data's
    /// `includesSubentities`, true by default): a fetch of `Event` finds its `Meeting` objects.
    public var includesSubentities = true

    /// A request for `entityName`'s objects; the controller checks it against the schema.
    public init(
        entityName: String,
        predicate: Predicate? = nil,
        sortDescriptors: [SortDescriptor],
        sectionNameKeyPath: String? = nil,
        fetchLimit: Int = 0,
        fetchOffset: Int = 0,
        fetchBatchSize: Int = 0
    ) {
        self.entityName = entityName
        self.predicate = predicate
        self.sortDescriptors = sortDescriptors
        self.sectionNameKeyPath = sectionNameKeyPath
        self.fetchLimit = fetchLimit
        self.fetchOffset = fetchOffset
        self.fetchBatchSize = fetchBatchSize
    }
}

/// A fetch request checked against a schema, with keys resolved to attribute positions.
struct ResolvedRequest {
    let entity: Entity
    /// The entities inheriting from `entity` whose objects the request fetches too; empty
    /// without sub-entities or when the request excludes them.
    let subentityNames: [String]
    private(set) var predicate: BoundPredicate?
    /// The keys the controller orders by: the request's own, or, when the section key does not
    /// lead them, the section's label first (a position one past the extended values, see
    /// `SectionLabels`) and then the request's (`sectionKeyLeads`).
    private(set) var sortIndexes: [Int]
    /// `0..<sortIndexes.count`: where `sortKey(of:)` finds the sort values it read.
    let keyPositions: [Int]
    let ascending: [Bool]
    /// Position of the section key, which is also `sortIndexes[0]` when it leads; nil without sections.
    let sectionIndex: Int?
    /// Whether the section key path reaches a transient attribute: its sections can only be
    /// computed from the objects in memory, never by a grouped fetch in the store.
    let sectionKeyIsTransient: Bool
    /// The sections' labels when the section key does not lead the sort (else nil): shared by
    /// every copy of the request, owned by its controller.
    let sectionLabels: SectionLabels?
    /// The request's own sort keys and directions, as written.
    let requestSortIndexes: [Int]
    let requestAscending: [Bool]
    /// How `sortKey(of:)` and `requestSortKey(of:)` encode their keys (`CompactKey`).
    let layout: KeyLayout
    let requestLayout: KeyLayout
    let limit: Int
    let offset: Int
    /// The key paths through relationships the request reads (none for most requests).
    private(set) var keyPaths: KeyPathTable

    /// Binds `predicate` in place of the request's own. False, changing nothing, when it reads a
    /// key path the request does not and the request keeps section labels at the position right
    /// past its key paths (a new path would take that position).
    mutating func rebind(_ predicate: Predicate?) throws(FetchedResultsError) -> Bool {
        var paths = keyPaths
        let bound: BoundPredicate?
        do {
            bound = try predicate?.bound(keyPaths: &paths)
        } catch {
            throw .predicate(error)
        }
        guard paths.paths.count == keyPaths.paths.count || sectionLabels == nil else { return false }
        self.predicate = bound
        keyPaths = paths
        return true
    }

    /// `labelsSections`: label the sections even when the section key leads the sort, for
    /// sections imposed by count (a reused cache).
    init(_ request: FetchRequest, schema: Schema, labelsSections: Bool = false) throws(FetchedResultsError) {
        guard let entity = schema.entity(named: request.entityName) else {
            throw .unknownEntity(request.entityName)
        }
        guard !request.sortDescriptors.isEmpty else { throw .noSortDescriptors }
        var keyPaths = KeyPathTable(entity: entity, schema: schema)
        var sortTypes: [AttributeType?] = []
        func position(of key: String, role: String, selector: SortSelector = .compare) throws(FetchedResultsError)
            -> Int
        {
            let resolved: (index: Int, attribute: Attribute)?
            do {
                resolved = try keyPaths.resolve(key, selector: selector)
            } catch {
                throw .invalidKeyPath(key, problem: error.detail, role: role)
            }
            guard let resolved else { throw .unknownAttribute(key, entity: entity.name, role: role) }
            if role == "sort key" { sortTypes.append(resolved.attribute.type) }
            return resolved.index
        }
        var sortIndexes: [Int] = []
        for descriptor in request.sortDescriptors {
            sortIndexes.append(try position(of: descriptor.key, role: "sort key", selector: descriptor.selector))
        }
        if let key = request.sectionNameKeyPath {
            let index = try position(of: key, role: "section key")
            // Apple accepts any sort under which section names come out grouped, and checks it at
            // fetch time (semantics.md, "Section key not first in the sort").
            sectionIndex = index
        } else {
            sectionIndex = nil
        }
        guard request.fetchLimit >= 0 else { throw .negative("fetchLimit", request.fetchLimit) }
        guard request.fetchOffset >= 0 else { throw .negative("fetchOffset", request.fetchOffset) }
        do {
            predicate = try request.predicate?.bound(keyPaths: &keyPaths)
        } catch {
            throw .predicate(error)
        }
        self.entity = entity
        sectionKeyIsTransient =
            request.sectionNameKeyPath.map { FetchRequest.readsTransient($0, of: entity.name, in: schema) } ?? false
        subentityNames = request.includesSubentities ? schema.family(of: entity.name).filter { $0 != entity.name } : []
        self.keyPaths = keyPaths
        requestSortIndexes = sortIndexes
        requestAscending = request.sortDescriptors.map(\.ascending)
        if let sectionIndex, labelsSections || sortIndexes[0] != sectionIndex {
            self.sortIndexes = [entity.attributes.count + keyPaths.paths.count] + sortIndexes
            ascending = [true] + requestAscending
            sectionLabels = SectionLabels()
            layout = KeyLayout(ascending: ascending, types: [.string] + sortTypes)
        } else {
            self.sortIndexes = sortIndexes
            ascending = requestAscending
            sectionLabels = nil
            layout = KeyLayout(ascending: ascending, types: sortTypes)
        }
        requestLayout = KeyLayout(ascending: requestAscending, types: sortTypes)
        keyPositions = Array(self.sortIndexes.indices)
        limit = request.fetchLimit
        offset = request.fetchOffset
    }

    /// Whether the section key is the request's first sort key (else the controller puts it first).
    var sectionKeyLeads: Bool { sectionIndex.map { requestSortIndexes[0] == $0 } ?? true }

    /// The identity of the section `object` belongs in (nil without a section key).
    func sectionIdentity(of object: ManagedObject) -> Value? {
        sectionIndex.map { keyPaths.extendedValues(of: object)[$0].sectionIdentity }
    }

    /// Whether `object`'s section key value is nil — not `""`, which shares the unnamed section
    /// (`sectionIdentity`) but is a name: Core Data's nil-section log line is for nil alone.
    func sectionKeyIsNil(of object: ManagedObject) -> Bool {
        sectionIndex.map { keyPaths.extendedValues(of: object)[$0].isNull } ?? false
    }

    /// `object`'s key under the request's own sort descriptors (no section label).
    func requestSortKey(of object: ManagedObject) -> SortKey {
        SortKey(keyPaths.values(of: object), at: requestSortIndexes, layout: requestLayout)
    }

    /// Whether `object` belongs in the results: right entity, live, and matching the predicate.
    @inline(__always)
    func matches(_ object: ManagedObject) -> Bool {
        guard !object.isDeleted, fetches(object.entity.name) else { return false }
        return predicate?.root.evaluate(keyPaths.extendedValues(of: object)) ?? true
    }

    /// Whether objects of the entity named `name` are the request's: its entity, or one of its
    /// sub-entities when it includes them. A sub-entity's object holds the entity's attributes at
    /// the same positions (`Schema.checkParent`), so keys and predicates read it unchanged.
    @inline(__always)
    func fetches(_ name: String) -> Bool {
        name == entity.name || (!subentityNames.isEmpty && subentityNames.contains(name))
    }

    /// The objects of `context` the request may fetch, in ID order: its entity's, and its
    /// sub-entities' when it includes them.
    func candidates(in context: ObjectContext) -> [ManagedObject] {
        guard !subentityNames.isEmpty else { return context.objects(ofEntity: entity.name) }
        let all = ([entity.name] + subentityNames).flatMap { context.objects(ofEntity: $0) }
        return all.sorted { $0.objectID < $1.objectID }
    }

    /// The sort key of `object` now.
    @inline(__always)
    func sortKey(of object: ManagedObject) -> SortKey {
        if let sectionLabels, let sectionIndex {
            // The label (nil for a section that has none yet) at the position past the values.
            var values = keyPaths.values(of: object)
            values.append(
                sectionLabels.label(of: values[sectionIndex].sectionIdentity, object: object.objectID) ?? .null)
            return SortKey(values, at: sortIndexes, layout: layout)
        }
        // In place when the request reads no key path: `object.values` would copy them. Only the
        // sort attributes are read, into positions 0, 1, … (`keyPositions`).
        guard keyPaths.paths.isEmpty else {
            return SortKey(keyPaths.values(of: object), at: sortIndexes, layout: layout)
        }
        return object.withValues(at: sortIndexes) { SortKey($0, at: keyPositions, layout: layout) }
    }
}
