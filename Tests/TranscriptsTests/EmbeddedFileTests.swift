import Console
import Foundation
import Interpreter
import ObjectGraph
import Testing
import Transcripts

/// A recording is self-contained: a file a line read (`import csv`) is embedded before it, and
/// replay reads it from the transcript (issue 34, item 10).
@Suite struct EmbeddedFileTests {
    @Test(arguments: ["a,b\n1,2\n", "a,b\n\n1,2", "", "one line without newline", "\n\n"])
    func commentLinesGiveBackTheContents(_ contents: String) {
        let file = EmbeddedFile(path: "data/tasks.csv", contents: contents)
        let lines = file.commentLines
        #expect(lines.allSatisfy { $0.hasPrefix("# ") || $0 == "# |" }, "every line is a comment to older readers")
        #expect(EmbeddedFile.files(in: ["# some note"] + lines + ["# another note"]) == [file])
    }

    @Test func aRecordingOfAnImportReplaysWithoutTheFile() throws {
        let scratch = try TranscriptScratch()
        let csv = try scratch.write("tasks.csv", "title,group,order\nOat milk,Groceries,4\nTea,Groceries,5\n")
        let session = scratch.directory.appendingPathComponent("import.session").path
        let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
        try SessionStart.demo.prepare(interpreter)
        let driver = SessionDriver(interpreter: interpreter, start: .demo, isJSON: false, sink: { _ in })
        for line in ["record \"\(session)\"", "import csv \(csv) Note", "set 0.4 title=\"Green tea\""] {
            driver.handle(line)
        }
        driver.finish()
        try FileManager.default.removeItem(atPath: csv)
        let text = try String(contentsOfFile: session, encoding: .utf8)
        #expect(
            text.contains(
                "# file: \(csv)\n# | title,group,order\n# | Oat milk,Groceries,4\n# | Tea,Groceries,5\n> import csv"))
        let result = TranscriptReplayer().replay(path: session)
        #expect(result.passed, "\(result.report)")
    }

    /// The embedded file wins over whatever is at that path at replay time.
    @Test func theEmbeddedFileIsTheRecordingsNotTheDisks() throws {
        let scratch = try TranscriptScratch()
        let csv = try scratch.write("rows.csv", "title,group,order\nSomething else,Work,9\n")
        let transcript = """
            # fetchsim session v1
            # start: demo
            # file: \(csv)
            # | title,group,order
            # | Oat milk,Groceries,4
            > import csv \(csv) Note
            imported 1 Note object (#13) from '\(csv)'

            """
        let result = TranscriptReplayer().run(try Transcript.parse(data: Data(transcript.utf8)))
        #expect(result.0.first?.first == "imported 1 Note object (#13) from '\(csv)'")
        #expect(result.0.first?.contains { $0.contains("Oat milk") } == true)
        #expect(result.0.first?.contains { $0.contains("Something else") } == false)
    }
}
