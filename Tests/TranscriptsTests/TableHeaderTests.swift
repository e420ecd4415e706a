import Console
import Foundation
import Interpreter
import ObjectGraph
import Testing
import Transcripts

/// `# table: collection` in a transcript's header (issue 16): written when the session started
/// with a collection view, applied before the first line on replay; a header without it (every
/// older transcript) starts with a table.
@Suite struct TableHeaderTests {
    @Test func theHeaderNamesACollectionViewAndReplayStartsWithOne() throws {
        let scratch = try TranscriptScratch()
        let text = "# fetchsim session v1\n# start: demo\n# table: collection\n> table\ntable collection\n"
        #expect(try Transcript.parse(text).header.table == "collection")
        let result = TranscriptReplayer().replay(path: try scratch.write("collection.session", text))
        #expect(result.passed, Comment(rawValue: result.report.joined(separator: "\n")))
    }

    @Test func anOlderHeaderStartsWithATable() throws {
        let scratch = try TranscriptScratch()
        let text = "# fetchsim session v1\n# start: demo\n> table\ntable table\n"
        #expect(try Transcript.parse(text).header.table == nil)
        #expect(TranscriptReplayer().replay(path: try scratch.write("table.session", text)).passed)
    }

    @Test func aBadTableIsRefusedAtItsHeaderLine() throws {
        #expect(throws: TranscriptError.self) {
            try Transcript.parse("# fetchsim session v1\n# start: demo\n# table: grid\n> table\ntable table\n")
        }
    }

    @Test func recordingASessionThatStartedWithACollectionViewWritesIt() throws {
        let scratch = try TranscriptScratch()
        let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
        try SessionStart.demo.prepare(interpreter)
        _ = interpreter.execute("table collection")
        let driver = SessionDriver(interpreter: interpreter, start: .demo, isJSON: false, sink: { _ in })
        let path = scratch.directory.appendingPathComponent("recorded.session").path
        for line in ["record \"\(path)\"", "table"] { driver.handle(line) }
        driver.finish()
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("\n# profile: modern\n# table: collection\n"))
        #expect(TranscriptReplayer().replay(path: path).passed)
    }
}
