import Foundation
import Testing
import Transcripts

@testable import SessionPages

/// Pages of corpus sessions, read as written. What is expected comes from the session files
/// themselves (their recorded output), read by hand.
@Suite struct SessionPageTests {
    @Test func aStepPerInputLineAndAnAnchorPerEvent() throws {
        // adapter-move-row-leaves-moved-cell-stale: 9 input lines; `set 0.0 order=9` (line 2) is
        // event 1 and leaves a stale cell; `set 1.0 order=9` (line 7) is event 2, consistent.
        let (_, html, summary) = try PageFixtures.page("adapter-move-row-leaves-moved-cell-stale")
        #expect(summary == SessionPage.Summary(steps: 9, events: 2, inconsistentEvents: [1]))
        let tags = PageFixtures.stepTags(html)
        #expect(tags.count == 9)
        #expect(
            tags.map { $0.contains("id=\"step-\(tags.firstIndex(of: $0).map { $0 + 1 } ?? 0)\"") }
                == Array(repeating: true, count: 9))
        let step2 = try #require(PageFixtures.section(html, id: "event-1"))
        #expect(step2.hasPrefix("<section class=\"step bad"))
        #expect(step2.contains("id=\"step-2\""))
        #expect(PageFixtures.plainText(step2).contains("> set 0.0 order=9"))
        let step7 = try #require(PageFixtures.section(html, id: "event-2"))
        #expect(step7.contains("id=\"step-7\""))
        #expect(step7.hasPrefix("<section class=\"step\" "))
        #expect(PageFixtures.plainText(step7).contains("✓ consistent"))
    }

    @Test func theStaleRowIsSingledOutWithItsMarkAndWords() throws {
        let (_, html, _) = try PageFixtures.page("adapter-move-row-leaves-moved-cell-stale")
        let step = try #require(PageFixtures.section(html, id: "step-2"))
        #expect(PageFixtures.rowClasses(step, path: "0.3") == ["moved", "problem"])
        // The terminal's row `> 0.3←0.0  #1   Milk  Groceries  0  nil`, then the words.
        let row = try #require(PageFixtures.rowText(step, path: "0.3"))
        #expect(row == "> 0.3←0.0 #1 Milk Groceries 0 nil moved from 0.0 · ✗ stale cell")
        // Unchanged rows carry no mark and are not singled out.
        #expect(PageFixtures.rowClasses(step, path: "0.0") == nil)
        #expect(
            PageFixtures.plainText(step).contains(
                "stale cell row 0.3 shows a stale cell for #1: \"Milk | Groceries | 0 | nil\" but it should show \"Milk | Groceries | 9 | nil\""
            ))
        // The callbacks with what the adapter did, and the table call.
        #expect(
            PageFixtures.plainText(step).contains(
                "didChange object #1 move [0, 0] → [0, 3] [applied] didChangeContent table: moveRow 0.0 → 0.3"))
    }

    @Test func theDraggedRowAndTheWrongRowsOfAnUnflaggedDrag() throws {
        // rule19: `move --unflagged 0.3 0.1` drops Coffee at 0.1; rows 0.2 and 0.3 then show
        // the wrong objects (the session's two problems).
        let (_, html, summary) = try PageFixtures.page("rule19-unflagged-drag-move-row-scrambles-rows")
        #expect(summary.inconsistentEvents.first == 1)
        let step = try #require(PageFixtures.section(html, id: "event-1"))
        #expect(PageFixtures.rowClasses(step, path: "0.1") == ["moved", "dragged"])
        #expect(
            PageFixtures.rowText(step, path: "0.1")
                == "> 0.1←0.3 #4 Coffee Groceries 1 nil moved from 0.3 · ⇕ dragged here")
        #expect(PageFixtures.rowClasses(step, path: "0.2") == ["updated", "problem"])
        #expect(PageFixtures.rowText(step, path: "0.2") == "~ 0.2 #4 Eggs Groceries 2 true updated · ✗ wrong row")
        #expect(PageFixtures.rowClasses(step, path: "0.3") == ["updated", "problem"])
        #expect(PageFixtures.rowClasses(step, path: "0.0") == nil)
    }

    @Test func coreDataErrorTextAndTheSectionTheCheckNames() throws {
        // rule14: `set #5 title="Fix the tap"` (line 5) is event 2; the delegate's exception is
        // logged and section 0 keeps its cached count.
        let (_, html, _) = try PageFixtures.page("rule14-invalid-number-of-rows-uses-cached-count")
        let step = try #require(PageFixtures.section(html, id: "event-2"))
        #expect(step.contains("id=\"step-5\""))
        let text = PageFixtures.plainText(step)
        #expect(
            text.contains(
                "✗ error CoreData: error: Serious application error. An exception was caught from the delegate"))
        #expect(text.contains("Invalid update: invalid number of rows in section 0."))
        #expect(text.contains("Groceries (G) · 4 rows ✗ the check names this section"))
        #expect(text.contains("row count section 0 has 4 rows but the controller has 5"))
    }

    @Test func theTimelineMarksTheInconsistentEvents() throws {
        let (_, html, _) = try PageFixtures.page("adapter-move-row-leaves-moved-cell-stale")
        let nav = try #require(html.range(of: "<nav id=\"timeline\"").map { String(html[$0.lowerBound...]) })
        #expect(nav.contains("<li class=\"bad\"><a href=\"#event-1\""))
        #expect(nav.contains("✗ e1"))
        #expect(nav.contains("<li class=\"ok\"><a href=\"#event-2\""))
        #expect(nav.contains("<a href=\"#step-1\""))
        #expect(
            PageFixtures.plainText(nav).hasPrefix("9 steps, 2 events, 1 inconsistent ✗ · first inconsistent: event 1"))
    }

    @Test func textFromTheSessionIsEscaped() throws {
        let transcript = try Transcript.parse(
            """
            # fetchsim session v1
            # start: demo
            # A title with markup: <b>bold</b> & "quoted"
            > set 0.0 title="</td><script>alert(1)</script>"
            """)
        let (_, html, _) = try PageFixtures.page(of: transcript, title: "<evil>.session")
        // Only the page's own script element.
        #expect(PageFixtures.occurrences(of: "<script>", in: html) == 1)
        #expect(html.contains("&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("<title>&lt;evil&gt;.session · fetchsim session</title>"))
        #expect(html.contains("&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;"))
    }

    @Test func aLongTableShowsTheRowsAroundTheChange() throws {
        // 300 notes in one section; a change to the 150th shows it with two rows either side,
        // as the terminal sheet's window does, and says how many rows it leaves out.
        var lines = [
            "# fetchsim session v1", "# start: empty", "> entity Note title:string order:int",
            "> fetch Note sort order",
        ]
        lines.append(
            "> insert " + (0..<300).map { "Note title=\"n\($0)\" order=\($0 * 2)" }.joined(separator: " ; insert "))
        lines.append("> set #150 order=299")
        let transcript = try Transcript.parse(lines.joined(separator: "\n"))
        let (_, html, summary) = try PageFixtures.page(of: transcript, title: "long")
        #expect(summary.steps == 4)
        let step = try #require(PageFixtures.section(html, id: "step-4"))
        let text = PageFixtures.plainText(step)
        #expect(text.contains("⋮ 147 rows"))
        #expect(text.contains("⋮ 148 rows"))
        // The header row, four unchanged rows and the updated one.
        #expect(
            PageFixtures.occurrences(of: "<tr>", in: step) + PageFixtures.occurrences(of: "<tr data-path", in: step)
                == 6)
        // Off screen, so without a configured cell (`·`), as the terminal draws it.
        #expect(PageFixtures.rowText(step, path: "0.149")?.hasPrefix("~ 0.149 #150") == true)
    }
}
