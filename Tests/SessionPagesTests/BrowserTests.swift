import Foundation
import Testing

@testable import SessionPages

/// Generated pages opened in headless Chromium: the DOM it renders with and without JavaScript,
/// and screenshots. Skipped, with the reason shown, where Chromium is not installed.
@Suite(.enabled(if: Chromium.path != nil, Chromium.skipReason), .timeLimit(.minutes(5)))
struct BrowserTests {
    @Test func anEventLinkShowsThatStepOnly() async throws {
        let (url, _, _) = try PageFixtures.page("adapter-move-row-leaves-moved-cell-stale")
        let dom = try await Chromium.dumpDOM(url.absoluteString + "#event-2")
        #expect(dom.contains("<html lang=\"en\" class=\"js\""))
        let tags = PageFixtures.stepTags(dom)
        #expect(tags.count == 9)
        // Event 2 is step 7 (the session's seventh input line): the only one shown.
        #expect(tags.filter { $0.contains("current") } == ["<section class=\"step current\" id=\"step-7\">"])
        // The script added the stepper, and the timeline marks where we are.
        #expect(dom.contains("step 7 of 9"))
        #expect(dom.contains("<a href=\"#event-2\" title=\"&gt; set 1.0 order=9\" aria-current=\"step\">"))
    }

    /// Key presses, dispatched by a script the test appends after the page's own (headless
    /// Chromium has no keyboard to press).
    @Test func arrowKeysStepThroughTheSession() async throws {
        let (url, html, _) = try PageFixtures.page("adapter-move-row-leaves-moved-cell-stale")
        let press = { (key: String) in
            "document.dispatchEvent(new KeyboardEvent('keydown',{key:'\(key)',bubbles:true}));"
        }
        let keys = [press("ArrowRight"), press("ArrowRight"), press("ArrowRight"), press("ArrowLeft")].joined()
        let driven = url.deletingLastPathComponent().appendingPathComponent("keys.html")
        try html.replacingOccurrences(of: "</body>", with: "<script>\(keys)</script></body>").write(
            to: driven, atomically: true, encoding: .utf8)
        // From step 1: three steps on, one back.
        let dom = try await Chromium.dumpDOM(driven.absoluteString)
        #expect(
            PageFixtures.stepTags(dom).filter { $0.contains("current") } == [
                "<section class=\"step current\" id=\"step-3\">"
            ])
        #expect(dom.contains("step 3 of 9"))
        // Left of the first step stays there.
        let back = url.deletingLastPathComponent().appendingPathComponent("back.html")
        try html.replacingOccurrences(of: "</body>", with: "<script>\(press("ArrowLeft"))</script></body>").write(
            to: back, atomically: true, encoding: .utf8)
        #expect(try await Chromium.dumpDOM(back.absoluteString).contains("step 1 of 9"))
    }

    @Test func withoutAnAddressTheFirstStepShows() async throws {
        let (url, _, _) = try PageFixtures.page("adapter-move-row-leaves-moved-cell-stale")
        let dom = try await Chromium.dumpDOM(url.absoluteString)
        #expect(
            PageFixtures.stepTags(dom).filter { $0.contains("current") } == [
                "<section class=\"step current\" id=\"step-1\">"
            ])
    }

    @Test func theFailingStepAsTheBrowserRendersIt() async throws {
        let (url, _, _) = try PageFixtures.page("rule19-unflagged-drag-move-row-scrambles-rows")
        let dom = try await Chromium.dumpDOM(url.absoluteString + "#event-1")
        let step = try #require(PageFixtures.section(dom, id: "event-1"))
        #expect(step.hasPrefix("<section class=\"step bad failed current\" id=\"step-1\">"))
        // The browser closed the cells the page leaves open: the parse is the intended one.
        #expect(
            step.contains(
                "<tr data-path=\"0.1\" class=\"moved dragged\"><td>&gt;</td><td>0.1←0.3</td><td>#4</td><td>Coffee</td>")
        )
        #expect(PageFixtures.rowClasses(step, path: "0.2") == ["updated", "problem"])
        #expect(PageFixtures.rowClasses(step, path: "0.3") == ["updated", "problem"])
        #expect(PageFixtures.rowText(step, path: "0.3") == "~ 0.3 #2 Bread Groceries 3 nil updated · ✗ wrong row")
        #expect(PageFixtures.plainText(step).contains("✗ inconsistent: 2 problems"))
    }

    /// Headless Chromium writes no DOM, screenshot or PDF with scripts disabled
    /// (`--blink-settings=scriptEnabled=false`), so JavaScript off is the page without its one
    /// script element: what a browser without JavaScript runs.
    @Test func withJavaScriptOffEveryStepShows() async throws {
        let (url, html, _) = try PageFixtures.page("adapter-move-row-leaves-moved-cell-stale")
        let start = try #require(html.range(of: "<script>"))
        let end = try #require(html.range(of: "</script>"))
        #expect(PageFixtures.occurrences(of: "<script", in: html) == 1)
        let scriptless = url.deletingLastPathComponent().appendingPathComponent("scriptless.html")
        try (html[..<start.lowerBound] + html[end.upperBound...]).write(
            to: scriptless, atomically: true, encoding: .utf8)
        let dom = try await Chromium.dumpDOM(scriptless.absoluteString + "#event-2")
        #expect(!dom.contains("class=\"js\""))
        let tags = PageFixtures.stepTags(dom)
        #expect(tags.count == 9)
        #expect(tags.allSatisfy { !$0.contains("current") })
        // Drawn in a tall window: every step, against the one step the script shows.
        let all = try await Chromium.screenshot(scriptless.absoluteString, width: 1200, height: 4000)
        let one = try await Chromium.screenshot(url.absoluteString, width: 1200, height: 4000)
        #expect(all.count > one.count * 3 / 2, "without the script: \(all.count) bytes; with it: \(one.count) bytes")
    }

    @Test func printingShowsEveryStep() async throws {
        // Nine steps with their tables fill several pages; the one step on screen would fit on one.
        let (url, _, _) = try PageFixtures.page("adapter-move-row-leaves-moved-cell-stale")
        let pdf = try await Chromium.printToPDF(url.absoluteString + "#event-1")
        let text = String(decoding: pdf, as: UTF8.self)
        let count = try #require(
            text.range(of: "/Count ").map { Int(text[$0.upperBound...].prefix { $0.isNumber }) ?? 0 })
        #expect(count >= 3, "the printed page has \(count) pages")
    }

    @Test func aScreenshotOfTheFailingStepIsNotBlank() async throws {
        let (url, _, _) = try PageFixtures.page("rule19-unflagged-drag-move-row-scrambles-rows")
        let failing = try await Chromium.screenshot(url.absoluteString + "#event-1")
        let header = try #require(PNGHeader(failing))
        #expect(header == PNGHeader(width: 1200, height: 900))
        // A blank page of the same size compresses to almost nothing; a drawn page does not.
        let blankFolder = try Chromium.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: blankFolder) }
        let blankURL = blankFolder.appendingPathComponent("blank.html")
        try "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>blank</title></head><body></body></html>"
            .write(to: blankURL, atomically: true, encoding: .utf8)
        let blank = try await Chromium.screenshot(blankURL.absoluteString)
        #expect(PNGHeader(blank) == PNGHeader(width: 1200, height: 900))
        #expect(
            failing.count > 10 * blank.count, "failing step: \(failing.count) bytes, blank page: \(blank.count) bytes")
        // Another step of the page draws another picture.
        let later = try await Chromium.screenshot(url.absoluteString + "#step-2")
        #expect(later != failing)
    }
}
