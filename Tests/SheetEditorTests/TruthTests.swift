import FetchSimCore
import Interpreter
import ObjectGraph
import SheetEditor
import Testing

/// The full-screen mode tells what the REPL tells and shows all of it (issue 34, item 5): the
/// status bar counts problems as `check` does, UIKit's exception reaches the message line, and
/// panes wrap their long lines and scroll.
@Suite struct TruthTests {
    /// Apple's template moving rows, and an unflagged drag of Milk to Home's second row: UIKit's
    /// exception (caught by Core Data) and two stale cells.
    func draggedUnflagged(rows: Int = 30, columns: Int = 100) throws -> Fixture {
        let fixture = try Fixture(rows: rows, columns: columns)
        fixture.press(.character(":"))
        fixture.type("adapter apple-template moves=move-row")
        fixture.press(.enter)
        fixture.press(.character("m"), .down, .down, .down, .down, .down, .character(" "))
        #expect(fixture.lines == ["adapter apple-template moves=move-row", "move --unflagged 0.0 1.1"])
        return fixture
    }

    @Test func theStatusBarCountsWhatCheckCountsAndNamesTheException() throws {
        let fixture = try draggedUnflagged()
        let status = try #require(fixture.screenText.last)
        #expect(status.hasSuffix("event 1 · ✗ 2 problems + UIKit exception"), "\(status)")
        fixture.press(.character(":"))
        fixture.type("check")
        fixture.press(.enter)
        #expect(fixture.screenText.contains("✗ inconsistent: 2 problems"))
    }

    @Test func theExceptionReachesTheMessageLineAndLShowsItWrapped() throws {
        let fixture = try draggedUnflagged()
        let text = fixture.screenText
        let message = text[text.count - 3]
        #expect(message.hasPrefix("✗ Invalid update: invalid number of rows in section 0."), "\(message)")
        #expect(message.hasSuffix("… (L shows it all)"))
        #expect(TextWidth.displayWidth(of: message) <= 100)

        fixture.press(.character("L"))
        let screen = fixture.screenText
        #expect(screen.allSatisfy { TextWidth.displayWidth(of: $0) <= 100 })
        // The log pane, scrolled to its end with K's opposite, holds the whole exception, wrapped.
        for _ in 0..<40 { fixture.press(.character("J")) }
        let pane = fixture.screenText.joined(separator: "\n")
        #expect(pane.contains("with userInfo (null)"), "\(pane)")
        #expect(pane.contains("lines "))
    }

    @Test func aLongOutputPaneScrollsAndAnyOtherKeyClosesIt() throws {
        let fixture = try Fixture(rows: 24, columns: 80)
        fixture.press(.character(":"))
        fixture.type("help")
        fixture.press(.enter)
        let title = try #require(fixture.screenText.first { $0.hasPrefix("── output") })
        let match = try #require(title.firstMatch(of: /lines 1–(\d+) of (\d+)/))
        let shown = try #require(Int(match.1))
        let total = try #require(Int(match.2))
        #expect(shown < total)
        let firstBody = fixture.editor.paneBody()
        #expect(firstBody.count == total)
        fixture.press(.character("j"))
        #expect(fixture.editor.paneScroll == 1)
        #expect(fixture.screenText.contains(firstBody[shown]))
        fixture.press(.character("G"))
        #expect(fixture.screenText.contains(firstBody[total - 1]))
        #expect(fixture.editor.pane != nil)
        fixture.press(.character("x"))
        #expect(fixture.editor.pane == nil)
    }
}
