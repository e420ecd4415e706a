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
    ///
    /// The pager is spawned in FetchSim's own process group, as git and psql run theirs
    /// (`popen`): that group owns the terminal, so the pager reads its keys and gets Ctrl-C and
    /// the terminal's hang-up. Foundation's `Process` puts a child in a group of its own, where
    /// reading the terminal stops it (SIGTTIN): `more` then hangs at `--More--` and `less` gives
    /// up after one screen.
    package func show(_ lines: [String]) -> Bool {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return false }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        guard let pid = Self.spawnShell(command, standardInput: readEnd, closing: writeEnd) else {
            close(readEnd)
            close(writeEnd)
            return false
        }
        close(readEnd)
        // A pager that quits early closes the pipe: ignore the write error (SIGPIPE is ignored).
        let previous = signal(SIGPIPE, SIG_IGN)
        let output = FileHandle(fileDescriptor: writeEnd, closeOnDealloc: false)
        try? output.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
        close(writeEnd)
        signal(SIGPIPE, previous)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return true
    }

    /// Spawns `/bin/sh -c command` in this process's group with `standardInput` as its standard
    /// input and `other` closed in the child; the child's pid, or nil when it cannot start.
    private static func spawnShell(_ command: String, standardInput: Int32, closing other: Int32) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, standardInput)
        posix_spawn_file_actions_addclose(&actions, other)
        let arguments = ["/bin/sh", "-c", command].map { (text: String) -> UnsafeMutablePointer<CChar>? in strdup(text)
        }
        defer { arguments.forEach { free($0) } }
        var argv = arguments + [nil]
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, environ)
        return result == 0 ? pid : nil
    }

    /// The height of the terminal on standard output, in rows (24 when unknown).
    package static func terminalRows() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
        return Int(size.ws_row)
    }
}
