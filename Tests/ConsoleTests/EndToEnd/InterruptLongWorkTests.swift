import FetchSimTestSupport
import Foundation
import Testing

/// Ctrl-C stops long REPL commands on a terminal, leaving nothing half done: `import csv` is all
/// or nothing, `read` stops between lines and keeps what ran (issue 34, item 7).
@Suite(
    .enabled(if: BinaryLocator.fetchsim != nil && tmuxPath != nil, "needs tmux and a built fetchsim"),
    .timeLimit(.minutes(10)))
struct InterruptLongWorkTests {
    let terminal = TmuxDriver(name: "interrupt", seconds: 20, scrollback: 200)

    @Test func ctrlCStopsAnImportWholeAndAReadBetweenLines() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-interrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("big.csv").path
        try Data(("n\n" + (0..<2_000_000).map(String.init).joined(separator: "\n") + "\n").utf8).write(
            to: URL(fileURLWithPath: csv))
        let script = folder.appendingPathComponent("many.txt").path
        try Data(String(repeating: "insert T n=1\n", count: 200_000).utf8).write(to: URL(fileURLWithPath: script))

        try await terminal.tmux([
            "new-session", "-d", "-s", "main", "-x", "120", "-y", "40",
            "env NO_COLOR=1 \(binary.path) --empty; sleep 10",
        ])
        do {
            _ = try await terminal.waitFor("the prompt") { $0.contains("fetchsim> ") }
            try await terminal.tmux(["send-keys", "-t", "main", "entity T n:int", "Enter"])
            try await terminal.tmux(["send-keys", "-t", "main", "import csv \(csv) T", "Enter"])
            _ = try await terminal.waitFor("progress") {
                $0.contains("records read") || $0.contains("objects inserted")
            }
            try await terminal.tmux(["send-keys", "-t", "main", "C-c"])
            _ = try await terminal.waitFor("the import's stop") {
                $0.contains("import csv: interrupted; nothing was imported")
            }
            try await terminal.tmux(["send-keys", "-t", "main", "stats", "Enter"])
            _ = try await terminal.waitFor("no objects") { $0.contains("objects: 0") }

            try await terminal.tmux(["send-keys", "-t", "main", "read \(script)", "Enter"])
            try await Task.sleep(for: .seconds(2))
            try await terminal.tmux(["send-keys", "-t", "main", "C-c"])
            let stopped = try await terminal.waitFor("the read's stop") {
                $0.contains("interrupted before line")
            }
            let line = try #require(
                stopped.firstMatch(of: /interrupted before line (\d+); lines 1–(\d+) ran and are kept/))
            let kept = try #require(Int(line.2))
            #expect(kept > 0 && kept < 200_000)
            try await terminal.tmux(["send-keys", "-t", "main", "clear", "Enter"])
            try await terminal.tmux(["send-keys", "-t", "main", "stats", "Enter"])
            _ = try await terminal.waitFor("the kept objects") {
                $0.contains("objects: \(kept)")
            }
        } catch {
            await terminal.stop()
            throw error
        }
        await terminal.stop()
    }
}
