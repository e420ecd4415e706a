import FetchSimTestSupport
import Foundation
import Testing

/// `fetchsim replay FILE --html OUT.html` end to end.
@Suite(.timeLimit(.minutes(5)))
struct ReplayPageCommandTests {
    @Test func writesThePageAndStillVerifies() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let html = dir.appendingPathComponent("page.html").path
        let session = PageFixtures.sessions.appendingPathComponent(
            "rule19-unflagged-drag-move-row-scrambles-rows.session"
        ).path
        let (output, status) = try await BinaryLocator.run(["replay", session, "--html", html], input: "")
        #expect(status == 0)
        #expect(output == "page '\(html)': 7 steps, 2 events, 2 inconsistent\n1 passed, 0 failed\n")
        let (_, page, _) = try PageFixtures.page("rule19-unflagged-drag-move-row-scrambles-rows")
        #expect(try String(contentsOfFile: html, encoding: .utf8) == page)
    }

    @Test func onePageOneTranscript() async throws {
        let sessions = PageFixtures.sessions
        let (_, error, status) = try await BinaryLocator.runCollectingErrors(
            [
                "replay", sessions.appendingPathComponent("undo-redo.session").path,
                sessions.appendingPathComponent("save-and-rollback.session").path, "--html", "/tmp/x.html",
            ])
        #expect(status == 64)
        #expect(error.contains("--html writes the page of one transcript; 2 were given"))
    }

    @Test func anUnwritablePageIsRefusedFirst() async throws {
        let session = PageFixtures.sessions.appendingPathComponent("undo-redo.session").path
        let (_, error, status) = try await BinaryLocator.runCollectingErrors([
            "replay", session, "--html", "/nonexistent-folder/p.html",
        ])
        #expect(status == 64)
        #expect(error.contains("cannot write the page to '/nonexistent-folder/p.html'"))
    }
}
