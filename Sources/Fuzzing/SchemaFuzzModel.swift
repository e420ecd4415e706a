import Adapters
import CoreDataFiles
import FetchSimCore
import FetchedResults
import Foundation
import Interpreter
import ObjectGraph

/// The names the fuzzer's lines use for the fuzzed entity and its two keys: FuzzSession's
/// `group` role is the section key, its `order` role the index key that drags renumber.
struct FuzzNames: Equatable, Sendable {
    var entity: String
    var section: String
    var index: String

    /// The built-in schema: `Item`, sectioned by `group`, ordered by `order`.
    static let builtIn = FuzzNames(
        entity: FuzzField.entityName, section: FuzzField.group.rawValue, index: FuzzField.order.rawValue)
}

/// A user's entity to fuzz (`fuzz --model M --entity E --section KEY --index KEY`): the model,
/// the attributes the generator writes with the values it draws for each, the fetch's filter,
/// and the user's own rows that seed each session (`--data FILE.csv`, `--coredata-store FILE`).
///
/// The section key draws from a small set (the data's most frequent values, then `A`, `B`, …
/// or `0`, `1`, …) so that sections appear and vanish; the index key is drawn as the built-in
/// `order` is; every other attribute draws from its type's range — between the smallest and the
/// largest value in the data for numbers and dates, among the data's values or fresh ones for
/// strings — and is nil a tenth of the time when optional. Relationships (`links`) point to the
/// entity's own objects or to objects of their destination (`related`) that each session
/// inserts in its setup (`SchemaFuzzLinks.swift`).
///
/// ```swift
/// let schema = try FuzzSchema.load(FuzzSchema.Options(model: "Notes.xcdatamodeld", entity: "Note",
///                                                     section: "group", index: "order"))
/// var configuration = FuzzConfiguration()
/// configuration.schema = schema
/// ```
package struct FuzzSchema: Sendable, Equatable {
    /// What `fuzz` was given: the model, the entity, its keys, the filter and the seed rows' file.
    package struct Options: Equatable, Sendable {
        package var model: String
        package var entity: String
        package var section: String
        package var index: String
        /// An `NSPredicate` format for the fetch, or nil for none.
        package var filter: String?
        /// A CSV file of the entity's rows (`import csv`'s format), or nil.
        package var data: String?
        /// A Core Data SQLite store the model reads, or nil.
        package var coreDataStore: String?

        package init(
            model: String, entity: String, section: String, index: String, filter: String? = nil,
            data: String? = nil, coreDataStore: String? = nil
        ) {
            self.model = model
            self.entity = entity
            self.section = section
            self.index = index
            self.filter = filter
            self.data = data
            self.coreDataStore = coreDataStore
        }
    }

    /// One attribute the generator writes, and what it draws for it.
    package struct Column: Equatable, Sendable {
        package enum Role: Equatable, Sendable {
            case section, index, plain
        }

        package var name: String
        /// As the model file spells it (`Integer 16`): the draws keep to its range.
        package var modelType: ModelAttributeType
        /// As the schema holds it (`int`).
        package var type: AttributeType
        package var isOptional: Bool
        /// The attribute's position in the schema entity's attributes.
        package var position: Int
        package var role: Role
        /// The smallest and largest value in the seed rows (numbers and dates), nil without any.
        var range: (low: Value, high: Value)?
        /// The seed rows' distinct strings, in first appearance, at most 50.
        var seen: [Value]

        package static func == (a: Column, b: Column) -> Bool {
            a.name == b.name && a.modelType == b.modelType && a.type == b.type && a.isOptional == b.isOptional
                && a.position == b.position && a.role == b.role && a.range?.low == b.range?.low
                && a.range?.high == b.range?.high
                && a.seen == b.seen
        }
    }

    package let options: Options
    /// The model mapped to a schema: each session's interpreter starts on it, as `--model` does.
    package let mapped: ModelSchema
    /// The fuzzed attributes in schema order (relationships left out).
    package let columns: [Column]
    /// The section key's values the generator draws from, early ones more often.
    package let sectionValues: [Value]
    /// The user's rows, each as an insert's values: a session starts with a sample of them.
    package let seedRows: [FuzzValues]
    /// The entity's relationships the generator writes, in schema order.
    package let links: [Link]
    /// The other entities the relationships point to, whose objects each session inserts first.
    package let related: [Related]

    package static func == (a: FuzzSchema, b: FuzzSchema) -> Bool {
        a.options == b.options && a.columns == b.columns && a.sectionValues == b.sectionValues
            && a.seedRows == b.seedRows && a.links == b.links && a.related == b.related
    }

    var names: FuzzNames { FuzzNames(entity: options.entity, section: section.name, index: index.name) }
    var section: Column { columns.first { $0.role == .section } ?? columns[0] }
    var index: Column { columns.first { $0.role == .index } ?? columns[0] }
    /// The attributes that are neither key.
    var plain: [Column] { columns.filter { $0.role == .plain } }

    /// `--model M --entity E --section S --index I [--filter 'P'] [--data F]`, quoted for a shell.
    var commandLineWords: [String] {
        var words = [
            "--model", options.model, "--entity", options.entity, "--section", options.section, "--index",
            options.index,
        ]
        if let filter = options.filter { words += ["--filter", filter] }
        if let data = options.data { words += ["--data", data] }
        if let store = options.coreDataStore { words += ["--coredata-store", store] }
        return words.map(Self.shellQuoted)
    }

    /// `word` as a POSIX shell reads it back: as it is when it holds only safe characters,
    /// else in single quotes (a quote inside written `'\''`).
    static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
        if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The column at schema position `position`.
    func column(at position: Int) -> Column? { columns.first { $0.position == position } }

    /// Reads the model, checks the entity, the keys and the filter, and reads the seed rows; any
    /// problem is refused with a message naming the option, the name and what would fit — all
    /// before a batch runs.
    package static func load(_ options: Options, sections: Int, reorder: ReorderStrategy) throws(FuzzConfigurationError)
        -> FuzzSchema
    {
        let mapped: ModelSchema
        do {
            mapped = try Interpreter.readModel(at: options.model)
        } catch {
            throw FuzzConfigurationError("--model: \(error)")
        }
        // An abstract entity is in the schema (its sub-entities' objects are fetched through it),
        // but no object is ever of it, so there is nothing to insert.
        if let abstract = mapped.model.entity(named: options.entity), abstract.isAbstract {
            let subs = mapped.model.entities.filter { $0.parentEntity == abstract.name }.map(\.name)
            throw FuzzConfigurationError(
                "--entity: entity '\(abstract.name)' is abstract (no object is ever of it): fuzz one of its sub-entities"
                    + (subs.isEmpty ? "" : " (\(subs.joined(separator: ", ")))"))
        }
        guard let entity = mapped.schema.entity(named: options.entity) else {
            let names = mapped.schema.entities.map(\.name)
            throw FuzzConfigurationError(
                "--entity: no entity '\(options.entity)' in '\(options.model)'" + hint(options.entity, names)
                    + "; its entities: \(names.joined(separator: ", "))")
        }
        let sources = mapped.sources[entity.name] ?? []
        var columns = plainColumns(of: entity, sources: sources)
        let (links, related) = linksAndRelated(of: entity, in: mapped)
        let names = columns.map(\.name)
        func key(_ name: String, option: String) throws(FuzzConfigurationError) -> Int {
            guard let at = columns.firstIndex(where: { $0.name == name }) else {
                let isRelationship = entity.attribute(named: name)?.isRelationship ?? false
                throw FuzzConfigurationError(
                    "\(option): "
                        + (isRelationship
                            ? "'\(name)' is a relationship of '\(entity.name)': a key must be an attribute"
                            : "no attribute '\(name)' in entity '\(entity.name)'" + hint(name, names)
                                + "; its attributes: \(names.joined(separator: ", "))"))
            }
            return at
        }
        let sectionAt = try key(options.section, option: "--section")
        let indexAt = try key(options.index, option: "--index")
        guard sectionAt != indexAt else {
            throw FuzzConfigurationError(
                "--section and --index both name '\(options.section)': the list is sectioned by one attribute and ordered within its sections by another"
            )
        }
        let sectionType = columns[sectionAt].modelType
        guard [.string, .integer16, .integer32, .integer64, .boolean].contains(sectionType) else {
            throw FuzzConfigurationError(
                "--section: '\(options.section)' is a \(sectionType.rawValue) attribute; a section key must be a String, Integer 16/32/64 or Boolean attribute, whose values the fuzzer draws from a small set"
            )
        }
        let indexColumn = columns[indexAt]
        guard [.integer16, .integer32, .integer64, .double, .float, .decimal].contains(indexColumn.modelType) else {
            throw FuzzConfigurationError(
                "--index: '\(options.index)' is a \(indexColumn.modelType.rawValue) attribute; the index key (the display order drags renumber) must be an Integer 16/32/64, Double, Float or Decimal attribute"
            )
        }
        guard reorder.accepts(indexColumn.type) else {
            throw FuzzConfigurationError(
                "--index: '\(options.index)' is a \(indexColumn.modelType.rawValue) attribute, but '--reorder \(reorder)' keeps its keys in \(reorder.requiredType) attribute"
            )
        }
        columns[sectionAt].role = .section
        columns[indexAt].role = .index
        if let filter = options.filter {
            do {
                _ = try Predicate(format: filter).bound(to: entity)
            } catch {
                throw FuzzConfigurationError(
                    "--filter: \(error.message) at column \(error.column) of '\(filter)'\(error.hint)")
            }
        }
        let rows = try seedValues(options, mapped: mapped, entity: entity)
        for index in columns.indices {
            let values = rows.map { $0[columns[index].position] }.filter { !$0.isNull }
            columns[index].range = values.min(by: { Value.compare($0, $1) < 0 }).flatMap { low in
                values.max(by: { Value.compare($0, $1) < 0 }).map { (low, $0) }
            }
            if columns[index].type == .string {
                var seen: [Value] = []
                for value in values where !seen.contains(value) && seen.count < 50 { seen.append(value) }
                columns[index].seen = seen
            }
        }
        let sectionValues = smallSet(of: columns[sectionAt], rows: rows, count: sections)
        let seedRows = rows.map { row in
            var values = FuzzValues()
            for column in columns {
                switch column.role {
                case .section: values[.group] = row[column.position]
                case .index: values[.order] = row[column.position]
                case .plain: values.setOther(row[column.position], at: column.position)
                }
            }
            return values
        }
        return FuzzSchema(
            options: options, mapped: mapped, columns: columns, sectionValues: sectionValues, seedRows: seedRows,
            links: links, related: related)
    }

    /// ` (did you mean 'group'?)`, or nothing.
    private static func hint(_ name: String, _ names: [String]) -> String {
        Suggestion.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The seed rows' values by schema position: read by `import csv` (its checks and messages,
    /// `FILE:LINE:COLUMN: …`) into a scratch session on the model, or from the store through
    /// the model; empty without either.
    private static func seedValues(_ options: Options, mapped: ModelSchema, entity: Entity)
        throws(FuzzConfigurationError) -> [[Value]]
    {
        if let path = options.data {
            let interpreter: Interpreter
            do {
                interpreter = try Interpreter(model: mapped)
            } catch {
                throw FuzzConfigurationError("--data: \(error)")
            }
            interpreter.rendersText = false
            let outcome = interpreter.execute("import csv \(Value.string(path).literal) \(entity.name)")
            if let message = outcome.errorMessage { throw FuzzConfigurationError("--data: \(message)") }
            let objects = interpreter.workspace.context.objects(ofEntity: entity.name).sorted {
                $0.objectID < $1.objectID
            }
            let rows = objects.map { object in (0..<entity.attributes.count).map { object.value(at: $0) } }
            // A required attribute the file has no column for is nil in every row, which no save accepts.
            for (position, attribute) in entity.attributes.enumerated()
            where !attribute.isOptional && !attribute.isRelationship {
                if rows.contains(where: { $0[position].isNull }) {
                    throw FuzzConfigurationError(
                        "--data: \(path):1:1: no column for required attribute '\(attribute.name)' of '\(entity.name)' (and it has no default value)"
                    )
                }
            }
            return rows
        }
        if let path = options.coreDataStore {
            do {
                let contents = try CoreDataStoreReader.read(path: path, through: mapped)
                let objects = contents.objects.filter { $0.entity == entity.name }
                // Core Data refuses to save a required attribute that is nil, so a store should
                // hold none; one that does could not be inserted into a session.
                for (position, attribute) in entity.attributes.enumerated()
                where !attribute.isOptional && !attribute.isRelationship {
                    if let (number, _) = objects.enumerated().first(where: { $0.element.values[position].isNull }) {
                        throw FuzzConfigurationError(
                            "--coredata-store: \(path): required attribute '\(attribute.name)' is nil in the \(Self.ordinal(number + 1)) \(entity.name) row (by Z_PK), which no insert accepts"
                        )
                    }
                }
                return objects.map(\.values)
            } catch let error as FuzzConfigurationError {
                throw error
            } catch {
                throw FuzzConfigurationError("--coredata-store: \(error)")
            }
        }
        return []
    }

    /// `1st`, `2nd`, `3rd`, `4th`, … `11th`, `21st`.
    static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }

    /// The section key's values: the seed rows' most frequent ones (ties to the first seen),
    /// then `A`, `B`, … (strings) or `0`, `1`, … (integers) not among them, `count` in all;
    /// `false` and `true` for a Boolean.
    private static func smallSet(of column: Column, rows: [[Value]], count: Int) -> [Value] {
        if column.type == .bool { return [.bool(false), .bool(true)] }
        // Counted by value in a dictionary (a store may hold many rows and many distinct values),
        // each value's first appearance kept for the ties.
        var tally: [(value: Value, count: Int)] = []
        var slots: [Value: Int] = [:]
        for row in rows where !row[column.position].isNull {
            let value = row[column.position]
            if let at = slots[value] {
                tally[at].count += 1
            } else {
                slots[value] = tally.count
                tally.append((value, 1))
            }
        }
        var values = tally.enumerated().sorted { ($1.element.count, $0.offset) < ($0.element.count, $1.offset) }.map(
            \.element.value)
        values = Array(values.prefix(count))
        var next = 0
        while values.count < count {
            let candidate: Value = column.type == .string ? .string(FuzzConfiguration.groupName(next)) : .int(next)
            next += 1
            if !values.contains(candidate) { values.append(candidate) }
        }
        return values
    }
}

extension FuzzConfiguration {
    /// `A` … `Z`, then `A1` … `Z1`, …: a section name per number.
    static func groupName(_ number: Int) -> String {
        let letter = String(UnicodeScalar(UInt8(65 + number % 26)))
        return number < 26 ? letter : letter + String(number / 26)
    }
}
