import Foundation
import ObjectGraph

/// The generator's draws for a user schema (`FuzzSchema`): the initial rows from the user's
/// own, inserts with a value for every attribute, and sets of the attributes that are neither key.
extension FuzzGenerator {
    /// `count` of the user's rows, drawn without repeats and kept in their file order (all of
    /// them when there are fewer); generated rows when there are none.
    mutating func schemaSeed(count: Int, _ schema: FuzzSchema) -> [FuzzEdit] {
        guard !schema.seedRows.isEmpty else { return (0..<count).map { _ in schemaInsert() } }
        // Distinct rows drawn one by one: `count` is at most `--rows`, the rows may be a store's
        // million, so no shuffle of them all per session.
        var picks = Set<Int>()
        while picks.count < min(count, schema.seedRows.count) {
            picks.insert(
                schema.seedRows.count <= count ? picks.count : Int.random(in: schema.seedRows.indices, using: &rng))
        }
        return picks.sorted().map { row in
            defer { nextSymbol += 1 }
            return .insert(FuzzSymbol(nextSymbol), schema.seedRows[row])
        }
    }

    /// An insert with a value for every attribute; the section key's is `section` when given.
    /// With `targets`, the relationships get objects among them too (`FuzzGenerator+Links.swift`).
    mutating func schemaInsert(section: Value? = nil, targets: LinkTargets? = nil) -> FuzzEdit {
        var values = FuzzValues(group: section ?? group(), order: order())
        for column in configuration.schema?.plain ?? [] { values.setOther(draw(column), at: column.position) }
        if let targets { drawLinks(into: &values, targets: targets) }
        defer { nextSymbol += 1 }
        return .insert(FuzzSymbol(nextSymbol), values)
    }

    /// A set of one attribute that is neither key (of the index key when there is none).
    mutating func plainSet(_ symbol: FuzzSymbol) -> FuzzEdit {
        guard let column = configuration.schema?.plain.randomElement(using: &rng) else {
            return .set(symbol, FuzzValues(order: order()))
        }
        var values = FuzzValues()
        values.setOther(draw(column), at: column.position)
        return .set(symbol, values)
    }

    /// A value for `column`: nil a tenth of the time when optional; else between the data's
    /// smallest and largest value (numbers and dates; the type's own range bounds integers), or
    /// one of the data's strings or a fresh one.
    mutating func draw(_ column: FuzzSchema.Column) -> Value {
        if column.isOptional, chance(10) { return .null }
        switch column.modelType {
        case .integer16, .integer32, .integer64:
            let bounds: ClosedRange<Int> =
                switch column.modelType {
                case .integer16: Int(Int16.min)...Int(Int16.max)
                case .integer32: Int(Int32.min)...Int(Int32.max)
                default: Int.min...Int.max
                }
            var low = 0
            var high = 100
            if case (.int(let a), .int(let b))? = column.range.map({ ($0.low, $0.high) }) { (low, high) = (a, b) }
            return .int(Int.random(in: max(low, bounds.lowerBound)...min(high, bounds.upperBound), using: &rng))
        case .double, .float, .decimal:
            var low = 0.0
            var high = 100.0
            if let range = column.range, let a = range.low.numericValue, let b = range.high.numericValue, a.isFinite,
                b.isFinite
            {
                (low, high) = (a, b)
            }
            // Quarters: exact in a Float, short as text, and a Decimal's two places keep them.
            let quarters = Int.random(
                in: Int((low * 4).rounded(.up))...max(Int((low * 4).rounded(.up)), Int((high * 4).rounded(.down))),
                using: &rng)
            return .double(Double(quarters) / 4)
        case .boolean:
            return .bool(chance(50))
        case .date:
            var low = 788_918_400.0
            var high = 851_990_400.0  // 2026-01-01 … 2028-01-01, seconds since 2001
            if case (.date(let a), .date(let b))? = column.range.map({ ($0.low, $0.high) }) {
                (low, high) = (
                    a.timeIntervalSinceReferenceDate.rounded(.up), b.timeIntervalSinceReferenceDate.rounded(.down)
                )
            }
            return .date(
                Date(
                    timeIntervalSinceReferenceDate: Double(
                        Int.random(in: Int(low)...max(Int(low), Int(high)), using: &rng))))
        case .uuid:
            if !column.seen.isEmpty, chance(50), let seen = column.seen.randomElement(using: &rng) { return seen }
            let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) }
            return .string(
                UUID(
                    uuid: (
                        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                    )
                ).uuidString)
        case .uri:
            if !column.seen.isEmpty, chance(70), let seen = column.seen.randomElement(using: &rng) { return seen }
            return .string("https://example.com/\(Int.random(in: 0..<100, using: &rng))")
        default:
            if !column.seen.isEmpty, chance(70), let seen = column.seen.randomElement(using: &rng) { return seen }
            return title()
        }
    }
}

/// The fuzzer's draws for a user's entity, for a program that makes its own edits from them
/// (`fetchsim bench --model`): the values `fuzz --model` writes in its lines, by attribute name.
///
/// ```swift
/// var draws = SchemaDraws(schema: schema, rows: 10_000, seed: 7)
/// let values = draws.insert()          // [(key: "list", value: "Home"), (key: "position", …), …]
/// let edit = draws.plain()             // (key: "title", value: "t41")
/// ```
package struct SchemaDraws {
    package let schema: FuzzSchema
    private var generator: FuzzGenerator

    /// Draws for `schema`; `rows`, the list's size, bounds the index key's values as
    /// `fuzz --rows` does.
    package init(schema: FuzzSchema, rows: Int, seed: UInt64) {
        self.schema = schema
        var configuration = FuzzConfiguration()
        configuration.schema = schema
        configuration.rows = max(rows, 1)
        configuration.filterPercent = 0
        generator = FuzzGenerator(configuration: configuration, seed: seed)
    }

    /// The fuzzed entity's name.
    package var entityName: String { schema.options.entity }
    /// The section key's attribute name.
    package var sectionKey: String { schema.section.name }
    /// The index key's attribute name.
    package var indexKey: String { schema.index.name }

    /// An insert's values: one for every attribute the fuzzer writes, as `fuzz --model` inserts.
    package mutating func insert() -> [(key: String, value: Value)] {
        guard case .insert(_, let values) = generator.schemaInsert() else { return [] }
        return schema.assignments(values)
    }

    /// A value for the section key, from its small set (early values more often).
    package mutating func section() -> Value { generator.group() }

    /// A value for the index key.
    package mutating func index() -> Value { generator.order() }

    /// A set of one attribute that is neither key (of the index key when there is none).
    package mutating func plain() -> (key: String, value: Value) {
        guard case .set(_, let values) = generator.plainSet(FuzzSymbol(0)), let first = schema.assignments(values).first
        else {
            return (indexKey, index())
        }
        return first
    }

    /// The user's rows (`--data`, `--coredata-store`) as inserts' values, in their order.
    package var seedRows: [[(key: String, value: Value)]] {
        schema.seedRows.map(schema.assignments)
    }
}

extension FuzzSchema {
    /// `values` by attribute name, in the entity's attribute order.
    func assignments(_ values: FuzzValues) -> [(key: String, value: Value)] {
        columns.compactMap { column in
            let value =
                switch column.role {
                case .section: values[.group]
                case .index: values[.order]
                case .plain: values.other(at: column.position)
                }
            return value.map { (column.name, $0) }
        }
    }
}
