import GRDB

/// The file format, version 1: what identifies a store file and the fixed tables every store has.
///
/// Layout and rationale are in `docs/store.md`. Any change to the tables or to how values are
/// encoded is a new version; a file of a version this build does not know is refused untouched.
enum StoreFormat {
    /// `PRAGMA application_id`: the bytes `FSim` in the database header.
    static let applicationID = 0x4653_696D
    /// `PRAGMA user_version`: the version of the table layout and value encoding.
    static let version = 1
    /// How long to wait for another connection's lock before reporting the file as locked.
    static let busyTimeout = 0.25

    /// The tables every store has besides one table per entity.
    static let fixedTables = ["metadata", "entity", "attribute", "object"]

    static let createFixedTables = """
        CREATE TABLE metadata (
            key TEXT PRIMARY KEY NOT NULL,
            value ANY
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE entity (
            number INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            table_name TEXT NOT NULL UNIQUE
        ) STRICT;
        CREATE TABLE attribute (
            entity INTEGER NOT NULL REFERENCES entity(number),
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            type TEXT NOT NULL CHECK (type IN ('string', 'int', 'double', 'bool', 'date')),
            is_optional INTEGER NOT NULL CHECK (is_optional IN (0, 1)),
            default_type TEXT CHECK (default_type IN ('null', 'string', 'int', 'double', 'bool', 'date')),
            default_value ANY,
            column_name TEXT NOT NULL,
            PRIMARY KEY (entity, position)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE object (
            id INTEGER PRIMARY KEY,
            entity INTEGER NOT NULL REFERENCES entity(number)
        ) STRICT;
        INSERT INTO metadata (key, value) VALUES ('next_object_id', 1);
        """

    /// What a file holds, judged from its header and its table list.
    enum Kind: Equatable {
        /// A new or empty database (no tables, no application ID): formatted on open.
        case empty
        /// A SQLite database of another program.
        case foreign
        /// A store of the given format version.
        case store(version: Int)
    }

    static func kind(of db: Database) throws -> Kind {
        let applicationID = try Int.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if applicationID == StoreFormat.applicationID { return .store(version: version) }
        let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
        return applicationID == 0 && version == 0 && tables == 0 ? .empty : .foreign
    }

    /// Writes the header and the fixed tables into an empty database, inside the caller's transaction.
    static func format(_ db: Database) throws {
        try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        try db.execute(sql: "PRAGMA user_version = \(version)")
        try db.execute(sql: createFixedTables)
    }
}
