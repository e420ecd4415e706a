import Foundation
import Testing
import Transcripts

/// `# model: PATH` in a transcript's header, and `fetchsim replay --model`.
@Suite struct ModelTranscriptTests {
    static let exampleModel = ImportCoreDataTests.exampleModel

    static let body = """
        > show schema
        entity Folder name:string="Notes"
        entity Note created:date? done:bool? group:string="Inbox" order:int=0 title:string folder:->Folder?
        > insert Note title="Milk"
        #1
        event 1 · no callbacks
        nothing fetched yet: try 'fetch'

        """

    @Test func startsOnTheModelRelativeToTheTranscript() throws {
        let directory = try TemporaryDirectory()
        // The model is copied beside a sub-directory, so the header's path goes up one level.
        try FileManager.default.copyItem(atPath: Self.exampleModel, toPath: directory.path + "/Notes.xcdatamodeld")
        let session = try directory.write(
            "# fetchsim session v1\n# start: empty\n# model: ../Notes.xcdatamodeld\n" + Self.body,
            to: "sessions/notes.session")
        let result = TranscriptReplayer().replay(path: session)
        #expect(result.report == [])
        #expect(result.passed)
    }

    @Test func replayModelStartsTranscriptsWithoutTheHeader() throws {
        let directory = try TemporaryDirectory()
        let session = try directory.write("# fetchsim session v1\n# start: empty\n" + Self.body, to: "notes.session")
        #expect(!TranscriptReplayer().replay(path: session).passed)
        var replayer = TranscriptReplayer()
        replayer.model = Self.exampleModel
        #expect(replayer.replay(path: session).passed)
    }

    @Test func aMissingModelFailsEveryBlockWithItsError() throws {
        let directory = try TemporaryDirectory()
        let session = try directory.write(
            "# fetchsim session v1\n# start: empty\n# model: Gone.xcdatamodeld\n" + Self.body, to: "notes.session")
        let result = TranscriptReplayer().replay(path: session)
        #expect(!result.passed)
        #expect(result.report.contains("+error: \(directory.path)/Gone.xcdatamodeld: no such file or directory"))
    }

    @Test func anEmptyModelLineIsRefusedAtItsLine() throws {
        let directory = try TemporaryDirectory()
        let session = try directory.write(
            "# fetchsim session v1\n# start: empty\n# model:\n" + Self.body, to: "notes.session")
        #expect(TranscriptReplayer().replay(path: session).report == ["\(session):3: '# model:' names no model file"])
    }
}
