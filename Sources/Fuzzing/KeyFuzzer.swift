import FetchSimCore
import Interpreter
import ObjectGraph
import SheetEditor

/// `fetchsim fuzz --keys`: random key streams into the full-screen editor's state machine —
/// every key of docs/tui.md, the mouse, resizes from 1×1 to 300×100, panes and `:` lines —
/// checked after every key:
/// - the screen model has exactly the terminal's lines, none wider, the cursor inside;
/// - the command lines the keys emitted, replayed by a second interpreter as the REPL would run
///   them, leave the same workspace (`dump objects` equal).
/// A trap ends the process, which is the failure a campaign looks for first.
package struct KeyFuzzer {
    package var seed: UInt64
    package var keys: Int
    /// Keys per session: a fresh demo workspace after this many (or after a key that leaves).
    package var sessionLength = 2_000

    package init(seed: UInt64, keys: Int) {
        self.seed = seed
        self.keys = keys
    }

    /// What a run found.
    package struct Result: Equatable {
        package var keys = 0
        package var sessions = 0
        package var lines = 0
        /// The first failure: what broke, after which key, and the session's keys up to it.
        package var failure: Failure?
    }

    package struct Failure: Equatable, CustomStringConvertible {
        package var message: String
        package var keys: [Key]
        package var description: String { "after \(keys.count) keys of the session: \(message)" }
    }

    /// Runs the keys; `progress` hears the keys done every 1,000 keys; `shouldStop` is asked as often.
    package func run(progress: (Int) -> Void = { _ in }, shouldStop: () -> Bool = { false }) throws -> Result {
        var result = Result()
        var random = SeededGenerator(seed: seed)
        while result.keys < keys {
            result.sessions += 1
            let session = try KeySession()
            var pressed: [Key] = []
            for _ in 0..<min(sessionLength, keys - result.keys) {
                let key = Self.randomKey(&random, editor: session.editor)
                pressed.append(key)
                result.keys += 1
                let running = session.editor.handle(key)
                if let problem = session.problem() {
                    result.failure = Failure(message: problem, keys: pressed)
                    result.lines += session.emitted.count
                    return result
                }
                if result.keys % 1_000 == 0 {
                    progress(result.keys)
                    if shouldStop() { return result }
                }
                if !running { break }
            }
            result.lines += session.emitted.count
        }
        progress(result.keys)
        return result
    }

    /// Replays `keys` in a fresh session; the first problem, if any (for shrinking a failure).
    package static func replay(_ keys: [Key]) throws -> String? {
        let session = try KeySession()
        for key in keys {
            let running = session.editor.handle(key)
            if let problem = session.problem() { return problem }
            if !running { break }
        }
        return nil
    }

    /// A failing key list reduced by deleting ever smaller runs of keys while it still fails
    /// (`fails`: replayed from a fresh demo, a check finds a problem).
    package static func shrink(_ keys: [Key], fails: ([Key]) throws -> Bool = { try replay($0) != nil }) throws -> [Key]
    {
        var current = keys
        var chunk = max(1, current.count / 2)
        while chunk >= 1 {
            var index = 0
            var removedAny = false
            while index < current.count {
                var candidate = current
                candidate.removeSubrange(index..<min(index + chunk, candidate.count))
                if !candidate.isEmpty, try fails(candidate) {
                    current = candidate
                    removedAny = true
                } else {
                    index += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return current
    }

    // MARK: Keys

    /// REPL lines the `:` key types: inspection, setup changes and edits, never a file or `quit`.
    static let commandLines = [
        "check", "log", "show", "stats", "help", "help move", "dump", "undo", "redo",
        "adapter apple-template moves=move-row", "adapter coordinator", "adapter reload-all", "adapter diffable",
        "adapter coordinator userdriven=off", "profile ios9", "profile ios10", "profile modern",
        "reorder sparse", "reorder dense", "insert Note title=\"Tea\" group=\"Home\" order=1",
        "set 0.0 title=\"Oat milk\"", "delete 0.0", "move 0.1 1.0", "move --unflagged 1.1 0.0",
        "fetch Note sort group, order section group index order", "fetch Note where done == nil sort order index order",
        "begin", "commit", "abort", "show 1", "scroll 1.0",
    ]

    static let plainKeys: [Key] = [
        .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .tab, .backspace, .delete,
        .shiftSpace, .character(" "), .character("j"), .character("k"), .character("h"), .character("l"),
        .character("g"), .character("G"), .character("m"), .character("i"), .character("o"), .character("d"),
        .character("u"), .character("s"), .character("n"), .character("L"), .character("J"), .character("K"),
        .character("?"), .character("y"), .character("x"), .character("7"), .character("é"), .character("日"),
        .control("r"), .control("c"), .control("u"), .control("a"), .control("e"), .control("k"), .control("b"),
        .control("f"),
    ]

    /// A key as a user (or a cat) would press it: mostly navigation and editing keys, sometimes a
    /// whole `:` line, a search, the mouse, a resize or `q`.
    static func randomKey(_ random: inout SeededGenerator, editor: SheetEditor) -> Key {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<66:
            return plainKeys[Int.random(in: 0..<plainKeys.count, using: &random)]
        case 66..<70:
            // Esc cancels a drag, an edit or a field; while browsing it leaves, so it comes
            // rarely there, to let sessions grow long enough to reach deep states.
            if case .browsing = editor.mode, Int.random(in: 0..<20, using: &random) > 0 {
                return plainKeys[Int.random(in: 0..<plainKeys.count, using: &random)]
            }
            return .escape
        case 70..<78:
            // Typing into whatever field is open: a `:` line, a cell, a search.
            if case .commandLine = editor.mode, Bool.random(using: &random) {
                let line = commandLines[Int.random(in: 0..<commandLines.count, using: &random)]
                return .character(
                    line[line.index(line.startIndex, offsetBy: Int.random(in: 0..<line.count, using: &random))])
            }
            return .character(":")
        case 78..<80:
            return .character("/")
        case 80..<92:
            let kind: MouseEvent.Kind = [.press, .drag, .release][Int.random(in: 0..<3, using: &random)]
            return .mouse(
                MouseEvent(
                    kind, line: Int.random(in: -1...(editor.rows + 1), using: &random),
                    column: Int.random(in: -1...(editor.columns + 1), using: &random)))
        case 92..<97:
            // Small terminals are where sizes go wrong: most resizes are small.
            let rows =
                Bool.random(using: &random)
                ? Int.random(in: 1...12, using: &random) : Int.random(in: 1...100, using: &random)
            let columns =
                Bool.random(using: &random)
                ? Int.random(in: 1...30, using: &random) : Int.random(in: 1...300, using: &random)
            return .resize(rows: rows, columns: columns)
        default:
            return Int.random(in: 0..<10, using: &random) == 0 ? .character("q") : .enter
        }
    }
}

/// One fuzzed session: an editor on the demo workspace whose lines also run in a second
/// interpreter, as the REPL would run them.
package final class KeySession {
    package let editor: SheetEditor
    package let replica: Interpreter
    package private(set) var emitted: [String] = []
    private var lastCheckedLines = 0

    package init() throws {
        let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
        try SessionStart.demo.prepare(interpreter)
        replica = Interpreter(workspace: Workspace(context: try ObjectContext()))
        try SessionStart.demo.prepare(replica)
        interpreter.rendersText = true
        let editor = SheetEditor(interpreter: interpreter, rows: 24, columns: 80)
        self.editor = editor
        let replica = replica
        editor.perform = { [unowned self] line in
            emitted.append(line)
            _ = replica.execute(line)
            return interpreter.execute(line)
        }
    }

    /// What is wrong now, or nil.
    package func problem() -> String? {
        let screen = editor.screen()
        guard screen.rows == editor.rows, screen.columns == editor.columns else {
            return "the screen model is \(screen.rows)×\(screen.columns) on a \(editor.rows)×\(editor.columns) terminal"
        }
        guard screen.lines.count == screen.rows else {
            return "\(screen.lines.count) lines on a terminal of \(screen.rows)"
        }
        for (index, line) in screen.lines.enumerated() where TextWidth.displayWidth(of: line.text) > screen.columns {
            return
                "line \(index) is \(TextWidth.displayWidth(of: line.text)) columns wide on a terminal of \(screen.columns)"
        }
        if let cursor = screen.cursor,
            !(0..<screen.rows).contains(cursor.line) || !(0..<max(screen.columns, 1)).contains(cursor.column)
        {
            return "the cursor is at \(cursor.line),\(cursor.column) on a \(screen.rows)×\(screen.columns) terminal"
        }
        // The workspace the lines built, compared only when a line ran since the last check.
        guard emitted.count != lastCheckedLines else { return nil }
        lastCheckedLines = emitted.count
        let here = editor.interpreter.execute("dump objects").json.description
        let there = replica.execute("dump objects").json.description
        guard here == there else { return "the REPL's replay of the lines differs after '\(emitted.last ?? "")'" }
        return nil
    }
}
