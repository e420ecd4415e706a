import Foundation

/// The reason a file operation failed, in the words a user acts on.
///
/// Foundation on Linux describes a failed write as "The operation could not be completed.
/// (NSCocoaErrorDomain error 512.)": the system's own reason ("Is a directory", "Permission
/// denied") is in the error's underlying POSIX error. This reads it out, lower-cased as the rest
/// of an error line ("cannot write 'out': is a directory").
package enum FileErrorReason {
    /// The system's reason for `error` if it carries one, else its own description.
    package static func text(for error: any Error) -> String {
        var reason = error.localizedDescription
        if let code = posixCode(of: error, depth: 2), code > 0, let text = strerror(code) {
            reason = String(cString: text)
        }
        guard let first = reason.first, first.isUppercase, !(reason.dropFirst().first?.isUppercase ?? false) else {
            return reason
        }
        return first.lowercased() + reason.dropFirst()
    }

    /// The POSIX error code of `error` or of the error under it (`NSUnderlyingErrorKey`, which
    /// Foundation fills with a `POSIXError` on Linux), looking `depth` levels down at most.
    private static func posixCode(of error: any Error, depth: Int) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return Int32(truncatingIfNeeded: ns.code) }
        guard depth > 0, let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error else { return nil }
        return posixCode(of: underlying, depth: depth - 1)
    }

    /// Why a file at `path` cannot be written, or `nil` when it can: the checks a later
    /// `fopen(path, "w")` would fail, made without creating or truncating anything — so a long
    /// run (a fuzz campaign, a recording) learns of a bad path before it starts.
    package static func problem(writing path: String) -> String? {
        var status = stat()
        if stat(path, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR { return "is a directory" }
            return access(path, W_OK) == 0 ? nil : String(cString: strerror(errno))
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        var folderStatus = stat()
        guard stat(folder, &folderStatus) == 0 else { return "no such folder '\(folder)'" }
        guard (folderStatus.st_mode & S_IFMT) == S_IFDIR else { return "'\(folder)' is not a folder" }
        return access(folder, W_OK) == 0 ? nil : String(cString: strerror(errno))
    }
}
