import FetchSimTestSupport
import Foundation
import Testing

/// The quit question on a terminal (issue 34, item 15): Ctrl-C and Ctrl-D answer no and end the
/// line, the next line typed is a command (not swallowed as the answer), and `y` quits.
/// Serialized: the keys race the answers they test, and a second session starting beside one
/// delays its prompts enough to lose that race on a loaded machine.
@Suite(
    .enabled(if: BinaryLocator.fetchsim != nil && tmuxPath != nil, "needs tmux and a built fetchsim"),
    .timeLimit(.minutes(10)),
    .serialized)
struct QuitQuestionTerminalTests {
    let terminal = TmuxDriver(name: "quitq")

    @Test func ctrlCAndCtrlDAnswerNoOnALineOfTheirOwn() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        try await terminal.tmux([
            "new-session", "-d", "-s", "main", "-x", "100", "-y", "50",
            "env NO_COLOR=1 FETCHSIM_HISTORY= \(binary.path) --empty; echo EXITED $?; sleep 10",
        ])
        do {
            _ = try await terminal.waitFor("the prompt") { $0.contains("fetchsim>") }
            try await terminal.tmux(["send-keys", "-t", "main", "entity T n:int", "Enter"])
            try await terminal.tmux(["send-keys", "-t", "main", "insert T n=1", "Enter"])
            try await terminal.tmux(["send-keys", "-t", "main", "quit", "Enter"])
            _ = try await terminal.waitFor("the question") { $0.contains("Quit anyway? [y/N]") }
            try await terminal.tmux(["send-keys", "-t", "main", "C-c"])
            try await terminal.tmux(["send-keys", "-t", "main", "stats", "Enter"])
            let afterInterrupt = try await terminal.waitFor("stats after Ctrl-C") { $0.contains("objects: 1") }
            #expect(
                afterInterrupt.split(separator: "\n").contains { $0.hasPrefix("fetchsim> stats") },
                "the next line is a command at a prompt of its own")
            try await terminal.tmux(["send-keys", "-t", "main", "clear", "Enter"])
            try await terminal.tmux(["send-keys", "-t", "main", "quit", "Enter"])
            _ = try await terminal.waitFor("the question again") {
                $0.components(separatedBy: "Quit anyway? [y/N]").count == 3
            }
            try await terminal.tmux(["send-keys", "-t", "main", "C-d"])
            let afterEOF = try await terminal.waitFor("a fresh prompt") {
                $0.hasSuffix("fetchsim>") || $0.split(separator: "\n").last == "fetchsim>"
            }
            #expect(!afterEOF.contains("[y/N] fetchsim>"), "the prompt is not left on the question's line")
            try await terminal.tmux(["send-keys", "-t", "main", "quit", "Enter"])
            _ = try await terminal.waitFor("the question a third time") {
                $0.components(separatedBy: "Quit anyway? [y/N]").count == 4
            }
            try await terminal.tmux(["send-keys", "-t", "main", "y", "Enter"])
            _ = try await terminal.waitFor("the exit") { $0.contains("EXITED 0") }
        } catch {
            await terminal.stop()
            throw error
        }
        await terminal.stop()
    }
    /// Answering yes to "Save them … before quitting?" saves as `save` does: the fetch and the
    /// other session settings too, so the store reopens on them.
    @Test func savingAtTheQuitQuestionKeepsTheSessionSettings() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-quitq-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("notes.fetchsim").path
        try await terminal.tmux([
            "new-session", "-d", "-s", "main", "-x", "100", "-y", "50",
            "env NO_COLOR=1 FETCHSIM_HISTORY= \(binary.path) --store \(store); echo EXITED $?; sleep 10",
        ])
        do {
            _ = try await terminal.waitFor("the prompt") { $0.contains("fetchsim>") }
            try await terminal.tmux(["send-keys", "-t", "main", "fetch Note sort title", "Enter"])
            try await terminal.tmux(["send-keys", "-t", "main", "delete #1", "Enter"])
            try await terminal.tmux(["send-keys", "-t", "main", "quit", "Enter"])
            _ = try await terminal.waitFor("the question") { $0.contains("before quitting? [y/N]") }
            try await terminal.tmux(["send-keys", "-t", "main", "y", "Enter"])
            _ = try await terminal.waitFor("the exit") { $0.contains("EXITED 0") }
        } catch {
            await terminal.stop()
            throw error
        }
        await terminal.stop()
        let reopened = try await BinaryLocator.run(["--store", store], input: "show fetch\nstats\n")
        #expect(reopened.output.hasPrefix("fetch Note sort title\nobjects: 11"), "\(reopened.output)")
    }
}
