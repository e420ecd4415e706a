import Interpreter
import Testing

/// Lines whose work is the driver's come back as requests in their outcome: the interpreter
/// itself writes no file, reads no script and ends nothing.
@Suite struct LineRequestTests {
    @Test func recordReadAndExportAreRequests() throws {
        let session = try Session()
        #expect(session.interpreter.execute("record out.session").request == .record(.start(path: "out.session")))
        #expect(session.interpreter.execute("record stop").request == .record(.stop))
        #expect(session.interpreter.execute("read lines.txt").request == .read(path: "lines.txt"))
        #expect(session.interpreter.execute("export html page.html").request == .exportPage(path: "page.html"))
    }

    @Test func otherLinesRequestNothing() throws {
        let session = try Session()
        #expect(session.interpreter.execute("stats").request == nil)
        #expect(session.interpreter.execute("set 0.0 title=Bread").request == nil)
        #expect(session.interpreter.execute("nonsense").request == nil)
    }

    /// `quit` asks to end the session and does nothing else; inside a block it is refused, so a
    /// driver never has a block to discard.
    @Test func quitIsARequestAndRefusedInsideABlock() throws {
        let session = try Session()
        let quit = session.interpreter.execute("quit")
        #expect(quit.request == .quit && quit.quits && !quit.failed)
        #expect(quit.renderText(width: 80).isEmpty)
        _ = session.text("begin")
        let refused = session.interpreter.execute("quit")
        #expect(refused.request == nil && refused.failed)
    }
}
