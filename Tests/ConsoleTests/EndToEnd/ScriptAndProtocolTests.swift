import CommandLanguage
import FetchSimTestSupport
import Foundation
import Testing

/// The built executable's contracts with scripts and programs: exactly one JSON object per input
/// line, script errors as `FILE:LINE: error: …` on standard error, `--echo`, and recordings that
/// replay.
@Suite(.enabled(if: BinaryLocator.fetchsim != nil, "build fetchsim first (swift build)"), .timeLimit(.minutes(10)))
struct ScriptAndProtocolTests {
    /// Every command `help` lists, bare and with a bad argument, answers one JSON object each —
    /// `record FILE` and `record stop` included (they once answered two).
    @Test func everyCommandAnswersExactlyOneJSONObject() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let quitting: Set<String> = ["quit", "exit"]
        var input: [String] = []
        for keyword in Command.Name.allKeywords where !quitting.contains(keyword) {
            input += [keyword, "\(keyword) @@bad 9.9.9"]
        }
        input += [
            "record \"\(folder.appendingPathComponent("s.session").path)\"", "record stop", "record stop", "quit",
        ]
        // In the temporary folder: `record @@bad 9.9.9` writes a file of that name.
        let (output, _) = try await BinaryLocator.run(
            ["--json"], input: input.joined(separator: "\n") + "\n", workingDirectory: folder.path)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == input.count, "one answer per line")
        for (line, answer) in zip(input, lines) {
            let object = try? JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
            #expect(object?["ok"] is Bool, "'\(line)' answered '\(answer)'")
        }
        let record = Array(lines.suffix(4))
        #expect(record[0].contains("\"ok\":true") && record[0].contains("recording to"))
        #expect(record[1].contains("\"ok\":true") && record[1].contains("recording stopped"))
        #expect(record[2] == #"{"ok":false,"error":"not recording"}"#)
    }

    /// A script's errors name the file and line on standard error; its output stays on standard
    /// output, and the exit status says something failed.
    @Test func scriptErrorsNameFileAndLineOnStandardError() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("s1-\(UUID().uuidString).txt")
        try Data("show 0\nset 0.9 title=\"x\"\ncheck\n".utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let (output, error, status) = try await BinaryLocator.runCollectingErrors([script.path])
        #expect(status == 1)
        #expect(error == "\(script.path):2: error: index path 0.9 is out of range (section 0 has 4 rows) at column 5\n")
        #expect(!output.contains("error"))
        #expect(output.hasSuffix("✓ consistent\n"))
    }

    @Test func echoPrintsEachInputLineBeforeItsOutput() async throws {
        let (output, _) = try await BinaryLocator.run(["--echo"], input: "check\nstats\n")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == ["check", "✓ consistent", "stats"])
        let (_, error, status) = try await BinaryLocator.runCollectingErrors(["--echo", "--json"])
        #expect(status != 0)
        #expect(error.contains("--echo cannot be combined with --json"))
    }

    /// A recorded session that went inconsistent says so in its header, and replays green.
    @Test func aRecordingThatWentInconsistentReplays() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-rec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("broken.session").path
        _ = try await BinaryLocator.run(
            ["--record", path], input: "adapter apple-template moves=move-row\nmove --unflagged 0.3 0.1\ncheck\n")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\n# expect: inconsistent\n> adapter apple-template"))
        let (output, status) = try await BinaryLocator.run(["replay", path], input: "")
        #expect(status == 0, "\(output)")
        #expect(output.contains("1 passed, 0 failed"))
    }
}
