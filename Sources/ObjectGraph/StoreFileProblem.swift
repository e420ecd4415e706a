/// Why a store file could not be opened or written, worded to follow `store file 'PATH' `.
///
/// ```swift
/// let error = ObjectGraphError.storeFile(path: "notes.sqlite", problem: .locked)
/// error.description  // "store file 'notes.sqlite' is locked by another process"
/// ```
public enum StoreFileProblem: Equatable, Sendable, CustomStringConvertible {
    /// The file exists but is not a SQLite database (a text file, say).
    case notSQLite
    /// A SQLite database of some other program.
    case notAStore
    /// A store whose format version this build does not read.
    case unknownVersion(found: Int, supported: Int)
    /// SQLite's integrity check failed, or a row does not decode; the detail says where.
    case damaged(String)
    /// Another connection holds the file's lock.
    case locked
    /// The file may not be written.
    case readOnlyFile
    /// `save` on a store opened read-only because its file (or its folder) cannot be written.
    case openedReadOnly
    /// The folder may not be written, so SQLite cannot create the file or its write-ahead log.
    case readOnlyFolder(String)
    /// The path is a folder, not a file.
    case isFolder
    /// `close()` was called.
    case closed
    /// Opening failed for another reason; the detail is SQLite's or the system's message.
    case cannotOpen(String)
    /// Reading failed for a reason other than damage; the detail is SQLite's message.
    case readFailed(String)
    /// A save failed and was rolled back; the detail is SQLite's message.
    case saveFailed(String)

    public var description: String {
        switch self {
        case .notSQLite: "is not a SQLite database"
        case .notAStore: "is a SQLite database but not a FetchSim store"
        case .unknownVersion(let found, let supported):
            "has format version \(found); this fetchsim reads version \(supported) only"
        case .damaged(let detail): "is damaged: \(detail)"
        case .locked: "is locked by another process"
        case .readOnlyFile: "is read-only"
        case .openedReadOnly: "is open read-only (the file cannot be written): nothing was saved"
        case .readOnlyFolder(let folder): "cannot be written in read-only folder '\(folder)'"
        case .isFolder: "is a folder"
        case .closed: "is closed"
        case .cannotOpen(let detail): "cannot be opened: \(detail)"
        case .readFailed(let detail): "could not be read: \(detail)"
        case .saveFailed(let detail): "was not saved: \(detail)"
        }
    }
}
