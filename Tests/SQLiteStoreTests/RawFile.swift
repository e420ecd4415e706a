import Foundation
import GRDB

/// Plain SQLite connections for tests: to craft, check and lock files behind the store's back.
enum RawFile {
    /// Runs `sql` on `path` through an ordinary connection, then closes it.
    static func execute(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.inDatabase { try $0.execute(sql: sql) }
        try queue.close()
    }

    /// The first column of every row of `sql`, as text, on a read-only connection.
    static func strings(_ path: String, _ sql: String) throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.inDatabase { try String.fetchAll($0, sql: sql) }
    }

    /// `PRAGMA integrity_check`: `["ok"]` for a sound file.
    static func integrityCheck(_ path: String) throws -> [String] {
        // A read-write connection, as the store opens it: after a SIGKILL the WAL may need
        // recovery, which a read-only connection cannot always do (SQLITE_CANTOPEN).
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.inDatabase { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
    }

    /// Another connection holding `BEGIN EXCLUSIVE` on a file until released.
    final class ExclusiveLock {
        private let queue: DatabaseQueue

        init(_ path: String) throws {
            var configuration = Configuration()
            configuration.allowsUnsafeTransactions = true  // the transaction outlives one access
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.inDatabase { try $0.execute(sql: "BEGIN EXCLUSIVE") }
        }

        func release() throws {
            try queue.inDatabase { try $0.execute(sql: "ROLLBACK") }
            try queue.close()
        }
    }
}
