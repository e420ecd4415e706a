import FetchSimTestSupport
import Foundation
import Testing

/// The full-screen spreadsheet on a real pseudo-terminal, driven through tmux as a user would:
/// a drag and an in-place edit with keys, the screen read back and compared with the REPL's
/// `dump` of the same workspace, and the recording replayed (skipped without tmux).
@Suite(
    .enabled(if: BinaryLocator.fetchsim != nil && tmuxPath != nil, "needs tmux and a built fetchsim"),
    .timeLimit(.minutes(10)))
struct FullScreenTerminalTests {
    /// After dragging Milk (0.0) to Home's second row and renaming it: hand-computed.
    static let expected = [[2, 3, 4], [5, 1, 6, 7, 8], [9, 10, 11, 12]]

    @Test func aDragAndAnEditWithKeysMatchTheREPLsDumpAndTheRecordingReplays() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-tui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("tui.session").path
        let tmux = TmuxDriver(name: "tui")
        try await tmux.start(
            "env LANG=C.UTF-8 TERM=xterm-256color NO_COLOR=1 \(binary.path) tui --record \(recording); echo EXIT=$?; sleep 10"
        )
        do {
            try await drive(tmux)
        } catch {
            await tmux.stop()
            throw error
        }
        await tmux.stop()
        let transcript = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(transcript.contains("\n> move 0.0 1.1\n"))
        #expect(transcript.contains("\n> set 1.1 title=\"Oat milk\"\n"))
        #expect(transcript.contains("\n> dump\n"))
        let replay = try await BinaryLocator.run(["replay", recording], input: "")
        #expect(replay.status == 0, "\(replay.output)")
    }

    func drive(_ tmux: TmuxDriver) async throws {
        let started = try await tmux.waitFor("event 0 · ✓ consistent") { $0.contains("event 0 · ✓ consistent") }
        #expect(started.contains("▸  0.0   #1   Milk"))
        // Pick up Milk, carry it past Groceries' last position into Home, drop it.
        try await tmux.send("Space", "Down", "Down", "Down", "Down")
        // Lines are drawn top to bottom: once the carried row shows, the header above it has too.
        let carrying = try await tmux.waitFor("the carried row") { $0.contains("≡  1.0   #1   Milk") }
        #expect(carrying.contains("── Home (H) · 5 rows"), "the carried row shows where it would go")
        #expect(carrying.contains("event 0 · ✓ consistent"), "nothing written while carrying")
        try await tmux.send("Down", "Space")
        let dropped = try await tmux.waitFor("event 1 · ✓ consistent") { $0.contains("event 1 · ✓ consistent") }
        #expect(tableIDs(onScreen: dropped) == Self.expected)
        // Edit Milk's title in place.
        try await tmux.send("Enter")
        _ = try await tmux.waitFor("editing title") { $0.contains("editing title") }
        try await tmux.send("C-u", "Oat milk")
        try await tmux.send("Enter")
        let edited = try await tmux.waitFor("event 2 · ✓ consistent") { $0.contains("event 2 · ✓ consistent") }
        #expect(edited.split(separator: "\n").contains { $0.contains("#1 ") && $0.contains("Oat milk") })
        // The REPL's dump of the same workspace, from the spreadsheet's command line.
        try await tmux.send(":", "dump", "Enter")
        let dumped = try await tmux.waitFor("table 2:") { $0.contains("table 2:") }
        #expect(tableIDs(inDump: dumped) == Self.expected)
        #expect(tableIDs(onScreen: dumped) == tableIDs(inDump: dumped))
        try await tmux.send("Escape")
        // Two unsaved events: leaving asks first, as the REPL's quit does.
        try await tmux.send("q")
        _ = try await tmux.waitFor("the quit question") { $0.contains("Quit anyway? [y/N]") }
        try await tmux.send("y")
        let ended = try await tmux.waitFor("EXIT=") { $0.contains("EXIT=") }
        #expect(ended.contains("EXIT=0"))
    }

    /// `tui --store` opens on the fetch, adapter and profile the store kept at its last save.
    @Test func tuiOpensAStoreOnItsSavedFetch() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-tui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("notes.fetchsim").path
        let saved = try await BinaryLocator.run(
            ["--store", store],
            input: "fetch Note where done != true sort group, title section group\nprofile ios10\nsave\n")
        #expect(saved.status == 0, "\(saved.output)")
        let tmux = TmuxDriver(name: "tuistore")
        try await tmux.start(
            "env LANG=C.UTF-8 TERM=xterm-256color NO_COLOR=1 \(binary.path) tui --store \(store); echo EXIT=$?; sleep 10"
        )
        do {
            let screen = try await tmux.waitFor("the saved fetch") {
                $0.contains("Write report") && $0.contains("event 0")
            }
            // Sorted by title within each group, the done notes (Eggs, Water plants, Review PR) filtered out.
            #expect(screen.contains("0.0   #3   Bread"))
            #expect(!screen.contains("Eggs"))
            #expect(screen.contains("ios10"))
            try await tmux.send(":", "show fetch", "Enter")
            let fetch = try await tmux.waitFor("show fetch") {
                $0.contains("fetch Note where done != true sort group, title")
            }
            #expect(fetch.contains("section group"))
            try await tmux.send("Escape", "q")
            let ended = try await tmux.waitFor("EXIT=") { $0.contains("EXIT=") }
            #expect(ended.contains("EXIT=0"))
        } catch {
            await tmux.stop()
            throw error
        }
        await tmux.stop()
    }

    /// A read-only store in the full-screen mode: `s` says it cannot save, and quitting asks as
    /// it does without a store (there is nothing to save to); the file is left as it was.
    @Test func aReadOnlyStoreRefusesSaveAndQuittingAsksBeforeLosingChanges() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-tui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("notes.fetchsim").path
        _ = try await BinaryLocator.run(["--store", store], input: "save\n")
        chmod(store, 0o444)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let tmux = TmuxDriver(name: "tuireadonly")
        try await tmux.start(
            "env LANG=C.UTF-8 TERM=xterm-256color NO_COLOR=1 \(binary.path) tui --store \(store); echo EXIT=$?; sleep 10"
        )
        do {
            _ = try await tmux.waitFor("the list") { $0.contains("event 0 · ✓ consistent") }
            try await tmux.send("d", "d")
            _ = try await tmux.waitFor("the delete") { $0.contains("event 1 · ✓ consistent") }
            try await tmux.send("s")
            _ = try await tmux.waitFor("the refused save") { $0.contains("error: store file '\(store)") }
            try await tmux.send("q")
            _ = try await tmux.waitFor("the quit question") {
                $0.contains("Quitting: unsaved changes are lost. Quit anyway? [y/N]")
            }
            try await tmux.send("y")
            let ended = try await tmux.waitFor("EXIT=") { $0.contains("EXIT=") }
            #expect(ended.contains("EXIT=0"))
        } catch {
            await tmux.stop()
            throw error
        }
        await tmux.stop()
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test func sheetInTheREPLReturnsToThePromptWithTheSameWorkspace() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let tmux = TmuxDriver(name: "sheet")
        let history = FileManager.default.temporaryDirectory.appendingPathComponent("\(tmux.socket).history").path
        defer { try? FileManager.default.removeItem(atPath: history) }
        try await tmux.start(
            "env LANG=C.UTF-8 TERM=xterm-256color NO_COLOR=1 FETCHSIM_HISTORY=\(history) \(binary.path); sleep 10")
        do {
            _ = try await tmux.waitFor("the prompt") { $0.contains("fetchsim>") }
            try await tmux.send("sheet", "Enter")
            _ = try await tmux.waitFor("event 0 · ✓ consistent") { $0.contains("event 0 · ✓ consistent") }
            // Delete Bread (0.2) with d d, then leave with q.
            try await tmux.send("j", "j", "d", "d")
            _ = try await tmux.waitFor("event 1 · ✓ consistent") { $0.contains("event 1 · ✓ consistent") }
            try await tmux.send("q")
            _ = try await tmux.waitFor("the prompt again") {
                $0.contains("fetchsim> sheet") && !$0.contains("│ coordinator")
            }
            try await tmux.send("dump", "Enter")
            let dumped = try await tmux.waitFor("table 2:") { $0.contains("table 2:") }
            #expect(tableIDs(inDump: dumped) == [[1, 2, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
        } catch {
            await tmux.stop()
            throw error
        }
        await tmux.stop()
    }

    @Test func aMouseDragIsOneMove() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let tmux = TmuxDriver(name: "mouse")
        try await tmux.start("env LANG=C.UTF-8 TERM=xterm-256color NO_COLOR=1 \(binary.path) tui; sleep 10")
        do {
            _ = try await tmux.waitFor("event 0 · ✓ consistent") { $0.contains("event 0 · ✓ consistent") }
            // xterm's SGR mouse reports (1-based column;line): press on Eggs (screen line 4 =
            // row 0.1), motion with the button held to line 6 (row 0.3), release there.
            for report in ["\u{1B}[<0;10;4M", "\u{1B}[<32;10;5M", "\u{1B}[<32;10;6M"] {
                try await tmux.tmux(["send-keys", "-t", tmux.session, "-l", report])
                // A pointer's reports come apart in time; sent at once, they would read as one burst.
                try await Task.sleep(for: .milliseconds(100))
            }
            let carrying = try await tmux.waitFor("the row carried") { $0.contains("≡  0.3   #2   Eggs") }
            #expect(carrying.contains("event 0 · ✓ consistent"))
            try await tmux.tmux(["send-keys", "-t", tmux.session, "-l", "\u{1B}[<0;10;6m"])
            let dropped = try await tmux.waitFor("event 1") { $0.contains("event 1 · ✓ consistent") }
            #expect(tableIDs(onScreen: dropped) == [[1, 3, 4, 2], [5, 6, 7, 8], [9, 10, 11, 12]])
            try await tmux.send(":", "dump", "Enter")
            let dumped = try await tmux.waitFor("table 2:") { $0.contains("table 2:") }
            #expect(tableIDs(inDump: dumped) == [[1, 3, 4, 2], [5, 6, 7, 8], [9, 10, 11, 12]])
        } catch {
            await tmux.stop()
            throw error
        }
        await tmux.stop()
    }
}
