import FetchSimTestSupport
import Foundation
import Testing

/// The readline mode on a real pseudo-terminal, driven through tmux (skipped without tmux).
@Suite(
    .enabled(if: BinaryLocator.fetchsim != nil && tmuxPath != nil, "needs tmux and a built fetchsim"),
    .timeLimit(.minutes(10)))
struct TerminalSessionTests {
    let terminal = TmuxDriver(name: "readline")

    @Test func readlineStartsCompletesOnTabAcceptsALineAndExitsOnCtrlD() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let session = terminal.session
        let history = FileManager.default.temporaryDirectory.appendingPathComponent("\(terminal.socket).history").path
        try await terminal.tmux([
            "new-session", "-d", "-s", session, "-x", "100", "-y", "40",
            "env FETCHSIM_HISTORY=\(history) NO_COLOR=1 \(binary.path); sleep 5",
        ])
        do {
            try await drive(session, history: history)
        } catch {
            await terminal.stop()
            throw error
        }
        await terminal.stop()
    }

    /// Tab completion, a command, Ctrl-D; then the history file.
    func drive(_ session: String, history: String) async throws {
        let started = try await terminal.waitFor("the prompt") { $0.contains("fetchsim>") }
        #expect(started.contains("FetchSim — a demo list"), "welcome line")
        try await terminal.tmux(["send-keys", "-t", session, "che", "Tab"])
        let completed = try await terminal.waitFor("the completion") { $0.contains("fetchsim> check") }
        #expect(completed.contains("fetchsim> check"), "Tab completed the command name")
        try await terminal.tmux(["send-keys", "-t", session, "Enter"])
        let checked = try await terminal.waitFor("the check") { $0.contains("✓ consistent") }
        #expect(checked.contains("✓ consistent"))
        try await terminal.tmux(["send-keys", "-t", session, "C-d"])
        let ended = try await terminal.waitFor("the end of the REPL") {
            !$0.contains("fetchsim> \n") && $0.split(separator: "\n").last.map { !$0.hasPrefix("fetchsim>") } ?? true
        }
        #expect(!(ended.split(separator: "\n").last?.hasPrefix("fetchsim> ") ?? false), "Ctrl-D left the REPL")
        #expect((try? String(contentsOfFile: history, encoding: .utf8))?.contains("check") == true, "history saved")
    }
}
