import GRDB
import ObjectGraph

/// Inserts objects the file cannot hold yet (IDs at or above its next object ID) with statements
/// prepared once per save, several rows per statement.
///
/// Consecutive objects of one entity are written `StoredEntity.rowsPerInsert` at a time, with one
/// `INSERT … VALUES (…), (…), …` into the `object` table and one into the entity's table: SQLite
/// then runs one statement per batch instead of one per row (fewer `sqlite3_step` calls, program
/// starts and resets). A shorter batch, at the end or where the entity changes, goes row by row.
/// `finish()` writes what is still pending; nothing is written if the transaction rolls back.
struct RowWriter {
    private let db: Database
    private let catalog: StoreCatalog
    /// The queued objects and their entity, in a class so that each insert does not copy the
    /// entity's description (a dozen strings and arrays) to compare its name.
    private final class Batch {
        let stored: StoredEntity
        var objects: [StoredObject] = []

        init(_ stored: StoredEntity) {
            self.stored = stored
            objects.reserveCapacity(stored.rowsPerInsert)
        }
    }
    private var batch: Batch?

    init(db: Database, catalog: StoreCatalog) {
        self.db = db
        self.catalog = catalog
    }

    /// Queues `object` for the `object` table and its entity's table (checked now, written by
    /// the batch it completes or by `finish()`).
    mutating func insert(_ object: StoredObject) throws {
        let current: Batch
        if let batch, batch.stored.entity.name == object.entity {
            current = batch
        } else {
            try flush()
            current = Batch(try entity(named: object.entity))
            batch = current
        }
        try Self.check(object, against: current.stored)
        current.objects.append(object)
        if current.objects.count == current.stored.rowsPerInsert { try flush() }
    }

    /// Writes the queued objects.
    func finish() throws {
        try flush()
    }

    private func entity(named name: String) throws -> StoredEntity {
        guard let stored = catalog.entity(named: name) else { throw ObjectGraphError.unknownEntity(name) }
        return stored
    }

    private func flush() throws {
        guard let batch, !batch.objects.isEmpty else { return }
        defer { batch.objects.removeAll(keepingCapacity: true) }
        let stored = batch.stored
        let width = stored.columns.count + 1
        if batch.objects.count == stored.rowsPerInsert, batch.objects.count > 1 {
            let objects = try RawStatement(db, stored.objectInsertManySQL)
            let rows = try RawStatement(db, stored.insertManySQL)
            for (row, object) in batch.objects.enumerated() {
                objects.bind(object.id.rawValue, at: Int32(2 * row + 1))
                objects.bind(stored.number, at: Int32(2 * row + 2))
                Self.bindRow(object, to: rows, from: Int32(row * width + 1))
            }
            try objects.run()
            try rows.run()
            return
        }
        let objectInsert = try RawStatement(db, StoredEntity.objectInsertSQL)
        let rowInsert = try RawStatement(db, stored.insertSQL)
        for object in batch.objects {
            objectInsert.bind(object.id.rawValue, at: 1)
            objectInsert.bind(stored.number, at: 2)
            try objectInsert.run()
            Self.bindRow(object, to: rowInsert)
            try rowInsert.run()
        }
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

    /// Binds the ID and the values of `object` to a statement whose parameters, from `first`, are
    /// (id, columns…).
    static func bindRow(_ object: StoredObject, to statement: RawStatement, from first: Int32 = 1) {
        statement.bind(object.id.rawValue, at: first)
        for (index, value) in object.values.enumerated() {
            statement.bind(value, at: first + 1 + Int32(index))
        }
    }
}
