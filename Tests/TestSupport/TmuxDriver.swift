import Foundation
import Testing

/// Where tmux is, if it is installed.
package let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// A tmux server of the test's own (its own socket, no configuration file, so that a user's tmux
/// is neither used nor disturbed) running one command in a pane of a fixed size; `stop()` kills
/// the server. Each driver gets a fresh socket: a server being killed may still answer on its own.
package struct TmuxDriver: Sendable {
    package let socket: String
    package let session = "main"
    /// How long `waitFor` polls before it gives up.
    package let patience: Int
    /// How many lines above the pane `screen()` reads too (wrapped lines joined); 0 for the pane.
    package let scrollback: Int

    /// A driver whose `waitFor` polls for `seconds` and reads `scrollback` lines above the pane.
    package init(name: String, seconds: Int = 10, scrollback: Int = 0) {
        socket = "fetchsim-\(name)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        patience = seconds
        self.scrollback = scrollback
    }

    /// Runs tmux and returns what it printed. `new-session` starts the tmux server, a daemon: its
    /// output is discarded rather than piped, so no pipe can outlive the call.
    @discardableResult
    package func tmux(_ arguments: [String]) async throws -> String {
        let startsServer = arguments.first == "new-session"
        let all = ["-L", socket, "-f", "/dev/null"] + arguments
        return try await ChildProcess.run(try #require(tmuxPath), all, collectsOutput: !startsServer).output
    }

    /// Starts `command` (a shell line) in a `columns` × `rows` pane.
    package func start(_ command: String, columns: Int = 100, rows: Int = 40) async throws {
        try await tmux(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)", command])
    }

    /// Sends keys in tmux's names (`Space`, `Down`, `Enter`, `C-u`, or literal text).
    package func send(_ keys: String...) async throws {
        try await tmux(["send-keys", "-t", session] + keys)
    }

    /// The pane's text now, with `scrollback` lines above it.
    package func screen() async throws -> String {
        let history = scrollback > 0 ? ["-J", "-S", "-\(scrollback)"] : []
        return try await tmux(["capture-pane", "-p"] + history + ["-t", session])
    }

    /// Polls the screen until `predicate` holds or `patience` seconds pass (then an issue, naming
    /// `what`); returns the last screen either way.
    package func waitFor(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ predicate: (String) -> Bool
    ) async throws -> String {
        var text = ""
        for _ in 0..<(patience * 20) {
            text = try await screen()
            if predicate(text) { return text }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("timed out waiting for \(what); the screen:\n\(text)", sourceLocation: sourceLocation)
        return text
    }

    package func stop() async {
        _ = try? await tmux(["kill-server"])
    }
}
