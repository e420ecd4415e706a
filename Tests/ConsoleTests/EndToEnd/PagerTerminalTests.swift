import FetchSimTestSupport
import Foundation
import Testing

/// The pager on a real terminal: it runs in the terminal's foreground process group, reads its
/// keys, shows all of the output and gives the terminal back (issue 34, item 2).
@Suite(
    .enabled(if: BinaryLocator.fetchsim != nil && tmuxPath != nil, "needs tmux and a built fetchsim"),
    .timeLimit(.minutes(10)),
    .serialized)
struct PagerTerminalTests {
    /// A tmux server per test (a server being killed may still answer on its socket).
    let terminal = TmuxDriver(name: "pager")

    /// The pager's shell records its process group and the terminal's foreground group: equal.
    @Test func thePagerOwnsTheTerminal() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-pgrp-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: record) }
        let pager = "ps -o pgid=,tpgid= -p $$ > \(record); cat > /dev/null"
        try await terminal.tmux([
            "new-session", "-d", "-s", "main", "-x", "100", "-y", "20",
            "env NO_COLOR=1 'PAGER=\(pager)' \(binary.path); sleep 10",
        ])
        do {
            _ = try await terminal.waitFor("the prompt") { $0.contains("fetchsim>") }
            try await terminal.tmux(["send-keys", "-t", "main", "help", "Enter"])
            for _ in 0..<100 where (try? String(contentsOfFile: record, encoding: .utf8))?.isEmpty ?? true {
                try await Task.sleep(for: .milliseconds(50))
            }
            let groups = try String(contentsOfFile: record, encoding: .utf8).split(
                separator: " ", omittingEmptySubsequences: true
            )
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            #expect(
                groups.count == 2 && groups[0] == groups[1],
                "pager's group and the terminal's foreground group: \(groups)")
        } catch {
            await terminal.stop()
            throw error
        }
        await terminal.stop()
    }

    /// `PAGER=more` on a 20-row terminal: `help` stops at `--More--`, which answers Space with the
    /// next screen and `q` with the prompt.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/more"), "needs more"))
    func moreReadsItsKeysAndGivesThePromptBack() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        try await terminal.tmux([
            "new-session", "-d", "-s", "main", "-x", "100", "-y", "20",
            "env NO_COLOR=1 PAGER=more \(binary.path); echo EXITED; sleep 10",
        ])
        do {
            _ = try await terminal.waitFor("the prompt") { $0.contains("fetchsim>") }
            try await terminal.tmux(["send-keys", "-t", "main", "help", "Enter"])
            let first = try await terminal.waitFor("more's prompt") { $0.contains("--More--") }
            #expect(first.contains("Commands:"))
            try await terminal.tmux(["send-keys", "-t", "main", "Space"])
            _ = try await terminal.waitFor("the next screen") {
                !$0.contains("Commands:") && $0.contains("--More--") || $0.contains("fetchsim>")
            }
            try await terminal.tmux(["send-keys", "-t", "main", "q"])
            try await terminal.tmux(["send-keys", "-t", "main", "stats", "Enter"])
            let back = try await terminal.waitFor("the prompt again") { $0.contains("drags: 0") }
            #expect(!back.contains("EXITED"))
        } catch {
            await terminal.stop()
            throw error
        }
        await terminal.stop()
    }
}
