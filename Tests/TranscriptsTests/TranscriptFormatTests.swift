import Console
import Foundation
import Interpreter
import ObjectGraph
import Testing
import Transcripts

/// The transcript format's corners: output lines that look like prompts or comments, comments
/// kept where they were written, declared inconsistencies, and recording a session.
@Suite struct TranscriptFormatTests {
    static let header = "# fetchsim session v1\n# start: demo\n"

    @Test(arguments: [
        ("> 0.1←0.3  #4", "\\> 0.1←0.3  #4"), (">", "\\>"), ("# not a comment", "\\# not a comment"), ("#", "\\#"),
        ("\\ starts with a backslash", "\\\\ starts with a backslash"),
        (">no space", ">no space"), ("#1 #2", "#1 #2"), ("  0.0   #1", "  0.0   #1"), ("", ""),
    ])
    func outputLinesThatWouldBeMisreadAreEscaped(_ line: String, _ written: String) throws {
        #expect(Transcript.escaped(line) == written)
        let transcript = try Transcript.parse(Self.header + "> show\n" + written + "\nlast\n")
        #expect(transcript.entries.map(\.expected) == [[line, "last"]])
    }

    /// A moved row is drawn as `> 0.1←0.3 …`: recorded, it must replay as output, not as input.
    @Test func aSessionWithMovedRowsRecordsAndReplays() throws {
        let scratch = try TranscriptScratch()
        let path = try Self.record(.demo, before: ["set 0.0 order=9"], after: ["move 0.3 0.1", "log"], in: scratch)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text.hasPrefix(
                """
                # fetchsim session v1
                # start: demo
                # adapter: coordinator moves=delete-insert updates=reconfigure-in-batch userdriven=skip-moves threshold=off paused=false
                # profile: modern
                > set 0.0 order=9

                """), "recording mid-session writes the session from its start")
        #expect(text.contains("\n\\> 0.3←0.0  #1 "))
        let result = TranscriptReplayer().replay(path: path)
        #expect(result.passed, Comment(rawValue: result.report.joined(separator: "\n")))
    }

    /// `--update` keeps comments where they were written: after an input line, after the output
    /// (introducing the next input), and in the header.
    @Test func updatingKeepsCommentsInPlace() throws {
        let scratch = try TranscriptScratch()
        let written =
            Self.header + """
                # the header's comment
                > stats
                # about stats
                > check
                # introduces the log
                > log
                stale
                # after the log's output

                """
        let path = try scratch.write("comments.session", written)
        #expect(TranscriptReplayer(updatesInPlace: true).replay(path: path).rewritten)
        let rewritten = try String(contentsOfFile: path, encoding: .utf8)
        let comments = rewritten.components(separatedBy: "\n").enumerated().filter { $0.element.hasPrefix("# ") }
        #expect(
            comments.map(\.element) == [
                "# fetchsim session v1", "# start: demo", "# the header's comment",
                "# about stats", "# introduces the log", "# after the log's output",
            ])
        let lines = rewritten.components(separatedBy: "\n")
        #expect(
            lines[lines.firstIndex(of: "> check")! - 1] == "# about stats", "a comment before a prompt stays before it")
        #expect(lines[lines.firstIndex(of: "> log")! - 1] == "# introduces the log")
        #expect(lines[lines.firstIndex(of: "> check")! + 1] == "✓ consistent")
        #expect(TranscriptReplayer().replay(path: path).passed)
    }

    @Test func anUndeclaredInconsistencyFailsEvenWhenTheOutputMatches() throws {
        let scratch = try TranscriptScratch()
        let body =
            "> adapter apple-template\n> insert Note title=\"Butter\" group=\"Groceries\" order=-1 ; set #3 title=\"Rye\"\n"
        let path = try scratch.write("undeclared.session", Self.header + body)
        _ = TranscriptReplayer(updatesInPlace: true).replay(path: path)
        let result = TranscriptReplayer().replay(path: path)
        #expect(!result.passed)
        #expect(
            result.report == [
                "\(path):5: '> insert Note title=\"Butter\" group=\"Groceries\" order=-1 ; set …' left the table"
                    + " inconsistent (or hit a UIKit error), but the header does not say '# expect: inconsistent'"
            ])

        let declared = try scratch.write(
            "declared.session", "# fetchsim session v1\n# start: demo\n# expect: inconsistent\n" + body)
        _ = TranscriptReplayer(updatesInPlace: true).replay(path: declared)
        #expect(TranscriptReplayer().replay(path: declared).passed)
    }

    @Test func aDeclaredInconsistencyThatDoesNotHappenFails() throws {
        let scratch = try TranscriptScratch()
        let path = try scratch.write(
            "calm.session", "# fetchsim session v1\n# expect: inconsistent\n> check\n✓ consistent\n")
        let result = TranscriptReplayer().replay(path: path)
        #expect(
            result.report == ["\(path): the header says '# expect: inconsistent' but every event stayed consistent"])
    }

    /// The welcome's `show` on a terminal is not the user's: a recording leaves it out.
    @Test func aLineTheUserDidNotTypeIsNotRecorded() throws {
        let scratch = try TranscriptScratch()
        let path = scratch.directory.appendingPathComponent("welcome.session").path
        let driver = try Self.driver(.demo)
        driver.handle("show", recorded: false)
        for line in ["record \"\(path)\"", "stats"] { driver.handle(line) }
        driver.finish()
        let transcript = try Transcript.parse(try String(contentsOfFile: path, encoding: .utf8))
        #expect(transcript.entries.map(\.input) == ["stats"])
    }

    @Test func theDemoStartsWithNothingToUndo() throws {
        let interpreter = try Self.driver(.demo).interpreter
        #expect(interpreter.execute("undo").renderText(width: 80) == ["error: nothing to undo"])
        #expect(interpreter.execute("stats").renderText(width: 80).contains("objects: 12"))
    }

    @Test func dumpAndLogLinesHaveNoTrailingSpaces() throws {
        let interpreter = try Self.driver(.empty).interpreter
        _ = interpreter.execute("entity Task title:string")
        _ = interpreter.execute("fetch Task sort title")
        #expect(interpreter.execute("dump").renderText(width: 80) == ["controller 0 \"\":", "table 0:"])
        #expect(interpreter.execute("log").renderText(width: 80) == ["no change event yet"])
        _ = interpreter.execute("insert Task title=\"a\"")
        _ = interpreter.execute("fetch Task sort title")
        #expect(interpreter.execute("log").renderText(width: 80) == ["no change event since the last fetch"])
    }

    /// The header names the adapter and profile the session started with, even when both changed
    /// before `record`: the transcript replays from the start.
    @Test func theHeaderNamesTheStartingAdapterAndProfile() throws {
        let scratch = try TranscriptScratch()
        let path = try Self.record(
            .empty, before: ["adapter apple-template moves=move-row", "profile ios10"], after: [], in: scratch)
        let transcript = try Transcript.parse(try String(contentsOfFile: path, encoding: .utf8))
        #expect(transcript.header.start == .empty)
        #expect(
            transcript.header.adapter
                == "coordinator moves=delete-insert updates=reconfigure-in-batch userdriven=skip-moves threshold=off paused=false"
        )
        #expect(transcript.header.profile == "modern")
        #expect(transcript.entries.map(\.input) == ["adapter apple-template moves=move-row", "profile ios10"])
        #expect(TranscriptReplayer().replay(path: path).passed)
    }

    /// Replay applies a hand-written header: under `# profile: ios9` with an adapter that reloads
    /// updated rows, a moved and retitled object makes UIKit refuse the batch (rule 21); under the
    /// defaults the same input is consistent.
    @Test func replayStartsUnderTheHeadersAdapterAndProfile() throws {
        let scratch = try TranscriptScratch()
        let input = "> set 0.0 order=9 title=\"Oat milk\"\n"
        let ios9 = try scratch.write(
            "ios9.session",
            """
            # fetchsim session v1
            # start: demo
            # adapter: coordinator updates=reload
            # profile: ios9
            # expect: inconsistent

            """ + input)
        #expect(TranscriptReplayer(updatesInPlace: true).replay(path: ios9).rewritten)
        let text = try String(contentsOfFile: ios9, encoding: .utf8)
        #expect(text.contains("attempt to delete and reload the same index path"))
        #expect(TranscriptReplayer().replay(path: ios9).passed)

        let modern = try scratch.write("modern.session", Self.header + input)
        _ = TranscriptReplayer(updatesInPlace: true).replay(path: modern)
        #expect(TranscriptReplayer().replay(path: modern).passed, "consistent without the header's settings")
    }

    @Test(arguments: [
        ("# profile: ios8", "'# profile:' unknown profile 'ios8' at column 12 (did you mean 'ios9'?)"),
        (
            "# adapter: coordinator moves=teleport",
            "'# adapter:' invalid value 'teleport' for 'moves' at column 30 (expected delete-insert or move-row)"
        ),
        (
            "# adapter: show",
            "'# adapter:' unknown adapter 'show' at column 12 (adapters: apple-template, coordinator, reload-all, diffable, xcode-template)"
        ),
        ("# profile:", "'# profile:' names no profile"),
    ])
    func aBadSettingInTheHeaderIsRefusedAtItsLine(_ line: String, _ message: String) throws {
        #expect(throws: TranscriptError(line: 3, message)) {
            try Transcript.parse("# fetchsim session v1\n# start: demo\n\(line)\n> show\n")
        }
    }

    /// Runs `before`, then `record FILE`, then `after` in a session from `start`; returns FILE.
    static func record(_ start: SessionStart, before: [String], after: [String], in scratch: TranscriptScratch) throws
        -> String
    {
        let path = scratch.directory.appendingPathComponent("recorded.session").path
        let driver = try driver(start)
        for line in before + ["record \"\(path)\""] + after { driver.handle(line) }
        driver.finish()
        return path
    }

    static func driver(_ start: SessionStart) throws -> SessionDriver {
        let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
        try start.prepare(interpreter)
        return SessionDriver(interpreter: interpreter, start: start, isJSON: false, sink: { _ in })
    }
}
