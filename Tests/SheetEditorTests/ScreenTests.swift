import FetchSimCore
import Interpreter
import ObjectGraph
import SheetEditor
import Testing

/// The screen model: layout, marks, stale cells, status bar, panes, resizing and scrolling.
@Suite struct ScreenTests {
    @Test func theDemoScreen() throws {
        let fixture = try Fixture(rows: 20, columns: 60)
        let screen = fixture.editor.screen()
        #expect(screen.lines.count == 20)
        #expect(screen.text[0] == "   path  id   title         group      order  done")
        #expect(screen.text[1] == "── Groceries (G) · 4 rows " + String(repeating: "─", count: 34))
        #expect(screen.text[2] == "▸  0.0   #1   Milk          Groceries  0      nil")
        #expect(screen.text[7] == "   1.0   #5   Fix the sink  Home       0      nil")
        // Cut to the 60 columns, with an ellipsis.
        #expect(screen.text[18] == " fetch Note sort group, order section group index order │ p…")
        #expect(screen.text[19].hasPrefix(" coordinator moves=delete-insert"))
        #expect(screen.text[19].hasSuffix("event 0 · ✓ consistent"))
        #expect(screen.cursor == nil)
    }

    @Test func marksOfTheLastEvent() throws {
        let fixture = try Fixture()
        fixture.press(.down, .down, .down, .character(" "), .up, .up, .up, .character(" "))
        #expect(fixture.lines == ["move 0.3 0.0"])
        let text = fixture.screenText
        // The coordinator skips the user's move and reconfigures the renumbered cells, which
        // since iOS 10 are updates (rule 22).
        #expect(text[2].hasPrefix("▸> 0.0←0.3  #4   Coffee"))
        #expect(text[3].hasPrefix(" ~ 0.1      #1   Milk"))
        #expect(text[text.count - 1].hasSuffix("event 1 · ✓ consistent"))
    }

    @Test func staleCellsAreMarkedStale() throws {
        let fixture = try Fixture()
        _ = fixture.interpreter.execute("adapter updates=ignore")
        _ = fixture.interpreter.execute("set 0.1 title=\"Duck eggs\"")
        let screen = fixture.editor.screen()
        let row = screen.lines[3]
        #expect(row.text.contains("Eggs"))
        #expect(row.spans.contains { $0.role == .stale && $0.text.hasPrefix("Eggs") })
        #expect(!row.spans.contains { $0.role == .stale && $0.text.hasPrefix("Groceries") })
    }

    @Test func theStatusBarCountsProblems() throws {
        let fixture = try Fixture(columns: 140)
        _ = fixture.interpreter.execute("adapter userdriven=off moves=move-row")
        fixture.press(.character(" "), .down, .down, .down, .down, .character(" "))
        let status = fixture.screenText.last ?? ""
        let report = try #require(fixture.interpreter.lastReport)
        // The check's problems as `check` counts them, and UIKit's exception named beside them.
        let count = report.problems.count
        #expect(count > 0 && report.event.tableError != nil)
        #expect(status.hasSuffix("event 1 · ✗ \(count) problem\(count == 1 ? "" : "s") + UIKit exception"))
        #expect(status.contains("coordinator moves=move-row"))
    }

    @Test func resizeKeepsTheCursorOnScreen() throws {
        let fixture = try Fixture()
        fixture.press(.character("G"))
        fixture.press(.resize(rows: 8, columns: 50))
        let screen = fixture.editor.screen()
        #expect(screen.lines.count == 8)
        #expect(screen.text.contains { $0.hasPrefix("▸  2.3   #12  Email Anna") })
        #expect(screen.text.allSatisfy { TextWidth.displayWidth(of: $0) <= 50 })
        fixture.press(.character("g"))
        #expect(fixture.editor.screen().text[2].hasPrefix("▸  0.0"))
    }

    @Test func theLogPaneAndTheKeys() throws {
        let fixture = try Fixture()
        fixture.press(.character("d"), .character("d"), .character("L"))
        let text = fixture.screenText
        #expect(text.contains { $0.hasPrefix("── log (L hides)") })
        #expect(text.contains("  willChangeContent"))
        #expect(text.contains { $0.contains("didChange object #1 delete") })
        fixture.press(.character("L"), .character("?"))
        #expect(fixture.screenText.contains { $0.hasPrefix("d d ") })
        fixture.press(.escape)
        #expect(fixture.editor.pane == nil)
    }

    @Test func editingPlacesTheTerminalCursorInTheCell() throws {
        let fixture = try Fixture()
        fixture.press(.down, .enter, .left)
        let screen = fixture.editor.screen()
        // "▸  0.1   #2   " is 14 columns; the field holds "Eggs", the insertion point before 's'.
        #expect(screen.cursor == ScreenPoint(line: 3, column: 14 + 3))
    }

    @Test func wideCharactersKeepTheColumnsAligned() throws {
        let fixture = try Fixture()
        _ = fixture.interpreter.execute("set 0.0 title=\"牛乳とパン\"")
        let text = fixture.screenText
        // "牛乳とパン" is 10 columns wide, like "Fix the sink"'s 12 less 2: the group column starts
        // at the same display column on every row.
        let starts = [text[2], text[3], text[7]].map { line -> Int in
            guard let group = line.range(of: "Groceries") ?? line.range(of: "Home") else { return -1 }
            return TextWidth.displayWidth(of: line[..<group.lowerBound])
        }
        #expect(text[2].contains("牛乳とパン"))
        #expect(Set(starts).count == 1)
    }

    @Test func editingAWideValuePlacesTheCursorByDisplayWidth() throws {
        let fixture = try Fixture()
        _ = fixture.interpreter.execute("set 0.0 title=\"牛乳\"")
        fixture.press(.enter)
        // "▸  0.0   #1   " is 14 columns; "牛乳" is 4 wide.
        #expect(fixture.editor.screen().cursor == ScreenPoint(line: 2, column: 14 + 4))
    }
}

/// Scrolling past the table's viewport moves it with a `scroll S.R` line, so a recording
/// replays the same configured cells (docs/tui.md, "Sessions").
@Suite struct ScrollRecordingTests {
    @Test func scrollingFarDownIsRecordedAsAScrollLineThatReplays() throws {
        let fixture = try Fixture()
        let inserts = (0..<300).map { "insert Note title=\"n\($0)\" group=\"Work\" order=\(10 + $0)" }.joined(
            separator: " ; ")
        #expect(fixture.interpreter.execute(inserts).errorMessage == nil)
        fixture.press(.character("G"))
        let scrolls = fixture.lines.filter { $0.hasPrefix("scroll ") }
        #expect(scrolls.count == 1, "\(fixture.lines)")
        let table = try #require(fixture.interpreter.workspace.table)
        let last = IndexPath(row: table.numberOfRows(inSection: 2) - 1, section: 2)
        #expect(table.cellForRow(at: last) != nil, "the last row came into the viewport")
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil, "the first row left it")

        // The same lines in the REPL give the same viewport and the same cells.
        let replay = Interpreter(workspace: Workspace(context: try ObjectContext()))
        try SessionStart.demo.prepare(replay)
        for line in [inserts] + fixture.lines { #expect(replay.execute(line).errorMessage == nil, "\(line)") }
        #expect(replay.workspace.viewport == fixture.interpreter.workspace.viewport)
        #expect(replay.workspace.table?.cellForRow(at: last)?.columns == table.cellForRow(at: last)?.columns)
    }
}

/// The screen model at every small size: exactly the terminal's rows, no line wider than its
/// columns, the cursor inside — with each pane open and in each mode that draws something of
/// its own. A terminal a few rows high once trapped here with a pane open.
@Suite struct SmallTerminalTests {
    /// The states to draw, each reached by keys from a fresh editor.
    static let states: [(name: String, keys: [Key])] = [
        ("browsing", []),
        ("log pane", [.character("L")]),
        ("keys pane", [.character("?")]),
        ("output pane", [.character(":")] + "help".map { Key.character($0) } + [.enter]),
        ("editing a cell", [.enter]),
        ("command line", [.character(":")] + "show".map { Key.character($0) }),
        ("carrying a row", [.character(" "), .down]),
        ("searching", [.character("/"), .character("M")]),
    ]

    @Test(arguments: Array(1...12) + [24])
    func everyStateFitsTheTerminal(rows: Int) throws {
        for columns in [1, 2, 5, 10, 19, 20, 33, 80] {
            for state in Self.states {
                let fixture = try Fixture(rows: 24, columns: 80)
                fixture.editor.handle(.resize(rows: rows, columns: columns))
                for key in state.keys { fixture.editor.handle(key) }
                let screen = fixture.editor.screen()
                #expect(screen.rows == rows && screen.columns == columns, "\(state.name) at \(rows)×\(columns)")
                #expect(screen.lines.count == rows, "\(state.name) at \(rows)×\(columns): \(screen.lines.count) lines")
                for (index, line) in screen.text.enumerated() {
                    #expect(
                        TextWidth.displayWidth(of: line) <= columns,
                        "\(state.name) at \(rows)×\(columns): line \(index) is \(TextWidth.displayWidth(of: line)) wide"
                    )
                }
                if let cursor = screen.cursor {
                    #expect(
                        cursor.line >= 0 && cursor.line < rows && cursor.column >= 0 && cursor.column < max(columns, 1),
                        "\(state.name) at \(rows)×\(columns): cursor \(cursor)")
                }
            }
        }
    }

    /// Growing back from a tiny terminal gives the same screen as starting at the size.
    @Test func resizingBackRestoresTheScreen() throws {
        let resized = try Fixture(rows: 24, columns: 80)
        resized.editor.handle(.resize(rows: 1, columns: 1))
        resized.editor.handle(.character("L"))
        resized.editor.handle(.resize(rows: 24, columns: 80))
        let fresh = try Fixture(rows: 24, columns: 80)
        fresh.editor.handle(.character("L"))
        #expect(resized.screenText == fresh.screenText)
    }
}
