import GRDB
import ObjectGraph

/// A `PersistentStore` kept in a SQLite file: the schema, the objects and the next object ID.
///
/// Opening checks the file and refuses, untouched, anything that is not a sound store of a
/// version this build reads; then it holds the file's lock until `close()` (or deinit), so no
/// second process can save into it and reuse IDs. The file is in WAL journal mode with
/// `synchronous = FULL`: a `save` that returned is on disk, and a crash at any moment leaves the
/// last completed save. The file format is described in `docs/store.md`.
///
/// ```swift
/// let store = try SQLiteStore(path: "Notes.sqlite")
/// let context = try ObjectContext(store: store)
/// try context.define(Entity(name: "Note", attributes: [Attribute("title", .string)]))
/// try context.insert("Note", values: [("title", .string("Milk"))])
/// try context.save()
/// try store.close()
///
/// let reopened = try ObjectContext(store: SQLiteStore(path: "Notes.sqlite"))
/// reopened.objects(ofEntity: "Note").map { $0["title"] }  // [.string("Milk")]
/// try SQLiteStore(path: "README.md")  // throws .storeFile(path: "README.md", problem: .notSQLite)
/// ```
public final class SQLiteStore: PersistentStore {
    /// The path as given to `init(path:)`; error messages name the file this way.
    public let path: String
    /// Whether the file (or its folder) cannot be written, so the store was opened read-only, as
    /// `sqlite3 -readonly` opens it: its objects load and `save` throws.
    public let isReadOnly: Bool
    private var queue: DatabaseQueue?
    private var catalog: StoreCatalog
    /// Core Data's type for a store in a SQLite file.
    public var storeType: String { "SQLite" }
    /// The saves written through this store since it was opened, standing for the file's
    /// modification time that Core Data's section cache compares: a counter keeps transcripts
    /// deterministic where a clock would not.
    public private(set) var saveCount = 0

    /// Opens the store at `path`, creating the file when it is missing; an existing store that
    /// may not be written opens read-only (`isReadOnly`).
    ///
    /// Throws `ObjectGraphError.storeFile` for a file that is not SQLite, not a store, of an
    /// unknown format version, damaged, or locked by another process, and for a new file in a
    /// read-only folder; the file is then left as it was.
    public init(path: String) throws(ObjectGraphError) {
        self.path = path
        let opened = try StoreOpener(path: path).open()
        (queue, catalog, isReadOnly) = (opened.queue, opened.catalog, opened.isReadOnly)
    }

    /// The session settings saved by `saveSessionSettings(_:)`: `metadata` rows keyed
    /// `session.NAME`.
    public func sessionSettings() throws(ObjectGraphError) -> [String: String] {
        try withDatabase { db in
            var settings: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM metadata WHERE key LIKE 'session.%'") {
                let key: String = row[0]
                guard let value = row[1] as String? else { continue }
                settings[String(key.dropFirst("session.".count))] = value
            }
            return settings
        }
    }

    public func saveSessionSettings(_ settings: [String: String]) throws(ObjectGraphError) {
        guard !isReadOnly else { throw .storeFile(path: path, problem: .openedReadOnly) }
        try withDatabase(failure: StoreFileProblem.saveFailed) { db in
            try db.inTransaction(.immediate) {
                try db.execute(sql: "DELETE FROM metadata WHERE key LIKE 'session.%'")
                for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
                    try db.execute(
                        sql: "INSERT INTO metadata (key, value) VALUES (?, ?)", arguments: ["session." + name, value])
                }
                return .commit
            }
        }
    }

    /// Closes the file and releases its lock; later calls throw.
    public func close() throws(ObjectGraphError) {
        guard let queue else { return }
        self.queue = nil
        do { try queue.close() } catch { throw problem(for: error, failure: StoreFileProblem.cannotOpen) }
    }

    // MARK: PersistentStore

    public func load() throws(ObjectGraphError) -> StoreContents {
        let schema = try catalog.schema()
        return try withDatabase { db in
            var objects: [StoredObject] = []
            var highestID = 0
            for stored in catalog.entities {
                let select = try RawStatement(db, stored.selectAllSQL)
                defer { select.reset() }
                while try select.step() {
                    guard let id = select.int(at: 0) else {
                        throw StoreDecodingError("a row of '\(stored.table)' has no integer id")
                    }
                    let values = try decodeValues(select, from: 1, of: stored, id: id)
                    objects.append(StoredObject(id: ObjectID(id), entity: stored.entity.name, values: values))
                    highestID = max(highestID, id)
                }
            }
            objects.sort { $0.id < $1.id }
            let next = try readNextObjectID(db)
            return StoreContents(schema: schema, objects: objects, nextObjectID: max(next, highestID + 1))
        }
    }

    /// Hands every row to `object` as it decodes it, with one prepared statement per entity and
    /// one values array reused for every row and lent as a span: no `StoredObject` or array per row.
    public func load(
        schema: (Schema, _ nextObjectID: Int) throws(ObjectGraphError) -> Void,
        object: (ObjectID, _ entityIndex: Int, Span<Value>) throws(ObjectGraphError) -> Void
    ) throws(ObjectGraphError) {
        try schema(try catalog.schema(), try withDatabase { db in try readNextObjectID(db) })
        try withDatabase { db in
            let widest = catalog.entities.map(\.entity.attributes.count).max() ?? 0
            var values = [Value](repeating: .null, count: widest)
            for (entityIndex, stored) in catalog.entities.enumerated() {
                let count = stored.entity.attributes.count
                let types = stored.entity.attributes.map(\.type)
                let optional = stored.entity.attributes.map(\.isOptional)
                // A transient column holds no value: each load starts from the initial one.
                var initial: [Value?] = Array(repeating: nil, count: count)
                for position in stored.transientPositions {
                    initial[position] = stored.entity.attributes[position].initialValue
                }
                let select = try RawStatement(db, stored.selectAllSQL)
                defer { select.reset() }
                while try select.step() {
                    guard let id = select.int(at: 0) else {
                        throw StoreDecodingError("a row of '\(stored.table)' has no integer id")
                    }
                    // The row is written through a mutable span (one uniqueness check a row, not
                    // one a value) that ends before the row is lent out.
                    do {
                        var row = values.mutableSpan
                        for index in 0..<count {
                            if let value = initial[index] {
                                row[index] = value
                                continue
                            }
                            let column = Int32(index + 1)
                            guard
                                let value = select.loadedValue(
                                    at: column, as: types[index], isOptional: optional[index])
                            else {
                                let attribute = stored.entity.attributes[index]
                                throw StoreDecodingError(
                                    "attribute '\(attribute.name)' of object #\(id) holds \(select.storageName(at: column)), not \(attribute.type)"
                                )
                            }
                            row[index] = value
                        }
                    }
                    try object(ObjectID(id), entityIndex, values.span.extracting(0..<count))
                }
            }
        }
    }

    /// - Complexity: two indexed lookups through prepared statements.
    public func committedObject(_ id: ObjectID) throws(ObjectGraphError) -> StoredObject? {
        try withDatabase { db in
            guard let number = try entityNumber(of: id, in: db) else { return nil }
            guard let stored = catalog.entity(number: number) else {
                throw StoreDecodingError("object \(id) belongs to unknown entity number \(number)")
            }
            let select = try RawStatement(db, stored.selectOneSQL)
            defer { select.reset() }
            select.bind(id.rawValue, at: 1)
            guard try select.step() else {
                throw StoreDecodingError("object \(id) has no row in table '\(stored.table)'")
            }
            return StoredObject(
                id: id, entity: stored.entity.name,
                values: try decodeValues(select, from: 0, of: stored, id: id.rawValue))
        }
    }

    /// Writes the schema's new entities, the deletions, the upserts and the next ID in one
    /// transaction; on any error nothing is written.
    ///
    /// IDs are never reused, so an object whose ID is at or above the file's next object ID
    /// cannot be in the file yet: it is inserted without looking it up first, 64 rows per
    /// statement (`RowWriter`). Every statement is prepared once per save.
    /// - Complexity: O(d + u) statement executions for d deletions and u upserts, plus one
    ///   lookup per upserted object that the file may already hold.
    public func save(_ changes: StoreChanges) throws(ObjectGraphError) {
        guard !isReadOnly else { throw .storeFile(path: path, problem: .openedReadOnly) }
        var updated = catalog
        try withDatabase(failure: StoreFileProblem.saveFailed) { db in
            try db.inTransaction(.immediate) {
                // Deletes first: an entity redefined after its last objects were deleted is empty then.
                for id in changes.deleted {
                    try delete(id, catalog: updated, in: db)
                }
                for entity in changes.schema.entities {
                    if let stored = updated.entity(named: entity.name) {
                        guard !stored.entity.isIdentical(to: entity) else { continue }
                        guard try updated.isEmpty(stored, in: db) else {
                            throw ObjectGraphError.entityRedefined(entity.name)
                        }
                        try updated.replace(stored, with: entity, in: db)
                    } else {
                        try updated.add(entity, in: db)
                    }
                }
                let firstNewID = try readNextObjectID(db)
                var writer = RowWriter(db: db, catalog: updated)
                for object in changes.upserted {
                    if object.id.rawValue >= firstNewID {
                        try writer.insert(object)
                    } else {
                        try upsert(object, catalog: updated, in: db)
                    }
                }
                try writer.finish()
                let next = try RawStatement(
                    db, "UPDATE metadata SET value = max(value, ?) WHERE key = 'next_object_id'")
                next.bind(changes.nextObjectID, at: 1)
                try next.run()
                return .commit
            }
        }
        catalog = updated
        // A save that writes no object leaves the file as it was.
        if !changes.upserted.isEmpty || !changes.deleted.isEmpty { saveCount += 1 }
    }

    // MARK: Rows

    private func upsert(_ object: StoredObject, catalog: StoreCatalog, in db: Database) throws {
        guard let stored = catalog.entity(named: object.entity) else {
            throw ObjectGraphError.unknownEntity(object.entity)
        }
        try RowWriter.check(object, against: stored)
        switch try entityNumber(of: object.id, in: db) {
        case nil:
            let insert = try RawStatement(db, StoredEntity.objectInsertSQL)
            insert.bind(object.id.rawValue, at: 1)
            insert.bind(stored.number, at: 2)
            try insert.run()
        case stored.number?:
            break
        case let previous?:  // the ID now names an object of another entity
            try deleteRow(object.id, entityNumber: previous, catalog: catalog, in: db)
            let move = try RawStatement(db, "UPDATE object SET entity = ? WHERE id = ?")
            move.bind(stored.number, at: 1)
            move.bind(object.id.rawValue, at: 2)
            try move.run()
        }
        let write = try RawStatement(db, stored.upsertSQL)
        let positions = stored.transientPositions
        RowWriter.bindRow(positions.isEmpty ? object : StoredTransient.withoutValues(object, at: positions), to: write)
        try write.run()
    }

    private func delete(_ id: ObjectID, catalog: StoreCatalog, in db: Database) throws {
        guard let number = try entityNumber(of: id, in: db) else { return }
        try deleteRow(id, entityNumber: number, catalog: catalog, in: db)
        let delete = try RawStatement(db, "DELETE FROM object WHERE id = ?")
        delete.bind(id.rawValue, at: 1)
        try delete.run()
    }

    private func deleteRow(_ id: ObjectID, entityNumber: Int, catalog: StoreCatalog, in db: Database) throws {
        guard let stored = catalog.entity(number: entityNumber) else {
            throw StoreDecodingError("object \(id) belongs to unknown entity number \(entityNumber)")
        }
        let delete = try RawStatement(db, stored.deleteSQL)
        delete.bind(id.rawValue, at: 1)
        try delete.run()
    }

    private func entityNumber(of id: ObjectID, in db: Database) throws -> Int? {
        let select = try RawStatement(db, "SELECT entity FROM object WHERE id = ?")
        defer { select.reset() }
        select.bind(id.rawValue, at: 1)
        return try select.step() ? select.int(at: 0) : nil
    }

    private func readNextObjectID(_ db: Database) throws -> Int {
        let select = try RawStatement(db, "SELECT value FROM metadata WHERE key = 'next_object_id'")
        defer { select.reset() }
        guard try select.step(), let next = select.int(at: 0) else {
            throw StoreDecodingError("the next object ID is missing")
        }
        return next
    }

    private func decodeValues(_ row: RawStatement, from first: Int32, of stored: StoredEntity, id: Int) throws
        -> [Value]
    {
        var values: [Value] = []
        values.reserveCapacity(stored.entity.attributes.count)
        for (index, attribute) in stored.entity.attributes.enumerated() {
            let column = first + Int32(index)
            if attribute.isTransient {
                values.append(attribute.initialValue)
            } else if row.isNull(at: column), attribute.isOptional {
                values.append(.null)
            } else if let value = row.value(at: column, as: attribute.type) {
                values.append(value)
            } else {
                throw StoreDecodingError(
                    "attribute '\(attribute.name)' of object #\(id) holds \(row.storageName(at: column)), not \(attribute.type)"
                )
            }
        }
        return values
    }

    // MARK: Errors

    /// Runs `body` on the connection, turning GRDB's and decoding errors into `ObjectGraphError`.
    private func withDatabase<T>(
        failure: (String) -> StoreFileProblem = StoreFileProblem.readFailed,
        _ body: (Database) throws -> T
    ) throws(ObjectGraphError) -> T {
        guard let queue else { throw .storeFile(path: path, problem: .closed) }
        do {
            return try queue.inDatabase(body)
        } catch {
            throw problem(for: error, failure: failure)
        }
    }

    private func problem(for error: any Error, failure: (String) -> StoreFileProblem) -> ObjectGraphError {
        if let error = error as? ObjectGraphError { return error }
        return .storeFile(path: path, problem: StoreOpener.problem(for: error, otherwise: failure))
    }
}
