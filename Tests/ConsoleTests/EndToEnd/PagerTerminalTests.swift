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
    let socket = "fetchsim-pager-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"

    @discardableResult
    func tmux(_ arguments: [String]) async throws -> String {
        let startsServer = arguments.first == "new-session"
        return try await ChildProcess.run(
            try #require(tmuxPath), ["-L", socket, "-f", "/dev/null"] + arguments, collectsOutput: !startsServer
        ).output
    }

    func waitFor(_ what: String, _ predicate: (String) -> Bool) async throws -> String {
        var screen = ""
        for _ in 0..<200 {
            screen = try await tmux(["capture-pane", "-p", "-t", "main"])
            if predicate(screen) { return screen }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("timed out waiting for \(what); the screen:\n\(screen)")
        return screen
    }

    /// The pager's shell records its process group and the terminal's foreground group: equal.
    @Test func thePagerOwnsTheTerminal() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-pgrp-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: record) }
        let pager = "ps -o pgid=,tpgid= -p $$ > \(record); cat > /dev/null"
        try await tmux([
            "new-session", "-d", "-s", "main", "-x", "100", "-y", "20",
            "env NO_COLOR=1 'PAGER=\(pager)' \(binary.path); sleep 10",
        ])
        do {
            _ = try await waitFor("the prompt") { $0.contains("fetchsim>") }
            try await tmux(["send-keys", "-t", "main", "help", "Enter"])
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
            _ = try? await tmux(["kill-server"])
            throw error
        }
        _ = try? await tmux(["kill-server"])
    }

    /// `PAGER=more` on a 20-row terminal: `help` stops at `--More--`, which answers Space with the
    /// next screen and `q` with the prompt.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/more"), "needs more"))
    func moreReadsItsKeysAndGivesThePromptBack() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        try await tmux([
            "new-session", "-d", "-s", "main", "-x", "100", "-y", "20",
            "env NO_COLOR=1 PAGER=more \(binary.path); echo EXITED; sleep 10",
        ])
        do {
            _ = try await waitFor("the prompt") { $0.contains("fetchsim>") }
            try await tmux(["send-keys", "-t", "main", "help", "Enter"])
            let first = try await waitFor("more's prompt") { $0.contains("--More--") }
            #expect(first.contains("Commands:"))
            try await tmux(["send-keys", "-t", "main", "Space"])
            _ = try await waitFor("the next screen") {
                !$0.contains("Commands:") && $0.contains("--More--") || $0.contains("fetchsim>")
            }
            try await tmux(["send-keys", "-t", "main", "q"])
            try await tmux(["send-keys", "-t", "main", "stats", "Enter"])
            let back = try await waitFor("the prompt again") { $0.contains("drags: 0") }
            #expect(!back.contains("EXITED"))
        } catch {
            _ = try? await tmux(["kill-server"])
            throw error
        }
        _ = try? await tmux(["kill-server"])
    }
}
