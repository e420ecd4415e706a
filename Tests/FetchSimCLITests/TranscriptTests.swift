import CommandLanguage
import FetchSimCLI
import FetchSimTestSupport
import Foundation
import Testing
import Transcripts

/// Recording a session of the app's view controller through the library entry, replaying it
/// there, and the plain `fetchsim`'s refusal.
@MainActor
@Suite struct UserAdapterTranscriptTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Records `lines` with `run --empty --adapter checklist --record` through `FetchSimCLI.run`.
    func record(_ lines: [String], adapter: String = "checklist") throws -> (path: String, status: Int32) {
        let script = folder.appendingPathComponent("script.txt").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("session.session").path
        let status = FetchSimCLI.run(arguments: ["run", "--empty", "--adapter", adapter, "--record", path, script])
        return (path, status)
    }

    static let lines = [
        "entity Item title:string order:int",
        #"insert Item title="a" order=0; insert Item title="b" order=1; insert Item title="c" order=2"#,
        "move 0.2 0.0",
        "show",
    ]

    @Test func aRecordingNamesTheAdapterAndTheExecutableAndReplaysHere() throws {
        try withTestAdapters {
            let (path, status) = try record(Self.lines)
            #expect(status == 0)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let header = text.split(separator: "\n").prefix { $0.hasPrefix("#") }.map(String.init)
            #expect(
                header == [
                    "# fetchsim session v1", "# start: empty", "# executable: cli-tests", "# adapter: checklist",
                    "# profile: modern",
                ])
            #expect(
                text.contains("\n> move 0.2 0.0\nevent 2 · user moves row 0.2 to 0.0 · the app's table: no calls\n"),
                "\(text)")
            #expect(TranscriptReplayer().replay(path: path).passed)
            #expect(FetchSimCLI.run(arguments: ["replay", path]) == 0)
        }
    }

    @Test func anUnflaggedRecordingExpectsInconsistencyAndReplays() throws {
        try withTestAdapters {
            let (path, status) = try record(Self.lines, adapter: "checklist-unflagged")
            #expect(status == 1)  // a script line left the table inconsistent
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("# expect: inconsistent\n"))
            #expect(FetchSimCLI.run(arguments: ["replay", path]) == 0)
        }
    }

    @Test func theAdapterChosenMidSessionNamesTheExecutableToo() throws {
        try withTestAdapters {
            let script = folder.appendingPathComponent("mid.txt").path
            try
                (["entity Item title:string order:int", #"insert Item title="a" order=0"#, "adapter checklist", "show"]
                .joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
            let path = folder.appendingPathComponent("mid.session").path
            #expect(FetchSimCLI.run(arguments: ["run", "--empty", "--record", path, script]) == 0)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(
                text.hasPrefix(
                    "# fetchsim session v1\n# start: empty\n# executable: cli-tests\n# adapter: coordinator "),
                "\(text)")
            #expect(TranscriptReplayer().replay(path: path).passed)
        }
    }

    @Test(.enabled(if: BinaryLocator.fetchsim != nil, "needs a built fetchsim"))
    func thePlainFetchsimRefusesItNamingTheExecutable() async throws {
        let (path, _) = try withTestAdapters { try record(Self.lines) }
        let (output, status) = try await BinaryLocator.run(["replay", path], input: "")
        #expect(status == 1)
        #expect(
            output.contains(
                "\(path):4: adapter 'checklist' is an app's view controller that cli-tests registers "
                    + "(FetchSimCLI.main(adapters:)); fetchsim registers none: replay this transcript with cli-tests"),
            "\(output)")
    }
}
