import FetchSimCore
import FetchedResults
import Fuzzing
import ObjectGraph

/// The workload of `fetchsim bench --model`: a user's entity, its list fetched as `fuzz --model`
/// fetches it (by the section key then the index key, sectioned by the section key, filtered by
/// `--filter`), and change events in the built-in workload's mix whose values are the fuzzer's
/// own draws for the entity (`SchemaDraws`): inserts with a value for every attribute, sets of
/// the index key, of the section key and of the other attributes, and deletes.
///
/// The list starts with the user's rows (`--data`, `--coredata-store`) in their order, then
/// generated ones up to the size asked. Like `BenchWorkload`, it keeps its own model of the live
/// object IDs, so every context that replays its events stays identical.
struct SchemaBenchWorkload: BenchEventSource {
    let request: FetchRequest
    let indexKey: String
    private let schema: Schema
    private let entity: Entity
    private var draws: SchemaDraws
    private var rng: SeededGenerator
    private var mix = BenchEditMix()

    /// The workload on `fuzzSchema`'s entity; `rows`, the list's size, spreads the index key's
    /// values as `fuzz --rows` does.
    init(schema fuzzSchema: FuzzSchema, rows: Int, seed: UInt64) throws {
        draws = SchemaDraws(schema: fuzzSchema, rows: rows, seed: seed)
        schema = fuzzSchema.mapped.schema
        guard let entity = schema.entity(named: draws.entityName) else {
            throw BenchError(description: "the model has no entity '\(draws.entityName)'")
        }
        self.entity = entity
        indexKey = draws.indexKey
        var request = FetchRequest(
            entityName: entity.name,
            sortDescriptors: [SortDescriptor(key: draws.sectionKey), SortDescriptor(key: draws.indexKey)],
            sectionNameKeyPath: draws.sectionKey)
        if let filter = fuzzSchema.options.filter {
            do {
                request.predicate = try Predicate(format: filter)
            } catch {
                throw BenchError(description: "--filter: \(error.message) at column \(error.column) of '\(filter)'")
            }
        }
        self.request = request
        // Its own stream for the mix, apart from the draws', so that the two never share a state.
        rng = SeededGenerator(seed: seed &+ 1)
    }

    /// The user's rows first, in their order, then generated ones: `count` in all.
    mutating func makeStore(count: Int) throws -> InMemoryStore {
        var objects: [StoredObject] = []
        objects.reserveCapacity(count)
        let seeds = draws.seedRows.prefix(count)
        for index in 0..<count {
            let values = index < seeds.count ? seeds[index] : draws.insert()
            objects.append(StoredObject(id: mix.newObject(), entity: entity.name, values: try row(values)))
        }
        return InMemoryStore(schema: schema, objects: objects, nextObjectID: mix.nextObjectID)
    }

    /// A stored object's values: each attribute's initial value, then `values` as an insert takes them.
    private func row(_ values: [(key: String, value: Value)]) throws -> [Value] {
        var row = entity.attributes.map(\.initialValue)
        for (key, value) in values {
            guard let index = entity.index(of: key) else {
                throw BenchError(description: "entity '\(entity.name)' has no attribute '\(key)'")
            }
            row[index] = try entity.attributes[index].acceptingEdit(value, entity: entity.name)
        }
        return row
    }

    /// The next event: `changes` edits in `BenchEditMix`'s proportions.
    mutating func nextEvent(changes: Int) -> [BenchEdit] {
        var edits: [BenchEdit] = []
        edits.reserveCapacity(changes)
        for _ in 0..<changes {
            switch mix.next(using: &rng) {
            case .insert: edits.append(.insert(draws.insert()))
            case .delete(let id): edits.append(.delete(id))
            case .sortKey(let id): edits.append(.set(id, key: indexKey, value: draws.index()))
            case .sectionKey(let id): edits.append(.set(id, key: draws.sectionKey, value: draws.section()))
            case .plain(let id):
                let (key, value) = draws.plain()
                edits.append(.set(id, key: key, value: value))
            }
        }
        return edits
    }
}

extension BenchRunner {
    /// The section key's set of values on a user's entity: as many as the built-in list's groups.
    static let schemaSectionCount = 300

    /// The user's entity `bench --model` measures, read and checked as `fuzz --model` reads it
    /// (the same refusals, each naming its option), with a section key of
    /// `schemaSectionCount` values.
    package static func schema(_ arguments: FuzzSchemaArguments) throws -> FuzzSchema {
        var configuration = FuzzConfiguration()
        configuration.sections = schemaSectionCount
        do {
            try arguments.apply(to: &configuration)
        } catch {
            throw BenchError(description: error.description)
        }
        guard let schema = configuration.schema else {
            throw BenchError(description: "'--model' is missing: it names the model of the entity to measure")
        }
        return schema
    }

    /// The list sizes on `schema`: those asked, else the user's rows when there are some (their
    /// count), else `defaults`. A data file without rows, and no sizes asked, is refused.
    package static func sizes(on schema: FuzzSchema, asked: [Int]?, defaults: [Int]) throws -> [Int] {
        if let asked { return asked }
        let source =
            schema.options.data.map { ("--data", $0) } ?? schema.options.coreDataStore.map { ("--coredata-store", $0) }
        guard let (option, path) = source else { return defaults }
        guard !schema.seedRows.isEmpty else {
            throw BenchError(
                description:
                    "\(option): '\(path)' holds no \(schema.options.entity) rows to measure; give --sizes to measure generated ones"
            )
        }
        return [schema.seedRows.count]
    }
}
