import Foundation
import GRDB
import ObjectGraph

/// Opens a store file so that a file it refuses is never written.
///
/// 1. The path: a folder is refused; a missing file needs an existing, writable folder.
/// 2. Permissions: a store is written only when the file and its folder are writable (SQLite
///    creates the `-wal` file next to the store). Root may write anything, so a file or folder
///    whose mode has no write bit at all is treated as read-only too: `chmod a-w` protects a store
///    even from root. An existing store that may not be written opens read-only, as
///    `sqlite3 -readonly` does: its objects are read and `save` is refused.
/// 3. Inspection, on a read-only connection: the header must say this is an empty database or a
///    store of the current format version, and `PRAGMA quick_check` must pass.
/// 4. The writing connection: WAL journal mode, `synchronous = FULL`, and `locking_mode =
///    EXCLUSIVE` with a first (empty) write transaction, which takes the file's lock and keeps it
///    until the connection closes. An empty database gets the format in that same transaction.
struct StoreOpener {
    let path: String

    /// The connection, what the file holds, and whether it was opened read-only.
    struct Opened {
        var queue: DatabaseQueue
        var catalog: StoreCatalog
        var isReadOnly: Bool
    }

    func open() throws(ObjectGraphError) -> Opened {
        let exists = try checkPath()
        let writable = try checkPermissions(fileExists: exists)
        if exists { try inspect() }
        guard writable else { return try openForReading() }
        let (queue, catalog) = try openForWriting()
        return Opened(queue: queue, catalog: catalog, isReadOnly: false)
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
        guard FileManager.default.fileExists(atPath: folder) else {
            throw refuse(.cannotOpen("folder '\(folder)' does not exist"))
        }
        return false
    }

    /// Whether the store may be written; throws when a new file cannot be created.
    private func checkPermissions(fileExists: Bool) throws(ObjectGraphError) -> Bool {
        let folder = StoreOpener.folder(of: path)
        let folderWritable = StoreOpener.isWritable(folder)
        guard fileExists else {
            if !folderWritable { throw refuse(.readOnlyFolder(folder)) }
            return true
        }
        return folderWritable && StoreOpener.isWritable(path)
    }

    /// Checks an existing file on a read-only connection, which never writes it.
    private func inspect() throws(ObjectGraphError) {
        do {
            let (queue, _) = try readOnlyConnection { db in
                guard try checkKind(db) else { return }
                let report = try String.fetchAll(db, sql: "PRAGMA quick_check")
                guard report == ["ok"] else { throw Refusal(problem: .damaged(StoreOpener.summary(report))) }
            }
            try? queue.close()
        } catch {
            throw refuse(StoreOpener.problem(for: error, otherwise: StoreFileProblem.cannotOpen))
        }
    }

    /// A read-only connection on the file and what `body` read through it.
    ///
    /// A store in WAL mode needs its `-shm` file even to be read; where that file is missing and
    /// the folder refuses it, the file is opened as `immutable` (SQLite's URI parameter), which
    /// needs no `-shm` — provided no `-wal` holds changes that reading would have to apply.
    private func readOnlyConnection<T>(_ body: (Database) throws -> T) throws -> (DatabaseQueue, T) {
        do {
            return try readOnlyConnection(at: path, body)
        } catch let error as DatabaseError where [.SQLITE_READONLY, .SQLITE_CANTOPEN].contains(error.resultCode) {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path + "-wal")
            if let size = attributes?[.size] as? Int, size > 0 {
                throw Refusal(
                    problem: .cannotOpen(
                        "it is read-only, and its write-ahead log '\(path)-wal' holds changes that only a writable open can apply"
                    ))
            }
            return try readOnlyConnection(at: StoreOpener.immutableURI(path), body)
        }
    }

    private func readOnlyConnection<T>(at location: String, _ body: (Database) throws -> T) throws -> (DatabaseQueue, T)
    {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(StoreFormat.busyTimeout)
        let queue = try DatabaseQueue(path: location, configuration: configuration)
        do {
            return (queue, try queue.inDatabase(body))
        } catch {
            try? queue.close()
            throw error
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

    /// A read-only connection on a store `inspect()` accepted. An empty database is not a store
    /// yet and cannot become one without writing, so it is refused as read-only.
    private func openForReading() throws(ObjectGraphError) -> Opened {
        do {
            let (queue, catalog) = try readOnlyConnection { db in
                guard try checkKind(db) else { throw Refusal(problem: .readOnlyFile) }
                return try StoreCatalog.read(db)
            }
            return Opened(queue: queue, catalog: catalog, isReadOnly: true)
        } catch {
            throw refuse(StoreOpener.problem(for: error, otherwise: StoreFileProblem.cannotOpen))
        }
    }

    /// `file:PATH?immutable=1`, the path percent-encoded as SQLite's URI filenames require.
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let encoded = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
        return "file:" + encoded + "?immutable=1"
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
