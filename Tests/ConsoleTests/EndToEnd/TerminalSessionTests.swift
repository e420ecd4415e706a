import FetchSimTestSupport
import Foundation
import Testing

/// Where tmux is, if it is installed.
let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// The readline mode on a real pseudo-terminal, driven through tmux (skipped without tmux).
@Suite(
    .enabled(if: BinaryLocator.fetchsim != nil && tmuxPath != nil, "needs tmux and a built fetchsim"),
    .timeLimit(.minutes(10)))
struct TerminalSessionTests {

    /// A tmux server of the test's own (its own socket, no configuration file), so that a
    /// user's tmux is neither used nor disturbed.
    let socket = "fetchsim-test-\(ProcessInfo.processInfo.processIdentifier)"

    /// Runs tmux and returns what it printed. `new-session` starts the tmux server, a daemon:
    /// its output is discarded rather than piped, so no pipe can outlive the call.
    @discardableResult
    func tmux(_ arguments: [String]) async throws -> String {
        let startsServer = arguments.first == "new-session"
        let all = ["-L", socket, "-f", "/dev/null"] + arguments
        return try await ChildProcess.run(try #require(tmuxPath), all, collectsOutput: !startsServer).output
    }

    /// Polls the pane until `predicate` holds or ~5 s pass.
    func waitFor(_ session: String, _ predicate: (String) -> Bool) async throws -> String {
        var screen = ""
        for _ in 0..<100 {
            screen = try await tmux(["capture-pane", "-p", "-t", session])
            if predicate(screen) { return screen }
            try await Task.sleep(for: .milliseconds(50))
        }
        return screen
    }

    @Test func readlineStartsCompletesOnTabAcceptsALineAndExitsOnCtrlD() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let session = socket
        let history = FileManager.default.temporaryDirectory.appendingPathComponent("\(session).history").path
        try await tmux([
            "new-session", "-d", "-s", session, "-x", "100", "-y", "40",
            "env FETCHSIM_HISTORY=\(history) NO_COLOR=1 \(binary.path); sleep 5",
        ])
        do {
            try await drive(session, history: history)
        } catch {
            _ = try? await tmux(["kill-server"])
            throw error
        }
        _ = try? await tmux(["kill-server"])
    }

    /// Tab completion, a command, Ctrl-D; then the history file.
    func drive(_ session: String, history: String) async throws {
        let started = try await waitFor(session) { $0.contains("fetchsim> ") }
        #expect(started.contains("FetchSim — a demo list"), "welcome line")
        try await tmux(["send-keys", "-t", session, "che", "Tab"])
        let completed = try await waitFor(session) { $0.contains("fetchsim> check") }
        #expect(completed.contains("fetchsim> check"), "Tab completed the command name")
        try await tmux(["send-keys", "-t", session, "Enter"])
        let checked = try await waitFor(session) { $0.contains("✓ consistent") }
        #expect(checked.contains("✓ consistent"))
        try await tmux(["send-keys", "-t", session, "C-d"])
        let ended = try await waitFor(session) {
            !$0.contains("fetchsim> \n") && $0.split(separator: "\n").last.map { !$0.hasPrefix("fetchsim>") } ?? true
        }
        #expect(!(ended.split(separator: "\n").last?.hasPrefix("fetchsim> ") ?? false), "Ctrl-D left the REPL")
        #expect((try? String(contentsOfFile: history, encoding: .utf8))?.contains("check") == true, "history saved")
    }
}
