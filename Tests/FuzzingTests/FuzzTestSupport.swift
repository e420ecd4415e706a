import Foundation
import Fuzzing
import Interpreter
import Testing
import Transcripts

/// Runs the fuzzer, shrinks its first failure and records the transcript, as `fetchsim fuzz` does.
enum FuzzPipeline {
    struct Found {
        let finding: FuzzFinding
        let transcript: FuzzTranscript
        let tries: Int
    }

    /// The first failure of `configuration`, shrunk and recorded; nil when every batch passed.
    /// A user schema's transcript names its model by the absolute path, so that it replays from
    /// any directory.
    static func run(_ configuration: FuzzConfiguration) throws -> Found? {
        let result = try Fuzzer(configuration: configuration).run()
        guard case .failed(let finding) = result.outcome else { return nil }
        var shrinker = FuzzShrinker(kind: finding.failure.kind)
        shrinker.breaksRenumbering = configuration.breaksRenumbering
        shrinker.schema = configuration.schema
        let shrunk = shrinker.shrink(finding.session)
        let comments = FuzzTranscript.comments(
            for: finding, configuration: configuration, shrunkLines: shrunk.lines.count, tries: shrinker.tries)
        let transcript = try FuzzTranscript(
            session: shrunk, comments: comments, breaksRenumbering: configuration.breaksRenumbering,
            schema: configuration.schema, model: configuration.schema?.options.model)
        return Found(finding: finding, transcript: transcript, tries: shrinker.tries)
    }

    /// Writes `text` to a fresh temporary file and replays it.
    static func replay(_ text: String) throws -> TranscriptReplayer.Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("found.session").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return TranscriptReplayer().replay(path: path)
    }
}

extension FuzzConfiguration {
    /// The defaults with `seed` and `batches`, changed by `change`.
    static func with(seed: UInt64, batches: Int, _ change: (inout FuzzConfiguration) -> Void = { _ in })
        -> FuzzConfiguration
    {
        var configuration = FuzzConfiguration()
        configuration.seed = seed
        configuration.batches = batches
        change(&configuration)
        return configuration
    }

    /// `fuzz --model MODEL --entity ENTITY --section SECTION --index INDEX [--filter F] [--data D]`
    /// after the defaults are changed by `change`.
    static func schema(
        model: String, entity: String, section: String, index: String, filter: String? = nil, data: String? = nil,
        _ change: (inout FuzzConfiguration) -> Void
    ) throws -> FuzzConfiguration {
        var configuration = FuzzConfiguration()
        change(&configuration)
        var arguments = FuzzSchemaArguments()
        (arguments.model, arguments.entity, arguments.section, arguments.index) = (model, entity, section, index)
        (arguments.filter, arguments.data) = (filter, data)
        try arguments.apply(to: &configuration)
        return configuration
    }
}
