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
        if let code = posixCode(of: error, depth: 2), code > 0, let text = strerror(code) { reason = String(cString: text) }
        guard let first = reason.first, first.isUppercase, !(reason.dropFirst().first?.isUppercase ?? false) else { return reason }
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
}
