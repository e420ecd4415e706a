import GRDB
import ObjectGraph

/// How one entity is laid out in the file: its number, its table and one column per attribute.
struct StoredEntity {
    let number: Int
    let entity: Entity
    let table: String
    let columns: [String]
    /// The statements every save and load reuses, written once per entity rather than per row.
    let selectOneSQL: String
    let selectAllSQL: String
    let upsertSQL: String
    let insertSQL: String
    let deleteSQL: String
    /// Multi-row inserts of `rowsPerInsert` rows into the entity's table and into `object`
    /// (`RowWriter`): 64 rows, fewer for entities so wide that SQLite's 32,766 parameters would not do.
    let rowsPerInsert: Int
    let insertManySQL: String
    let objectInsertManySQL: String
    /// The positions of the entity's transient attributes, whose column a save leaves NULL and a
    /// load reads as the attribute's initial value (`StoredTransient`); empty for most entities.
    let transientPositions: [Int]
    static let objectInsertSQL = "INSERT INTO object (id, entity) VALUES (?, ?)"

    init(number: Int, entity: Entity, table: String, columns: [String]) {
        self.number = number
        self.entity = entity
        self.table = table
        self.columns = columns
        transientPositions = StoredTransient.positions(in: entity)
        let names = (["id"] + columns).map(quoted).joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns.count + 1).joined(separator: ", ")
        selectOneSQL = "SELECT \(columns.map(quoted).joined(separator: ", ")) FROM \(quoted(table)) WHERE id = ?"
        selectAllSQL = "SELECT \(names) FROM \(quoted(table)) ORDER BY id"
        upsertSQL = "INSERT OR REPLACE INTO \(quoted(table)) (\(names)) VALUES (\(marks))"
        insertSQL = "INSERT INTO \(quoted(table)) (\(names)) VALUES (\(marks))"
        deleteSQL = "DELETE FROM \(quoted(table)) WHERE id = ?"
        rowsPerInsert = max(1, min(64, 32_000 / (columns.count + 1)))
        let rows = Array(repeating: "(\(marks))", count: rowsPerInsert).joined(separator: ", ")
        insertManySQL = "INSERT INTO \(quoted(table)) (\(names)) VALUES \(rows)"
        objectInsertManySQL =
            "INSERT INTO object (id, entity) VALUES "
            + Array(repeating: "(?, ?)", count: rowsPerInsert).joined(separator: ", ")
    }

    /// `STRICT` typed columns; see `docs/store.md` for why doubles and dates are `ANY`.
    var createSQL: String {
        var lines = ["id INTEGER PRIMARY KEY REFERENCES object(id)"]
        for (attribute, column) in zip(entity.attributes, columns) {
            let name = quoted(column)
            var line: String
            switch attribute.type {
            case .string: line = "\(name) TEXT"
            case .int: line = "\(name) INTEGER"
            case .bool: line = "\(name) INTEGER CHECK (\(name) IN (0, 1))"
            case .double: line = "\(name) ANY CHECK (typeof(\(name)) IN ('real', 'integer') OR \(name) = 'NaN')"
            case .date: line = "\(name) ANY CHECK (typeof(\(name)) = 'real' OR \(name) = 'NaN')"
            case .relationship: line = "\(name) INTEGER"
            case .toMany: line = "\(name) TEXT"
            }
            if !attribute.isOptional, !attribute.isTransient { line += " NOT NULL" }
            lines.append(line)
        }
        return "CREATE TABLE \(quoted(table)) (\n    \(lines.joined(separator: ",\n    "))\n) STRICT"
    }
}

/// The entities a store file holds, read from its `entity` and `attribute` tables.
struct StoreCatalog {
    private(set) var entities: [StoredEntity] = []
    private var indexByName: [String: Int] = [:]
    private var indexByNumber: [Int: Int] = [:]

    func entity(named name: String) -> StoredEntity? {
        indexByName[name].map { entities[$0] }
    }

    func entity(number: Int) -> StoredEntity? {
        indexByNumber[number].map { entities[$0] }
    }

    /// The schema, entities in the order they were first saved.
    func schema() throws(ObjectGraphError) -> Schema {
        try Schema(entities: entities.map(\.entity))
    }

    private mutating func append(_ stored: StoredEntity) {
        indexByName[stored.entity.name] = entities.count
        indexByNumber[stored.number] = entities.count
        entities.append(stored)
    }

    /// Whether the table of `stored` holds no rows.
    func isEmpty(_ stored: StoredEntity, in db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM \(quoted(stored.table))") == 0
    }

    /// Drops the (empty) table of `stored` and its records, then creates `entity` under the same
    /// number, inside the caller's transaction.
    mutating func replace(_ stored: StoredEntity, with entity: Entity, in db: Database) throws {
        try db.execute(sql: "DROP TABLE \(quoted(stored.table))")
        try db.execute(sql: "DELETE FROM attribute WHERE entity = ?", arguments: [stored.number])
        try StoredRelationship.forget(number: stored.number, in: db)
        try StoredTransient.forget(number: stored.number, in: db)
        try db.execute(sql: "DELETE FROM entity WHERE number = ?", arguments: [stored.number])
        entities.removeAll { $0.number == stored.number }
        indexByName = [:]
        indexByNumber = [:]
        for (index, entry) in entities.enumerated() {
            indexByName[entry.entity.name] = index
            indexByNumber[entry.number] = index
        }
        try add(entity, in: db, number: stored.number)
        entities.sort { $0.number < $1.number }
        for (index, entry) in entities.enumerated() {
            indexByName[entry.entity.name] = index
            indexByNumber[entry.number] = index
        }
    }

    /// Creates the table of a new entity and records it, inside the caller's transaction.
    mutating func add(_ entity: Entity, in db: Database, number chosen: Int? = nil) throws {
        let number = chosen ?? (entities.map(\.number).max() ?? 0) + 1
        let taken = Set((StoreFormat.fixedTables + entities.map(\.table)).map { $0.lowercased() })
        let table = StoreCatalog.uniqueName(entity.name, suffix: number, avoiding: taken)
        var columnsTaken: Set<String> = ["id"]
        var columns: [String] = []
        for (position, attribute) in entity.attributes.enumerated() {
            let column = StoreCatalog.uniqueName(attribute.name, suffix: position, avoiding: columnsTaken)
            columnsTaken.insert(column.lowercased())
            columns.append(column)
        }
        let stored = StoredEntity(number: number, entity: entity, table: table, columns: columns)
        try db.execute(sql: stored.createSQL)
        try db.execute(
            sql: "INSERT INTO entity (number, name, table_name) VALUES (?, ?, ?)",
            arguments: [number, entity.name, table])
        for (position, attribute) in entity.attributes.enumerated() {
            let insert = try RawStatement(
                db,
                """
                INSERT INTO attribute (entity, position, name, type, is_optional, default_type, default_value, column_name)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            insert.bind(number, at: 1)
            insert.bind(position, at: 2)
            insert.bind(.string(attribute.name), at: 3)
            insert.bind(.string(StoredRelationship.storedType(of: attribute)), at: 4)
            insert.bind(attribute.isOptional ? 1 : 0, at: 5)
            insert.bind(attribute.defaultValue.map { .string($0.type?.rawValue ?? "null") } ?? .null, at: 6)
            insert.bind(attribute.defaultValue ?? .null, at: 7)
            insert.bind(.string(columns[position]), at: 8)
            try insert.run()
        }
        try StoredRelationship.record(entity, number: number, in: db)
        try StoredTransient.record(entity, number: number, in: db)
        append(stored)
    }

    /// SQLite compares names without regard to ASCII case and reserves `sqlite_` for itself: a
    /// name starting with `sqlite_` gets a leading `_`, and a name that would clash gets `_N`
    /// appended (N the entity number or attribute position) until it does not.
    static func uniqueName(_ name: String, suffix: Int, avoiding taken: Set<String>) -> String {
        var candidate = name.lowercased().hasPrefix("sqlite_") ? "_" + name : name
        while taken.contains(candidate.lowercased()) {
            candidate += "_\(suffix)"
        }
        return candidate
    }

    /// Reads the catalog; a row that does not decode is reported as damage.
    static func read(_ db: Database) throws -> StoreCatalog {
        var catalog = StoreCatalog()
        var entityRows: [(number: Int, name: String, table: String)] = []
        let entities = try RawStatement(db, "SELECT number, name, table_name FROM entity ORDER BY number")
        while try entities.step() {
            guard let number = entities.int(at: 0), let name = entities.text(at: 1), let table = entities.text(at: 2)
            else {
                throw StoreDecodingError("entity \(entityRows.count + 1) does not decode")
            }
            entityRows.append((number, name, table))
        }
        for (number, name, table) in entityRows {
            let select = try RawStatement(
                db,
                """
                SELECT name, type, is_optional, default_type, default_value, column_name
                FROM attribute WHERE entity = ? ORDER BY position
                """)
            select.bind(number, at: 1)
            defer { select.reset() }
            var attributes: [Attribute] = []
            var columns: [String] = []
            while try select.step() {
                guard let attributeName = select.text(at: 0), let type = select.text(at: 1).flatMap(AttributeType.init),
                    let optional = select.int(at: 2), let column = select.text(at: 5)
                else { throw StoreDecodingError("attribute \(attributes.count) of entity '\(name)' does not decode") }
                let defaultValue: Value?
                switch select.text(at: 3) {
                case nil: defaultValue = nil
                case "null": defaultValue = .null
                case let kind?:
                    guard let kind = AttributeType(rawValue: kind), let value = select.value(at: 4, as: kind) else {
                        throw StoreDecodingError(
                            "the default of attribute '\(attributeName)' of entity '\(name)' does not decode")
                    }
                    defaultValue = value
                }
                attributes.append(Attribute(attributeName, type, isOptional: optional != 0, defaultValue: defaultValue))
                columns.append(column)
            }
            do {
                attributes = try StoredRelationship.apply(to: attributes, number: number, in: db)
                attributes = try StoredTransient.apply(to: attributes, number: number, in: db)
                let entity = try Entity(name: name, attributes: attributes)
                catalog.append(StoredEntity(number: number, entity: entity, table: table, columns: columns))
            } catch {
                throw StoreDecodingError("entity '\(name)' does not decode: \(error)")
            }
        }
        return catalog
    }
}

/// A row of a store file that does not decode; reported as `StoreFileProblem.damaged`.
struct StoreDecodingError: Error {
    let detail: String
    init(_ detail: String) { self.detail = detail }
}

/// `name` as a SQL identifier in double quotes.
func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
