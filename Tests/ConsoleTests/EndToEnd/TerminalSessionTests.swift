import Foundation
import Testing

/// Where tmux is, if it is installed.
let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// The readline mode on a real pseudo-terminal, driven through tmux (skipped without tmux).
@Suite(.enabled(if: BinaryLocator.fetchsim != nil && tmuxPath != nil, "needs tmux and a built fetchsim"))
struct TerminalSessionTests {

    /// Runs tmux and returns what it printed. Output goes through a file, not a pipe: the first
    /// call starts the tmux server, which would inherit a pipe and keep it open forever.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let handle = try FileHandle(forWritingTo: outputFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(tmuxPath))
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    /// Polls the pane until `predicate` holds or ~5 s pass.
    func waitFor(_ session: String, _ predicate: (String) -> Bool) throws -> String {
        var screen = ""
        for _ in 0..<100 {
            screen = try tmux(["capture-pane", "-p", "-t", session])
            if predicate(screen) { return screen }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return screen
    }

    @Test func readlineStartsCompletesOnTabAcceptsALineAndExitsOnCtrlD() throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let session = "fetchsim-test-\(ProcessInfo.processInfo.processIdentifier)"
        let history = FileManager.default.temporaryDirectory.appendingPathComponent("\(session).history").path
        try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "40",
                  "env FETCHSIM_HISTORY=\(history) NO_COLOR=1 \(binary.path); sleep 5"])
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        let started = try waitFor(session) { $0.contains("fetchsim> ") }
        #expect(started.contains("FetchSim — a demo list"), "welcome line")
        try tmux(["send-keys", "-t", session, "che", "Tab"])
        let completed = try waitFor(session) { $0.contains("fetchsim> check") }
        #expect(completed.contains("fetchsim> check"), "Tab completed the command name")
        try tmux(["send-keys", "-t", session, "Enter"])
        let checked = try waitFor(session) { $0.contains("✓ consistent") }
        #expect(checked.contains("✓ consistent"))
        try tmux(["send-keys", "-t", session, "C-d"])
        let ended = try waitFor(session) { !$0.contains("fetchsim> \n") && $0.split(separator: "\n").last.map { !$0.hasPrefix("fetchsim>") } ?? true }
        #expect(!(ended.split(separator: "\n").last?.hasPrefix("fetchsim> ") ?? false), "Ctrl-D left the REPL")
        #expect((try? String(contentsOfFile: history, encoding: .utf8))?.contains("check") == true, "history saved")
    }
}
