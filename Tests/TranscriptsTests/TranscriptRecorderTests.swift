import Foundation
import Interpreter
import ObjectGraph
import Testing
import Transcripts

/// The recorder writes a file only once a line is recorded: a transcript with no input line
/// cannot replay, and a user's existing file is not truncated for nothing.
@Suite struct TranscriptRecorderTests {
    let header = TranscriptHeader(start: .demo)

    @Test func aSessionWithNoLineWritesNothing() throws {
        let scratch = try TranscriptScratch()
        let path = scratch.directory.appendingPathComponent("empty.session").path
        let recorder = try TranscriptRecorder(path: path, header: header)
        recorder.close()
        #expect(!recorder.hasRecordedInput)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func anExistingFileStaysAsItWasUntilALineIsRecorded() throws {
        let scratch = try TranscriptScratch()
        let path = try scratch.write("mine.session", "my own notes\n")
        let recorder = try TranscriptRecorder(path: path, header: header)
        recorder.expectInconsistency()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "my own notes\n")
        recorder.record(input: "check", output: ["✓ consistent"])
        recorder.close()
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasPrefix("# fetchsim session v1\n"))
        #expect(written.contains("# expect: inconsistent\n"))
        #expect(written.hasSuffix("> check\n✓ consistent\n"))
    }

    /// What is recorded replays.
    @Test func aRecordingWithOneLineReplays() throws {
        let scratch = try TranscriptScratch()
        let path = scratch.directory.appendingPathComponent("one.session").path
        let recorder = try TranscriptRecorder(path: path, header: header)
        let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
        try SessionStart.demo.prepare(interpreter)
        interpreter.rendersText = true
        let outcome = interpreter.execute("move 0.3 0.1")
        recorder.record(input: "move 0.3 0.1", output: outcome.renderText(width: 80))
        recorder.close()
        let result = TranscriptReplayer().replay(path: path)
        #expect(result.passed, "\(result.report)")
    }

    @Test(arguments: [
        ("a directory", "/tmp", "is a directory"),
        ("a missing folder", "/nonexistent-fetchsim/x.session", "no such folder '/nonexistent-fetchsim'"),
    ])
    func aPathThatCannotBeWrittenIsRefusedAtOnce(_ example: (String, String, String)) {
        #expect {
            _ = try TranscriptRecorder(path: example.1, header: header)
        } throws: { error in
            "\(error)" == "cannot write transcript '\(example.1)': \(example.2)"
        }
    }
}
