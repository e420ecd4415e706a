import FetchSimCLI
import Foundation
import Testing
import Transcripts

/// `fuzz --adapter NAME` through the library entry: the app's view controller under random
/// drags, inserts, edits and deletes, the first failure shrunk to a transcript that replays.
@MainActor
@Suite struct UserAdapterFuzzTests {
    let folder: URL
    let setup: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-cli-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        setup = folder.appendingPathComponent("setup.txt").path
        try "entity Item title:string order:int\n".write(toFile: setup, atomically: true, encoding: .utf8)
    }

    @Test func theUnflaggedViewControllerIsCaughtShrunkAndReplays() throws {
        try withTestAdapters {
            let out = folder.appendingPathComponent("found.session").path
            let status = FetchSimCLI.run(arguments: [
                "fuzz", "--adapter", "checklist-unflagged", "--setup", setup,
                "--seed", "5", "--batches", "2000", "--out", out,
            ])
            #expect(status == 1)
            let text = try String(contentsOfFile: out, encoding: .utf8)
            let header = text.split(separator: "\n").prefix(5).map(String.init)
            #expect(
                header == [
                    "# fetchsim session v1", "# start: empty", "# executable: cli-tests",
                    "# adapter: checklist-unflagged",
                    "# expect: inconsistent",
                ])
            // Without the flag a drag is shown twice: the smallest failing session is two objects and
            // one drag, after the setup's entity line.
            let inputs = text.split(separator: "\n").filter { $0.hasPrefix("> ") }
            #expect(inputs.first == "> entity Item title:string order:int")
            #expect(inputs.last?.hasPrefix("> move ") == true, "\(text)")
            #expect(inputs.count <= 5, "\(text)")
            #expect(TranscriptReplayer().replay(path: out).passed)
            #expect(FetchSimCLI.run(arguments: ["replay", out]) == 0)
        }
    }

    @Test func theFlaggedViewControllerStaysConsistent() throws {
        try withTestAdapters {
            let out = folder.appendingPathComponent("none.session").path
            let status = FetchSimCLI.run(arguments: [
                "fuzz", "--adapter", "checklist", "--setup", setup,
                "--seed", "5", "--batches", "1000", "--out", out,
            ])
            #expect(status == 0)
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    @Test func benchTimesTheAppsTurnsAndNeedsAConsistentOne() {
        try withTestAdapters {
            #expect(
                FetchSimCLI.run(arguments: [
                    "bench", "--adapter", "checklist", "--setup", setup, "--repetitions", "300",
                ]) == 0)
            #expect(
                FetchSimCLI.run(arguments: [
                    "bench", "--adapter", "checklist-unflagged", "--setup", setup, "--repetitions", "300",
                ]) == 1)
            #expect(FetchSimCLI.run(arguments: ["bench", "--adapter", "nosuch", "--repetitions", "10"]) == 2)
        }
    }

    @Test func anAppsAdapterNeedsEntities() {
        try withTestAdapters {
            #expect(FetchSimCLI.run(arguments: ["fuzz", "--adapter", "checklist", "--batches", "10"]) == 2)
        }
    }
}
