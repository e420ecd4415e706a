import FetchSimTestSupport
import Foundation
import Testing

/// `fetchsim fuzz` end to end: exit statuses, the summary, the transcript it writes, `--json`.
@Suite(.enabled(if: BinaryLocator.fetchsim != nil, "build fetchsim first (swift build)"), .timeLimit(.minutes(10)))
struct FuzzCommandTests {
    @Test func aConsistentRunPrintsOneLineAndExitsZero() async throws {
        let (output, status) = try await BinaryLocator.run(["fuzz", "--seed", "4", "--batches", "300"], input: "")
        #expect(status == 0)
        let lines = output.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("fuzz: 300 batches, 0 inconsistencies, seed 4, ") == true)
        #expect(lines.first?.hasSuffix(" batches/s") == true)
    }

    @Test func aFailureWritesAReplayableSessionAndExitsOne() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("found.session").path
        let (output, status) = try await BinaryLocator.run(
            ["fuzz", "--seed", "2", "--adapter", "apple-template", "--out", path], input: "")
        #expect(status == 1)
        #expect(output.contains("1 inconsistency, seed 2"))
        #expect(output.contains(": \(path)\n"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text.hasPrefix(
                "# fetchsim session v1\n# start: empty\n# expect: inconsistent\n# Found by: fetchsim fuzz --seed 2 --adapter apple-template\n"
            ))
        let replay = try await BinaryLocator.run(["replay", path], input: "")
        #expect(replay.status == 0, "\(replay.output)")
    }

    @Test func jsonIsOneObject() async throws {
        let (output, status) = try await BinaryLocator.run(
            ["fuzz", "--seed", "4", "--batches", "200", "--json"], input: "")
        #expect(status == 0)
        let lines = output.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any]
        #expect(object?["ok"] as? Bool == true)
        #expect(object?["outcome"] as? String == "consistent")
        #expect(object?["batches"] as? Int == 200)
        #expect(object?["seed"] as? Int == 4)
        #expect(object?["failure"] is NSNull)
    }

    @Test func unknownOptionValuesAreRefused() async throws {
        let (_, status) = try await BinaryLocator.run(["fuzz", "--adapter", "coordinater"], input: "")
        #expect(status != 0 && status != 1)
    }

    /// A validation error prints `fuzz`'s (or `bench`'s) own usage, not the top-level one.
    @Test func validationErrorsPrintTheSubcommandsUsage() async throws {
        let (_, fuzzError, fuzzStatus) = try await BinaryLocator.runCollectingErrors(["fuzz", "--rows", "0"])
        #expect(fuzzStatus == 64)
        #expect(fuzzError.contains("Error: '--rows' must be between 1 and 1000, not '0'"))
        // ArgumentParser shortens a long usage line to `fetchsim fuzz <options>`.
        #expect(fuzzError.contains("Usage: fetchsim fuzz ") && !fuzzError.contains("fetchsim replay"), "\(fuzzError)")
        let (_, benchError, _) = try await BinaryLocator.runCollectingErrors(["bench", "--sizes", "ten"])
        #expect(
            benchError.contains("Usage: fetchsim bench ") && !benchError.contains("fetchsim replay"), "\(benchError)")
    }

    @Test func theUnflaggedHelpSaysItsDefaultOnce() async throws {
        let (help, _) = try await BinaryLocator.run(["fuzz", "--help"], input: "")
        let unflagged = help.components(separatedBy: "--unflagged <percent>").last ?? ""
        let entry = unflagged.components(separatedBy: "--reorder").first ?? ""
        #expect(entry.components(separatedBy: "default").count == 2, "\(entry)")
    }

    /// Ctrl-C stops a long campaign between batches with a summary of what ran and status 130,
    /// instead of ending the process under its progress bar.
    @Test func ctrlCStopsTheCampaignWithASummary() async throws {
        let binary = try #require(BinaryLocator.fetchsim)
        let (output, errors, termination) = try await ChildProcess.runAndInterrupt(
            binary.path, ["fuzz", "--seed", "3", "--batches", "100000000"], after: .seconds(2))
        #expect(termination == .exited(130), "\(errors)")
        #expect(output.hasPrefix("fuzz: interrupted after "), "\(output)")
        #expect(output.contains(" batches, 0 inconsistencies, seed 3, "))
    }

    /// A path that cannot take the shrunk session is refused before the campaign runs.
    @Test func anUnwritableOutPathIsRefusedFirst() async throws {
        let (output, errors, status) = try await BinaryLocator.runCollectingErrors([
            "fuzz", "--out", "/tmp", "--batches", "100000000",
        ])
        #expect(status == 64)
        #expect(output.isEmpty)
        #expect(errors.hasPrefix("Error: cannot write the shrunk session to '/tmp': is a directory"))
    }

    /// A negative number is a value the option checks, not a missing value.
    @Test func aNegativeNumberIsCheckedNotMissing() async throws {
        let (_, errors, status) = try await BinaryLocator.runCollectingErrors(["fuzz", "--rows", "-5"])
        #expect(status == 64)
        #expect(errors.hasPrefix("Error: '--rows' must be between 1 and 1000, not '-5'"))
    }

    /// Each default is said once, by the argument parser.
    @Test func helpSaysEachDefaultOnce() async throws {
        let (output, _) = try await BinaryLocator.run(["fuzz", "--help"], input: "")
        #expect(!output.contains("(default 10)"))
        #expect(output.contains("(default: 10)"))
    }
}
