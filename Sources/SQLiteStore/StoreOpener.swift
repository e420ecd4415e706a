import Foundation
import GRDB
import ObjectGraph

/// Opens a store file so that a file it refuses is never written.
///
/// 1. The path: a folder is refused; a missing file needs an existing, writable folder.
/// 2. Permissions: the file and its folder must be writable (SQLite creates the `-wal` file next
///    to the store). Root may write anything, so a file or folder whose mode has no write bit at
///    all is treated as read-only too: `chmod a-w` protects a store even from root.
/// 3. Inspection, on a read-only connection: the header must say this is an empty database or a
///    store of the current format version, and `PRAGMA quick_check` must pass.
/// 4. The writing connection: WAL journal mode, `synchronous = FULL`, and `locking_mode =
///    EXCLUSIVE` with a first (empty) write transaction, which takes the file's lock and keeps it
///    until the connection closes. An empty database gets the format in that same transaction.
struct StoreOpener {
    let path: String

    func open() throws(ObjectGraphError) -> (DatabaseQueue, StoreCatalog) {
        let exists = try checkPath()
        try checkPermissions(fileExists: exists)
        if exists { try inspect() }
        return try openForWriting()
    }

    private func refuse(_ problem: StoreFileProblem) -> ObjectGraphError {
        .storeFile(path: path, problem: problem)
    }

    /// Whether the file exists; throws for a folder or a missing parent folder.
    private func checkPath() throws(ObjectGraphError) -> Bool {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw refuse(.isFolder) }
            return true
        }
        let folder = StoreOpener.folder(of: path)
        guard FileManager.default.fileExists(atPath: folder) else { throw refuse(.cannotOpen("folder '\(folder)' does not exist")) }
        return false
    }

    private func checkPermissions(fileExists: Bool) throws(ObjectGraphError) {
        if fileExists, !StoreOpener.isWritable(path) { throw refuse(.readOnlyFile) }
        let folder = StoreOpener.folder(of: path)
        if !StoreOpener.isWritable(folder) { throw refuse(.readOnlyFolder(folder)) }
    }

    /// Checks an existing file on a read-only connection, which never writes it.
    private func inspect() throws(ObjectGraphError) {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(StoreFormat.busyTimeout)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            try queue.inDatabase { db in
                guard try checkKind(db) else { return }
                let report = try String.fetchAll(db, sql: "PRAGMA quick_check")
                guard report == ["ok"] else { throw Refusal(problem: .damaged(StoreOpener.summary(report))) }
            }
        } catch {
            throw refuse(StoreOpener.problem(for: error, otherwise: StoreFileProblem.cannotOpen))
        }
    }

    /// `true` for a store of the current version, `false` for an empty database; throws otherwise.
    private func checkKind(_ db: Database) throws -> Bool {
        switch try StoreFormat.kind(of: db) {
        case .empty: return false
        case .foreign: throw Refusal(problem: .notAStore)
        case .store(let version) where version != StoreFormat.version:
            throw Refusal(problem: .unknownVersion(found: version, supported: StoreFormat.version))
        case .store: return true
        }
    }

    private func openForWriting() throws(ObjectGraphError) -> (DatabaseQueue, StoreCatalog) {
        var configuration = Configuration()
        configuration.busyMode = .timeout(StoreFormat.busyTimeout)
        // The store alone writes the file and keeps every entity row's `object` row (inserted
        // first, deleted last); SQLite's checks of the REFERENCES clauses cost two lookups per
        // saved object (docs/store.md, "Saving and crash safety").
        configuration.foreignKeysEnabled = false
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw refuse(StoreOpener.problem(for: error, otherwise: StoreFileProblem.cannotOpen))
        }
        do {
            let catalog = try queue.inDatabase { db in
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                    throw Refusal(problem: .cannotOpen("SQLite could not switch it to WAL journal mode"))
                }
                try db.execute(sql: "PRAGMA synchronous = FULL")
                try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
                try db.inTransaction(.immediate) {
                    if try !checkKind(db) { try StoreFormat.format(db) }
                    return .commit
                }
                return try StoreCatalog.read(db)
            }
            return (queue, catalog)
        } catch {
            try? queue.close()
            throw refuse(StoreOpener.problem(for: error, otherwise: StoreFileProblem.cannotOpen))
        }
    }

    // MARK: Helpers

    /// A reason to refuse the file, thrown from inside a database closure.
    struct Refusal: Error {
        let problem: StoreFileProblem
    }

    /// What went wrong, as a store file problem; `otherwise` words errors with no better name.
    static func problem(for error: any Error, otherwise: (String) -> StoreFileProblem) -> StoreFileProblem {
        switch error {
        case let refusal as Refusal:
            return refusal.problem
        case let decoding as StoreDecodingError:
            return .damaged(decoding.detail)
        case let error as DatabaseError:
            let message = error.message ?? "\(error.resultCode)"
            switch error.resultCode {
            case .SQLITE_NOTADB: return .notSQLite
            case .SQLITE_CORRUPT: return .damaged(message)
            case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked
            case .SQLITE_READONLY: return .readOnlyFile
            default: return otherwise(message)
            }
        default:
            return otherwise("\(error)")
        }
    }

    /// The first problem of a `quick_check` report, on one line, and how many more there are.
    static func summary(_ report: [String]) -> String {
        let first = (report.first ?? "no report")
            .replacingOccurrences(of: "*** in database main ***", with: "")
            .split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        let more = report.count > 1 ? " (and \(report.count - 1) more)" : ""
        return (first.count > 160 ? String(first.prefix(160)) + "…" : first) + more
    }

    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Writable for this process, and with at least one write bit in its mode (see the type's notes).
    static func isWritable(_ path: String) -> Bool {
        var info = stat()
        guard access(path, W_OK) == 0, stat(path, &info) == 0 else { return false }
        return info.st_mode & 0o222 != 0
    }
}
