import Foundation
import Interpreter
import ObjectGraph
import Testing
import Transcripts

@testable import CoreDataFiles

/// A recording of `import coredata FILE` embeds what the line read (`# file:` lines, as `import
/// csv` embeds its file), so that the transcript replays with the store file gone.
@Suite struct ImportCoreDataRecordingTests {
    /// Records `lines` on the example model as the REPL's recorder does: each line's output and
    /// the files its outcome read.
    static func record(_ lines: [String], to session: String) throws {
        let interpreter = try Interpreter(model: Interpreter.readModel(at: ImportCoreDataTests.exampleModel))
        var header = TranscriptHeader(start: .empty)
        header.model = ImportCoreDataTests.exampleModel
        let recorder = try TranscriptRecorder(path: session, header: header)
        for line in lines {
            let outcome = interpreter.execute(line)
            recorder.record(
                input: line, output: outcome.renderText(width: 80),
                files: outcome.filesRead.map { EmbeddedFile(path: $0.path, contents: $0.contents) })
        }
        recorder.close()
    }

    @Test func aRecordingReplaysWithTheStoreDeleted() throws {
        let directory = try TemporaryDirectory()
        let store = try ImportCoreDataTests.notesStore(in: directory)
        let session = directory.path + "/import.session"
        try Self.record(
            [
                "fetch Note sort group, order section group index order", "import coredata \(store)",
                "set #3 title=\"Review the PR\"", "show all", "dump objects",
            ], to: session)
        try FileManager.default.removeItem(atPath: store)
        let text = try String(contentsOfFile: session, encoding: .utf8)
        #expect(text.contains("# file: \(store)\n# | coredata-store 1\n"), "\(text)")
        // Written by hand from the fixture's rows: the folder, then the notes in Z_PK order.
        #expect(
            text.contains("# | object 2 Note [\"d0.0\",\"b0\",\"sWork\",\"i0\",\"sPlan sprint\",\"o1\"]"), "\(text)")
        let result = TranscriptReplayer().replay(path: session)
        #expect(result.passed, "\(result.report)")
        #expect(text.contains("Review the PR"))
    }

    @Test func withoutTheEmbeddingTheReplayReadsTheDisk() throws {
        let directory = try TemporaryDirectory()
        let store = try ImportCoreDataTests.notesStore(in: directory)
        let session = directory.path + "/import.session"
        try Self.record(["import coredata \(store)"], to: session)
        // An older recording holds no file: its replay still reads the store at that path.
        let text = try String(contentsOfFile: session, encoding: .utf8)
        let stripped = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("# file:") && !$0.hasPrefix("# |") }.joined(separator: "\n")
        try stripped.write(toFile: session, atomically: true, encoding: .utf8)
        #expect(TranscriptReplayer().replay(path: session).passed)
        try FileManager.default.removeItem(atPath: store)
        let result = TranscriptReplayer().replay(path: session)
        #expect(!result.passed)
        #expect(result.report.joined(separator: " ").contains("such file"), "\(result.report)")
    }

    @Test func theTextGivesBackWhatWasRead() throws {
        let directory = try TemporaryDirectory()
        let store = try ImportCoreDataTests.notesStore(in: directory)
        let mapped = try ModelFileReader.read(path: ImportCoreDataTests.exampleModel).schema()
        let contents = try CoreDataStoreReader.read(path: store, through: mapped)
        let back = try CoreDataStoreContents(text: contents.text, schema: mapped.schema, file: store)
        #expect(back.objects == contents.objects)
        #expect(back.counts.map(\.count) == contents.counts.map(\.count))
        #expect(back.storeIdentifier == contents.storeIdentifier)
        // Strings that need escaping in JSON, and values of every kind, come back exactly.
        let tricky = CoreDataStoreContents(
            objects: [
                StoredObject(
                    id: ObjectID(1), entity: "Folder", values: [.string("a \"quote\" \\ and\nnewline\u{1}\u{2028}")]),
                StoredObject(
                    id: ObjectID(2), entity: "Note",
                    values: [
                        .date(Date(timeIntervalSinceReferenceDate: -0.125)), .null, .string(""), .int(Int.min),
                        .string("é"), .object(ObjectID(1)),
                    ]),
            ], counts: [], storeIdentifier: nil)
        let decoded = try CoreDataStoreContents(text: tricky.text, schema: mapped.schema, file: "x")
        #expect(decoded.objects == tricky.objects)
    }

    @Test func aDamagedEmbeddingIsRefusedAtItsLine() throws {
        let mapped = try ModelFileReader.read(path: ImportCoreDataTests.exampleModel).schema()
        let text = "coredata-store 1\nobject 1 Folder [\"sWork\"]\nobject 2 Nothing []\n"
        #expect(
            throws: CoreDataFileError(
                file: "s.sqlite", location: ModelLocation(line: 3, column: 1),
                "embedded store: the model has no entity 'Nothing'")
        ) {
            try CoreDataStoreContents(text: text, schema: mapped.schema, file: "s.sqlite")
        }
    }
}
