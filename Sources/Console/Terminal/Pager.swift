import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The pager long output goes through on a terminal: `$PAGER`, or `less -FRX` (quit if one
/// screen, keep colours, leave the text on the screen), as psql and git do.
package struct Pager: Sendable {
    /// The shell command that reads the text on its standard input.
    package var command: String

    package static let defaultCommand = "less -FRX"

    /// `$PAGER`, or the default when it is unset; nil when it is set but empty (paging off, as
    /// git and psql read an empty `PAGER`).
    package static func fromEnvironment(_ environment: [String: String]) -> Pager? {
        guard let command = environment["PAGER"] else { return Pager(command: defaultCommand) }
        let trimmed = command.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : Pager(command: trimmed)
    }

    /// Runs the pager with `lines` on its standard input and waits for it; false when it could
    /// not be started (the caller then prints the lines itself).
    package func show(_ lines: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let input = Pipe()
        process.standardInput = input
        do {
            try process.run()
        } catch {
            return false
        }
        // A pager that quits early closes the pipe: ignore the write error (SIGPIPE is ignored).
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        try? input.fileHandleForWriting.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return true
    }

    /// The height of the terminal on standard output, in rows (24 when unknown).
    package static func terminalRows() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
        return Int(size.ws_row)
    }
}
