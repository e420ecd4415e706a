import FetchSimCore
import FetchedResults
import ObjectGraph

/// One edit of a benchmark event, on object IDs, so the same event can be replayed on several
/// contexts that started from the same store.
enum BenchEdit {
    case insert([(key: String, value: Value)])
    case delete(ObjectID)
    case set(ObjectID, key: String, value: Value)
}

/// What `BenchRunner` measures: a list — the store it starts from and the fetch that shows it —
/// and the change events made on it. `BenchWorkload` is the built-in one, `SchemaBenchWorkload`
/// a user's entity (`bench --model`).
protocol BenchEventSource {
    /// The fetch of the list: its entity, order, sections and filter.
    var request: FetchRequest { get }
    /// The attribute that keeps the list's display order (the data source's index key).
    var indexKey: String { get }
    /// A store holding `count` objects of the fetched entity (IDs 1…count), and the schema.
    mutating func makeStore(count: Int) throws -> InMemoryStore
    /// The next event: `changes` edits drawn from the mix.
    mutating func nextEvent(changes: Int) -> [BenchEdit]
}

/// The seeded workload of `fetchsim bench`: a list of `Item(title, group, order, done)` sorted by
/// group then order and sectioned by group, and change events that mix inserts, deletes,
/// sort-key updates, section-key updates and plain updates.
///
/// The generator keeps its own model of the live object IDs (`BenchEditMix`), so it needs no
/// context and every context that replays its events (in the same order) stays identical.
struct BenchWorkload: BenchEventSource {
    let groupCount: Int
    private var rng: SeededGenerator
    private var mix = BenchEditMix()

    init(seed: UInt64, groupCount: Int = 300) {
        self.groupCount = groupCount
        rng = SeededGenerator(seed: seed)
    }

    /// The benchmark's entity.
    static func entity() throws -> Entity {
        try Entity(
            name: "Item",
            attributes: [
                Attribute("title", .string), Attribute("group", .string), Attribute("order", .int),
                Attribute("done", .bool),
            ])
    }

    /// The fetch the benchmark measures: every item, by group then order, sectioned by group.
    static var request: FetchRequest {
        FetchRequest(
            entityName: "Item", sortDescriptors: [SortDescriptor(key: "group"), SortDescriptor(key: "order")],
            sectionNameKeyPath: "group")
    }

    var request: FetchRequest { Self.request }

    /// Drags renumber `order`.
    var indexKey: String { "order" }

    /// A store holding `count` fresh items (IDs 1…count), and the schema.
    mutating func makeStore(count: Int) throws -> InMemoryStore {
        let entity = try Self.entity()
        let schema = try Schema(entities: [entity])
        var objects: [StoredObject] = []
        objects.reserveCapacity(count)
        for _ in 0..<count {
            let id = mix.newObject()
            objects.append(StoredObject(id: id, entity: entity.name, values: [title(), group(), order(), done()]))
        }
        return InMemoryStore(schema: schema, objects: objects, nextObjectID: mix.nextObjectID)
    }

    /// The next event: `changes` edits drawn from the mix.
    mutating func nextEvent(changes: Int) -> [BenchEdit] {
        var edits: [BenchEdit] = []
        edits.reserveCapacity(changes)
        for _ in 0..<changes {
            switch mix.next(using: &rng) {
            case .insert:
                edits.append(.insert([("title", title()), ("group", group()), ("order", order()), ("done", done())]))
            case .delete(let id): edits.append(.delete(id))
            case .sortKey(let id): edits.append(.set(id, key: "order", value: order()))
            case .sectionKey(let id): edits.append(.set(id, key: "group", value: group()))
            case .plain(let id):
                edits.append(
                    Bool.random(using: &rng)
                        ? .set(id, key: "title", value: title()) : .set(id, key: "done", value: done()))
            }
        }
        return edits
    }

    /// Makes `edits` pending in `context` (the caller ends the turn); inserts are of `entity`.
    static func apply(_ edits: [BenchEdit], to context: ObjectContext, entity: String = "Item") throws {
        for edit in edits {
            switch edit {
            case .insert(let values): try context.insert(entity, values: values)
            case .delete(let id): try context.delete(id)
            case .set(let id, let key, let value): try context.setValue(value, forKey: key, of: id)
            }
        }
    }

    private mutating func title() -> Value { .string("item \(Int.random(in: 0..<1_000_000, using: &rng))") }
    private mutating func group() -> Value {
        let n = Int.random(in: 0..<groupCount, using: &rng)
        return .string("group \(n < 10 ? "00" : n < 100 ? "0" : "")\(n)")
    }
    private mutating func order() -> Value { .int(Int.random(in: 0..<1_000_000_000, using: &rng)) }
    private mutating func done() -> Value { .bool(Bool.random(using: &rng)) }
}
