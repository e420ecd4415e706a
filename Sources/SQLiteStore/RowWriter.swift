import GRDB
import ObjectGraph

/// Inserts objects the file cannot hold yet (IDs at or above its next object ID) with statements
/// prepared once per save: one for the `object` table and one per entity table.
struct RowWriter {
    private let db: Database
    private let catalog: StoreCatalog
    private var objectInsert: RawStatement?
    private var rowInserts: [String: (entity: StoredEntity, statement: RawStatement)] = [:]

    init(db: Database, catalog: StoreCatalog) {
        self.db = db
        self.catalog = catalog
    }

    /// Inserts `object` into the `object` table and its entity's table.
    mutating func insert(_ object: StoredObject) throws {
        let (stored, row) = try rowInsert(for: object.entity)
        try Self.check(object, against: stored)
        let objectInsert = try objectInsert ?? RawStatement(db, "INSERT INTO object (id, entity) VALUES (?, ?)")
        self.objectInsert = objectInsert
        objectInsert.bind(object.id.rawValue, at: 1)
        objectInsert.bind(stored.number, at: 2)
        try objectInsert.run()
        Self.bindRow(object, to: row)
        try row.run()
    }

    private mutating func rowInsert(for entity: String) throws -> (StoredEntity, RawStatement) {
        if let cached = rowInserts[entity] { return cached }
        guard let stored = catalog.entity(named: entity) else { throw ObjectGraphError.unknownEntity(entity) }
        let statement = try RawStatement(db, stored.insertSQL)
        rowInserts[entity] = (stored, statement)
        return (stored, statement)
    }

    /// Refuses an object whose values do not fit its entity (count, types, required values).
    static func check(_ object: StoredObject, against stored: StoredEntity) throws {
        let attributes = stored.entity.attributes
        guard object.values.count == attributes.count else {
            throw ObjectGraphError.store("object \(object.id) has \(object.values.count) values but entity '\(object.entity)' has \(attributes.count) attributes")
        }
        for (attribute, value) in zip(attributes, object.values) {
            _ = try attribute.coerce(value, entity: object.entity)
        }
    }

    /// Binds the ID and the values of `object` to a statement whose parameters are (id, columns…).
    static func bindRow(_ object: StoredObject, to statement: RawStatement) {
        statement.bind(object.id.rawValue, at: 1)
        for (index, value) in object.values.enumerated() {
            statement.bind(value, at: Int32(index + 2))
        }
    }
}
