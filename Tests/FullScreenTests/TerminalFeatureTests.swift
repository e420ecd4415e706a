import FetchSimTestSupport
import Foundation
import Testing

/// Colours (only without `NO_COLOR`) and `KEY_RESIZE`, on a real terminal through tmux.
@Suite(
    .enabled(if: BinaryLocator.fetchsim != nil && tmuxPath != nil, "needs tmux and a built fetchsim"),
    .timeLimit(.minutes(10)))
struct TerminalFeatureTests {
    /// A foreground colour escape (`ESC[33m`, `ESC[1;33m`), not the default-colour reset `ESC[39m`.
    static func hasForegroundColour(_ text: String) -> Bool {
        text.contains(/\u{1B}\[(?:[0-9;]*;)?3[0-7]m/)
    }

    /// Drags Milk one row down and returns the moved rows' lines with their escapes.
    func movedRows(environment: String) async throws -> String {
        let binary = try #require(BinaryLocator.fetchsim)
        let tmux = TmuxDriver(name: "colour\(environment.count)")
        try await tmux.start("env \(environment) LANG=C.UTF-8 TERM=xterm-256color \(binary.path) tui; sleep 10")
        do {
            _ = try await tmux.waitFor("event 0") { $0.contains("event 0 · ✓ consistent") }
            try await tmux.send("Space", "j", "Space")
            _ = try await tmux.waitFor("event 1") { $0.contains("event 1 · ✓ consistent") }
            let screen = try await tmux.tmux(["capture-pane", "-p", "-e", "-t", tmux.session])
            await tmux.stop()
            // Eggs moved up (0.0←0.1); Milk, under the cursor, is since iOS 10 the swap's update (rule 22).
            return screen.split(separator: "\n").filter { $0.contains("0.0←0.1") || $0.contains("Milk") }.joined(
                separator: "\n")
        } catch {
            await tmux.stop()
            throw error
        }
    }

    @Test func movedRowsAreColouredUnlessNoColorIsSet() async throws {
        let coloured = try await movedRows(environment: "-u NO_COLOR")
        #expect(coloured.contains("Eggs"))
        #expect(Self.hasForegroundColour(coloured), "\(coloured.debugDescription)")
        let plain = try await movedRows(environment: "NO_COLOR=1")
        #expect(plain.contains("Eggs"))
        #expect(!Self.hasForegroundColour(plain), "\(plain.debugDescription)")
        // Without colour the cursor row is still reversed.
        #expect(plain.contains("\u{1B}[7m"))
    }

    @Test func aResizedTerminalIsRedrawnToItsNewSize() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let tmux = TmuxDriver(name: "resize")
        try await tmux.start(
            "env NO_COLOR=1 LANG=C.UTF-8 TERM=xterm-256color \(binary.path) tui; sleep 10", columns: 100, rows: 30)
        do {
            _ = try await tmux.waitFor("event 0") { $0.contains("event 0 · ✓ consistent") }
            try await tmux.send("G")
            try await tmux.tmux(["resize-window", "-t", tmux.session, "-x", "50", "-y", "10"])
            // 10 lines: header, 5 table lines, message, 2 status lines; the cursor's row in view.
            // Polled until drawn whole (a capture may land between the terminal's writes).
            let small = try await tmux.waitFor("the small screen") { screen in
                screen.hasPrefix("   path  id") && screen.contains("▸  2.3") && !screen.contains("Groceries (G)")
            }
            let lines = small.split(separator: "\n", omittingEmptySubsequences: false).prefix(10)
            #expect(lines.first?.hasPrefix("   path  id") == true)
            #expect(lines.contains { $0.hasPrefix("▸  2.3   #12  Email Anna") })
            #expect(lines.allSatisfy { $0.count <= 50 })
        } catch {
            await tmux.stop()
            throw error
        }
        await tmux.stop()
    }

    /// Panes open on a terminal shrunk to a few rows, then to one cell, and grown back: the
    /// spreadsheet keeps running and redraws whole (a pane on a few rows once trapped).
    @Test func panesOnATinyTerminalDoNotEndTheSpreadsheet() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let tmux = TmuxDriver(name: "tiny")
        try await tmux.start(
            "env NO_COLOR=1 LANG=C.UTF-8 TERM=xterm-256color \(binary.path) tui; echo EXITED $?; sleep 10", columns: 80,
            rows: 24)
        do {
            _ = try await tmux.waitFor("event 0") { $0.contains("event 0 · ✓ consistent") }
            try await tmux.send("L")
            for (columns, rows) in [(40, 6), (30, 4), (20, 2), (1, 1), (10, 3)] {
                try await tmux.tmux(["resize-window", "-t", tmux.session, "-x", "\(columns)", "-y", "\(rows)"])
                try await tmux.send("?")
                try await tmux.send("j")
                try await Task.sleep(for: .milliseconds(100))
            }
            try await tmux.tmux(["resize-window", "-t", tmux.session, "-x", "80", "-y", "24"])
            let grown = try await tmux.waitFor("the screen grown back") {
                $0.contains("event 0 · ✓ consistent") && $0.contains("path  id")
            }
            #expect(!grown.contains("EXITED"))
            // The keys pane may still be open: the first q closes it, the second leaves.
            try await tmux.send("q")
            try await tmux.send("q")
            let ended = try await tmux.waitFor("the exit") { $0.contains("EXITED") }
            #expect(ended.contains("EXITED 0"))
        } catch {
            await tmux.stop()
            throw error
        }
        await tmux.stop()
    }

    /// Arrows sent in normal cursor mode (`ESC [ B`) and application mode (`ESC O B`) move the
    /// cursor; a sequence cut short (`ESC [`) does nothing — none of them is taken for `Esc`,
    /// which would leave the spreadsheet.
    @Test func arrowsInEitherCursorModeMoveAndAPartialSequenceStays() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let tmux = TmuxDriver(name: "arrows")
        try await tmux.start(
            "env NO_COLOR=1 LANG=C.UTF-8 TERM=xterm-256color \(binary.path) tui; echo EXITED $?; sleep 10", columns: 80,
            rows: 24)
        do {
            _ = try await tmux.waitFor("event 0") { $0.contains("event 0 · ✓ consistent") }
            try await tmux.tmux(["send-keys", "-t", tmux.session, "-H", "1b", "5b", "42"])
            _ = try await tmux.waitFor("the cursor on 0.1") { $0.contains("▸  0.1") }
            try await tmux.tmux(["send-keys", "-t", tmux.session, "-H", "1b", "4f", "42"])
            _ = try await tmux.waitFor("the cursor on 0.2") { $0.contains("▸  0.2") }
            try await tmux.tmux(["send-keys", "-t", tmux.session, "-H", "1b", "5b"])
            try await Task.sleep(for: .milliseconds(300))
            try await tmux.send("k")
            let screen = try await tmux.waitFor("the cursor on 0.1 again") { $0.contains("▸  0.1") }
            #expect(!screen.contains("EXITED"))
            try await tmux.send("q")
            _ = try await tmux.waitFor("the exit") { $0.contains("EXITED 0") }
        } catch {
            await tmux.stop()
            throw error
        }
        await tmux.stop()
    }

    /// Ctrl-Z under a shell with job control stops the spreadsheet and gives the shell its
    /// prompt; `fg` brings it back, redrawn; and `q` after a delete asks before the unsaved
    /// change is lost, as the REPL's `quit` does.
    @Test func ctrlZSuspendsAndFgResumesAndQAsksBeforeLosingWork() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let tmux = TmuxDriver(name: "suspend")
        try await tmux.start(
            "env -i PATH=/usr/bin:/bin TERM=xterm-256color NO_COLOR=1 LANG=C.UTF-8 PS1='shell$ ' bash --norc --noprofile -i",
            columns: 100, rows: 30)
        do {
            _ = try await tmux.waitFor("the shell") { $0.contains("shell$") }
            try await tmux.send("\(binary.path) tui", "Enter")
            _ = try await tmux.waitFor("event 0") { $0.contains("event 0 · ✓ consistent") }
            try await tmux.send("C-z")
            _ = try await tmux.waitFor("the shell's prompt after the stop") {
                $0.contains("Stopped") && !$0.contains("event 0 · ✓")
            }
            try await tmux.send("fg", "Enter")
            _ = try await tmux.waitFor("the spreadsheet again") {
                $0.contains("event 0 · ✓ consistent") && $0.contains("path  id")
            }
            try await tmux.send("d", "d", "q")
            _ = try await tmux.waitFor("the question") {
                $0.contains("Quitting: unsaved changes are lost. Quit anyway? [y/N]")
            }
            try await tmux.send("y")
            // A list resumed by `fg` runs only the stopped command: ask the shell for its status.
            _ = try await tmux.waitFor("the shell back") { !$0.contains("Quit anyway") }
            try await tmux.send("echo EXITED $?", "Enter")
            _ = try await tmux.waitFor("the exit") { $0.contains("EXITED 0") }
        } catch {
            await tmux.stop()
            throw error
        }
        await tmux.stop()
    }
}
