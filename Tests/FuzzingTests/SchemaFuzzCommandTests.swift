import FetchSimTestSupport
import Foundation
import Testing

/// `fetchsim fuzz --model …` end to end: a clean run, a failure whose session replays with
/// `fetchsim replay` alone, and refusals printed before any batch runs.
@Suite(.enabled(if: BinaryLocator.fetchsim != nil, "build fetchsim first (swift build)"), .timeLimit(.minutes(10)))
struct SchemaFuzzCommandTests {
    static let schema = [
        "--model", SchemaFuzzTests.tasksModel, "--entity", "Task", "--section", "list", "--index", "position",
    ]

    @Test func aCleanRunOnTheUsersEntity() async throws {
        let (output, status) = try await BinaryLocator.run(
            [
                "fuzz", "--seed", "4", "--batches", "300", "--data", SchemaFuzzTests.tasksCSV,
                "--filter", "done == NO",
            ] + Self.schema, input: "")
        #expect(status == 0, "\(output)")
        #expect(output.hasPrefix("fuzz: 300 batches, 0 inconsistencies, seed 4, "))
    }

    @Test func aFailureReplaysFromItsTranscriptAlone() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-schemafuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("found.session").path
        let (output, status) = try await BinaryLocator.run(
            [
                "fuzz", "--seed", "3", "--adapter", "apple-template", "--data", SchemaFuzzTests.tasksCSV,
                "--out", path,
            ] + Self.schema, input: "")
        #expect(status == 1, "\(output)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\n# model: /") || text.contains("\n# model: ../"))
        #expect(text.contains("\n> insert Task "))
        let replay = try await BinaryLocator.run(["replay", path], input: "")
        #expect(replay.status == 0, "\(replay.output)")
    }

    /// `--html` draws the shrunk session on its model: `# model:` read relative to the
    /// session's directory, not the current one.
    @Test func thePageOfAFailureReplaysOnTheModel() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-schemafuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("found"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("Tasks.xcdatamodeld").path
        try FileManager.default.copyItem(atPath: SchemaFuzzTests.tasksModel, toPath: model)
        let session = directory.appendingPathComponent("found/found.session").path
        let page = directory.appendingPathComponent("found.html").path
        let (_, errors, status) = try await BinaryLocator.runCollectingErrors([
            "fuzz", "--seed", "3", "--adapter", "apple-template", "--out", session, "--html", page,
            "--model", model, "--entity", "Task", "--section", "list", "--index", "position",
        ])
        #expect(status == 1)
        #expect(try String(contentsOfFile: session, encoding: .utf8).contains("\n# model: ../Tasks.xcdatamodeld\n"))
        #expect(
            errors.contains("fetchsim: fuzz: page '\(page)': ") && errors.contains(" events, 1 inconsistent"),
            "\(errors)")
    }

    @Test func refusalsComeBeforeAnyBatch() async throws {
        let (_, unknown, status) = try await BinaryLocator.runCollectingErrors([
            "fuzz", "--model", SchemaFuzzTests.tasksModel, "--entity", "Tsk",
            "--section", "list", "--index", "position",
        ])
        #expect(status == 64)
        #expect(
            unknown.contains(
                "Error: --entity: no entity 'Tsk' in '\(SchemaFuzzTests.tasksModel)' (did you mean 'Task'?)"),
            "\(unknown)")
        let (_, keys, keysStatus) = try await BinaryLocator.runCollectingErrors(["fuzz", "--keys", "10"] + Self.schema)
        #expect(keysStatus == 64)
        #expect(keys.contains("Error: '--model' cannot be combined with '--keys'"), "\(keys)")
        let (_, section, _) = try await BinaryLocator.runCollectingErrors(
            ["fuzz"] + Self.schema.dropLast(4) + ["--section", "due", "--index", "position"])
        #expect(section.contains("Error: --section: 'due' is a Date attribute"), "\(section)")
    }
}
