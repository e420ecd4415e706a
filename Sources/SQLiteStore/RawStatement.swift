import Foundation
import GRDB
import GRDBSQLite
import ObjectGraph

/// A cached GRDB statement driven through SQLite's C API, so that values bind and read exactly.
///
/// GRDB binds a Swift string as a NUL-terminated C string and reads text with `String(cString:)`,
/// which would cut a string at its first U+0000; here text goes in and out with its byte count.
/// Value encoding (also described in `docs/store.md`):
/// string → TEXT; int → INTEGER; bool → INTEGER 0/1; double → REAL, or the TEXT `NaN` because
/// SQLite stores NaN as NULL; date → REAL seconds since 2001-01-01 (Core Data's convention, and
/// exactly `Date`'s own storage), or `NaN`; nil → NULL.
struct RawStatement {
    private let database: Database
    private let handle: SQLiteStatement

    /// Prepares `sql` (or reuses its cached statement), reset and with no bindings.
    init(_ database: Database, _ sql: String) throws {
        self.database = database
        handle = try database.cachedStatement(sql: sql).sqliteStatement
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Binding (indexes are 1-based, as in SQLite)

    func bind(_ value: Int, at index: Int32) {
        sqlite3_bind_int64(handle, index, Int64(value))
    }

    func bind(_ value: Value, at index: Int32) {
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .string(let s): bind(text: s, at: index)
        case .int(let i): sqlite3_bind_int64(handle, index, Int64(i))
        case .bool(let b): sqlite3_bind_int64(handle, index, b ? 1 : 0)
        case .double(let d): bind(real: d, at: index)
        case .date(let d): bind(real: d.timeIntervalSinceReferenceDate, at: index)
        case .object(let id): sqlite3_bind_int64(handle, index, Int64(id.rawValue))
        case .objects(let ids): bind(text: StoredRelationship.text(of: ids), at: index)
        }
    }

    private func bind(real: Double, at index: Int32) {
        if real.isNaN { bind(text: "NaN", at: index) } else { sqlite3_bind_double(handle, index, real) }
    }

    private func bind(text: String, at index: Int32) {
        var text = text
        text.withUTF8 { bytes in
            // An empty buffer may have no address, and a NULL pointer would bind NULL, not "".
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                sqlite3_bind_text(handle, index, "", 0, RawStatement.transient)
                return
            }
            _ = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                sqlite3_bind_text(handle, index, chars, Int32(bytes.count), RawStatement.transient)
            }
        }
    }

    /// Binds `count` bytes at `bytes` as text without SQLite copying them (`SQLITE_STATIC`): they
    /// must stay as they are until the statement has run and the parameter is bound again or
    /// cleared (`TextArena`). `bytes` is never NULL, so an empty string binds "".
    func bind(staticText bytes: UnsafeMutableRawPointer, count: Int, at index: Int32) {
        sqlite3_bind_text(handle, index, bytes.assumingMemoryBound(to: CChar.self), Int32(count), nil)
    }

    /// Sets every parameter to NULL (drops pointers to text bound with `bind(staticText:count:at:)`).
    func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    /// SQLite's `SQLITE_TRANSIENT`: copy the bytes now.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }

    // MARK: Stepping

    /// Runs the statement to completion (for statements that return no rows), then resets it so
    /// that it can run again with new bindings.
    func run() throws {
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Advances to the next row: `true` if there is one, `false` when done.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let message = String(cString: sqlite3_errmsg(database.sqliteConnection))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
    }

    /// Ends the current execution so the statement holds no read lock; call when done with rows.
    func reset() {
        sqlite3_reset(handle)
    }

    // MARK: Reading (columns are 0-based, as in SQLite)

    func int(at column: Int32) -> Int? {
        sqlite3_column_type(handle, column) == SQLITE_INTEGER ? Int(sqlite3_column_int64(handle, column)) : nil
    }

    func text(at column: Int32) -> String? {
        guard sqlite3_column_type(handle, column) == SQLITE_TEXT, let bytes = sqlite3_column_text(handle, column) else {
            return nil
        }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column as a value of `type`, or `nil` when what the column holds is not one.
    ///
    /// A double attribute may also hold an INTEGER: the engine can hand the store `.int` for a
    /// double attribute (an integer default), and the store gives back exactly what it was given.
    func value(at column: Int32, as type: AttributeType) -> Value? {
        switch (sqlite3_column_type(handle, column), type) {
        case (SQLITE_TEXT, .string):
            return text(at: column).map(Value.string)
        case (SQLITE_INTEGER, .int), (SQLITE_INTEGER, .double):
            return .int(Int(sqlite3_column_int64(handle, column)))
        case (SQLITE_INTEGER, .relationship):
            return .object(ObjectID(Int(sqlite3_column_int64(handle, column))))
        case (SQLITE_TEXT, .toMany):
            return text(at: column).flatMap(StoredRelationship.ids(from:)).map(Value.objects)
        case (SQLITE_INTEGER, .bool):
            switch sqlite3_column_int64(handle, column) {
            case 0: return .bool(false)
            case 1: return .bool(true)
            default: return nil
            }
        case (SQLITE_FLOAT, .double):
            return .double(sqlite3_column_double(handle, column))
        case (SQLITE_FLOAT, .date):
            return .date(Date(timeIntervalSinceReferenceDate: sqlite3_column_double(handle, column)))
        case (SQLITE_TEXT, .double) where text(at: column) == "NaN":
            return .double(.nan)
        case (SQLITE_TEXT, .date) where text(at: column) == "NaN":
            return .date(Date(timeIntervalSinceReferenceDate: .nan))
        default:
            return nil
        }
    }

    /// `value(at:as:)` for the load of every row: the column's storage class read once (the
    /// other path asks SQLite for it up to three times per column), NULL given as `.null` when
    /// the attribute is optional. Nil when the column does not hold a value of `type`.
    @inline(__always)
    func loadedValue(at column: Int32, as type: AttributeType, isOptional: Bool) -> Value? {
        let storage = sqlite3_column_type(handle, column)
        switch (storage, type) {
        case (SQLITE_NULL, _):
            return isOptional ? .null : nil
        case (SQLITE_TEXT, .string):
            guard let bytes = sqlite3_column_text(handle, column) else { return nil }
            let count = Int(sqlite3_column_bytes(handle, column))
            return .string(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        case (SQLITE_INTEGER, .int), (SQLITE_INTEGER, .double):
            return .int(Int(sqlite3_column_int64(handle, column)))
        default:
            return value(at: column, as: type)
        }
    }

    func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// What a column holds, for messages about values that do not decode.
    func storageName(at column: Int32) -> String {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: "an integer"
        case SQLITE_FLOAT: "a real"
        case SQLITE_TEXT: "text"
        case SQLITE_BLOB: "a blob"
        default: "null"
        }
    }
}
