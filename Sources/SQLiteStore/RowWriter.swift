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
    /// The queued objects and what writing them needs, in a class so that each insert copies
    /// nothing of the entity's description (a dozen strings and arrays): copying the
    /// `StoredEntity` per object and per check would retain and release all of them each time.
    private final class Batch {
        let stored: StoredEntity
        let name: String
        let number: Int
        let rowsPerInsert: Int
        /// The attributes' types, for the check's fast path (`RowWriter.fits`).
        let types: [AttributeType]
        var objects: [StoredObject] = []
        /// The two multi-row inserts, prepared at the first full batch and reused for every
        /// other: preparing them per batch would look the long SQL up in GRDB's statement cache
        /// and clear their hundreds of bindings each time.
        var statements: (objects: RawStatement, rows: RawStatement)?
        /// The bytes of the batch's strings, bound without SQLite copying them (`TextArena`).
        let text = TextArena()

        init(_ stored: StoredEntity) {
            self.stored = stored
            name = stored.entity.name
            number = stored.number
            rowsPerInsert = stored.rowsPerInsert
            types = stored.entity.attributes.map(\.type)
            objects.reserveCapacity(stored.rowsPerInsert)
        }

        /// The statements are GRDB's cached ones: however the batch ends (written, cut by
        /// another entity, or a failed save), none is left bound to the arena's bytes.
        deinit {
            statements?.objects.clearBindings()
            statements?.rows.clearBindings()
        }

        /// `RowWriter.check(_:against:)` with the types at hand; the entity is read (not
        /// copied, as passing it would) only for a value not of exactly its attribute's type.
        @inline(__always)
        func check(_ object: StoredObject) throws {
            guard object.values.count == types.count else {
                throw RowWriter.countMismatch(object, attributes: types.count)
            }
            for index in types.indices where !RowWriter.fits(object.values[index], types[index]) {
                _ = try stored.entity.attributes[index].coerce(object.values[index], entity: object.entity)
            }
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
        if let batch, batch.name == object.entity {
            current = batch
        } else {
            try finish()
            current = Batch(try entity(named: object.entity))
            batch = current
        }
        try current.check(object)
        let positions = current.stored.transientPositions
        current.objects.append(positions.isEmpty ? object : StoredTransient.withoutValues(object, at: positions))
        if current.objects.count == current.rowsPerInsert { try flush(current) }
    }

    /// Writes the queued objects.
    func finish() throws {
        guard let batch else { return }
        try flush(batch)
    }

    private func entity(named name: String) throws -> StoredEntity {
        guard let stored = catalog.entity(named: name) else { throw ObjectGraphError.unknownEntity(name) }
        return stored
    }

    private func flush(_ batch: Batch) throws {
        guard !batch.objects.isEmpty else { return }
        defer { batch.objects.removeAll(keepingCapacity: true) }
        let width = Int32(batch.types.count + 1)
        if batch.objects.count == batch.rowsPerInsert, batch.objects.count > 1 {
            let statements =
                try batch.statements ?? (
                    RawStatement(db, batch.stored.objectInsertManySQL),
                    RawStatement(db, batch.stored.insertManySQL)
                )
            batch.statements = statements
            batch.text.reserve(batch.objects)
            var row: Int32 = 0
            for object in batch.objects {
                statements.objects.bind(object.id.rawValue, at: 2 * row + 1)
                statements.objects.bind(batch.number, at: 2 * row + 2)
                Self.bindRow(object, to: statements.rows, from: row * width + 1, text: batch.text)
                row += 1
            }
            try statements.objects.run()
            try statements.rows.run()
            return
        }
        let objectInsert = try RawStatement(db, StoredEntity.objectInsertSQL)
        let rowInsert = try RawStatement(db, batch.stored.insertSQL)
        for object in batch.objects {
            objectInsert.bind(object.id.rawValue, at: 1)
            objectInsert.bind(batch.number, at: 2)
            try objectInsert.run()
            Self.bindRow(object, to: rowInsert)
            try rowInsert.run()
        }
    }

    /// Refuses an object whose values do not fit its entity (count, types, required values).
    static func check(_ object: StoredObject, against stored: StoredEntity) throws {
        let attributes = stored.entity.attributes
        guard object.values.count == attributes.count else { throw countMismatch(object, attributes: attributes.count) }
        for (attribute, value) in zip(attributes, object.values) {
            _ = try attribute.coerce(value, entity: object.entity)
        }
    }

    static func countMismatch(_ object: StoredObject, attributes: Int) -> ObjectGraphError {
        .store(
            "object \(object.id) has \(object.values.count) values but entity '\(object.entity)' has \(attributes) attributes"
        )
    }

    /// Whether `value` is of kind `type` itself (what `Attribute.coerce` returns unchanged, nil aside).
    @inline(__always)
    static func fits(_ value: Value, _ type: AttributeType) -> Bool {
        switch value {
        case .string: type == .string
        case .int: type == .int
        case .double: type == .double
        case .bool: type == .bool
        case .date: type == .date
        case .object: type == .relationship
        case .objects: type == .toMany
        case .null: false
        }
    }

    /// Binds the ID and the values of `object` to a statement whose parameters, from `first`, are
    /// (id, columns…); strings from `text` when given (their bytes must be in it), else copied by
    /// SQLite.
    static func bindRow(
        _ object: StoredObject, to statement: RawStatement, from first: Int32 = 1, text: TextArena? = nil
    ) {
        statement.bind(object.id.rawValue, at: first)
        var index = first + 1
        for value in object.values {
            if let text, case .string(let string) = value {
                text.bind(string, to: statement, at: index)
            } else {
                statement.bind(value, at: index)
            }
            index += 1
        }
    }
}
