import FetchSimCore
import FetchSimTestSupport
import Foundation
import Interpreter
import Testing
import Transcripts

/// A temporary folder for transcript files, removed when the value goes away.
final class TranscriptScratch {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-transcripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Writes `bytes` to `name` and returns its path.
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// Replays `text` written to `name`; returns the result and its report as one string.
    func replay(_ name: String, _ text: String) throws -> (TranscriptReplayer.Result, String) {
        let result = TranscriptReplayer().replay(path: try write(name, text))
        return (result, result.report.joined(separator: "\n"))
    }
}

/// Transcripts that cannot be replayed: each is refused with the file, the line and what is wrong
/// — never a crash, never a pass.
@Suite struct MalformedTranscriptTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        /// The expected `file:line: message` suffix after the path.
        let expected: String
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ expected: String) {
            self.init(name, bytes: Array(text.utf8), expected)
        }

        init(_ name: String, bytes: [UInt8], _ expected: String) {
            self.name = name
            self.bytes = bytes
            self.expected = expected
        }
    }

    static let header = "# fetchsim session v1\n# start: demo\n"

    static let cases: [Case] = [
        Case("empty file", "", ":1: empty transcript (expected '# fetchsim session v1')"),
        Case("missing header", "> show\n", ":1: missing header '# fetchsim session v1'"),
        Case(
            "missing prompt", header + "# shows the table\nshow\n",
            ":4: expected a comment or a '> ' input line, got 'show'"),
        Case(
            "header only (truncated before the first input)", header + "# nothing else\n",
            ":4: no input line: a transcript needs at least one '> ' line after its header"),
        Case(
            "unknown header version", "# fetchsim session v2\n# start: demo\n> show\n",
            ":1: unknown transcript version 'v2' (this fetchsim reads v1)"),
        Case(
            "unknown start", "# fetchsim session v1\n# start: full\n> show\n",
            ":2: unknown start 'full' (expected demo or empty)"),
        Case(
            "unknown expectation", "# fetchsim session v1\n# expect: trouble\n> show\n",
            ":2: unknown expectation 'trouble' (expected inconsistent)"),
        Case("NUL bytes", header + "> show\n  path\0\0 id\n", ":4: binary data (a NUL byte) in a transcript"),
        Case(
            "invalid UTF-8", bytes: Array((header + "> show\n").utf8) + [0x20, 0xFF, 0xFE, 0xC3, 0x0A],
            ":4: binary data (invalid UTF-8) in a transcript"),
        Case(
            "a 1 MB line", header + "> show\n" + String(repeating: "x", count: 1 << 20) + "\n",
            ":4: line too long (1048576 bytes; at most 65536)"),
        Case(
            "a 1 MB input line", header + "> insert Note title=\"" + String(repeating: "y", count: 1 << 20) + "\"\n",
            ":3: line too long (1048598 bytes; at most 65536)"),
    ]

    @Test(arguments: cases)
    func isRefusedWithFileAndLine(_ example: Case) throws {
        let scratch = try TranscriptScratch()
        let path = try scratch.write("bad.session", bytes: example.bytes)
        let result = TranscriptReplayer().replay(path: path)
        #expect(!result.passed)
        #expect(result.report == [path + example.expected])
    }

    @Test func aMissingFileIsReported() {
        let result = TranscriptReplayer().replay(path: "/nonexistent/fetchsim/nothing.session")
        #expect(!result.passed)
        #expect(result.report == ["/nonexistent/fetchsim/nothing.session: cannot read the file"])
    }

    /// A file cut off inside an output block (mid-line too) fails with a diff at the line where
    /// the cut fell, whatever the cut point.
    @Test func aTruncatedFileFailsWithADiffAtTheCut() throws {
        let scratch = try TranscriptScratch()
        let name = "rule19-dense-renumbering-flagged.session"
        let text = try String(contentsOfFile: SessionCorpus.path(name), encoding: .utf8)
        let transcript = try Transcript.parse(text)
        let lines = text.components(separatedBy: "\n")
        var generator = SeededGenerator(seed: 19)
        for _ in 0..<10 {
            // Cut inside an output line that is not the last of its block: the block loses lines.
            let candidates = transcript.entries.flatMap { Array($0.expectedLineNumbers.dropLast()) }
            let number = candidates[Int.random(in: 0..<candidates.count, using: &generator)]
            let keep = Int.random(in: 0..<lines[number - 1].count, using: &generator)
            let cut = lines[..<(number - 1)].joined(separator: "\n") + "\n" + String(lines[number - 1].prefix(keep))
            // Cut through the bytes too: a multi-byte character may be split.
            var bytes = Array(cut.utf8)
            if let last = bytes.indices.last, Int.random(in: 0..<2, using: &generator) == 1, bytes[last] >= 0x80 {
                bytes.removeLast()
            }
            let path = try scratch.write("truncated.session", bytes: bytes)
            let result = TranscriptReplayer().replay(path: path)
            #expect(!result.passed, "cut at line \(number), column \(keep)")
            let report = result.report.joined(separator: "\n")
            // A hunk whose recorded (`-`) or replayed (`+`) range holds the cut line.
            let hunkCoversCut = result.report.contains { line in
                guard line.hasPrefix("@@ -") else { return false }
                return line.split(separator: " ").dropFirst().prefix(2).contains { side in
                    let range = side.dropFirst().split(separator: ",").compactMap { Int($0) }
                    guard let start = range.first else { return false }
                    return (start..<(start + (range.count > 1 ? range[1] : 1))).contains(number)
                }
            }
            #expect(
                report.contains("\(path):") && (hunkCoversCut || report.contains("\(path):\(number):")),
                "cut at line \(number): \(report)")
        }
    }

    /// Random bytes, with and without a valid header in front: a clear error, never a crash.
    @Test func binaryGarbageNeverCrashes() throws {
        let scratch = try TranscriptScratch()
        var generator = SeededGenerator(seed: 0xBAD)
        for round in 0..<40 {
            var bytes = (0..<Int.random(in: 1..<400, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            if round.isMultiple(of: 2) { bytes = Array((Self.header + "> show\n").utf8) + bytes }
            let path = try scratch.write("garbage-\(round).session", bytes: bytes)
            let result = TranscriptReplayer().replay(path: path)
            #expect(!result.passed)
            #expect(result.report.first?.hasPrefix(path + ":") == true, "\(result.report)")
        }
    }

    /// `--keep-going` reports every differing block of a file; without it, the first.
    @Test func keepGoingReportsEveryDifferingBlock() throws {
        let scratch = try TranscriptScratch()
        let path = try scratch.write(
            "two.session",
            bytes: Array((Self.header + "> check\nwrong\n> check\n✓ consistent\n> check\nwrong too\n").utf8))
        let first = TranscriptReplayer().replay(path: path).report
        let every = TranscriptReplayer(reportsEveryBlock: true).replay(path: path).report
        #expect(first.filter { $0.contains("output differs") } == ["\(path):3: output differs for '> check'"])
        #expect(
            every == [
                "\(path):3: output differs for '> check'", "@@ -4 +4 @@", "-wrong", "+✓ consistent",
                "\(path):7: output differs for '> check'", "@@ -8 +8 @@", "-wrong too", "+✓ consistent",
            ])
    }

    @Test func outputThatDiffersNamesTheFileTheInputAndTheLine() throws {
        let scratch = try TranscriptScratch()
        let (result, report) = try scratch.replay("diff.session", Self.header + "> stats\nobjects: 12\nfetched: 99\n")
        #expect(!result.passed)
        #expect(
            result.report.first == scratch.directory.appendingPathComponent("diff.session").path
                + ":3: output differs for '> stats'")
        // A unified diff, numbered as in the file (the block starts at line 4).
        #expect(
            Array(result.report.dropFirst()) == [
                "@@ -4,2 +4,11 @@", " objects: 12", "-fetched: 99", "+fetched: 12", "+sections: 3", "+tableRows: 12",
                "+events: 0", "+unsavedChanges: false", "+adapter: coordinator", "+profile: modern", "+reorder: dense",
                "+drags: 0", "+writes: 0",
            ], "\(report)")
    }
}

/// `fetchsim replay` on a malformed file: the message on stdout, exit status 1.
@Suite(.enabled(if: BinaryLocator.fetchsim != nil, "build fetchsim first (swift build)"), .timeLimit(.minutes(10)))
struct MalformedTranscriptBinaryTests {
    @Test(arguments: [
        ("# fetchsim session v2\n> show\n", ":1: unknown transcript version 'v2' (this fetchsim reads v1)"),
        ("# fetchsim session v1\nshow\n", ":2: expected a comment or a '> ' input line, got 'show'"),
        ("# fetchsim session v1\n> show\n\0garbage\n", ":3: binary data (a NUL byte) in a transcript"),
    ])
    func replayExitsOneWithTheMessage(_ text: String, _ expected: String) async throws {
        let scratch = try TranscriptScratch()
        let path = try scratch.write("bad.session", text)
        let (output, status) = try await BinaryLocator.run(["replay", path], input: "")
        #expect(status == 1)
        #expect(output.contains(path + expected), "\(output)")
        #expect(output.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func aOneMegabyteLineIsRefusedQuickly() async throws {
        let scratch = try TranscriptScratch()
        let path = try scratch.write(
            "big.session", "# fetchsim session v1\n> " + String(repeating: "z", count: 1 << 20) + "\n")
        let (output, status) = try await BinaryLocator.run(["replay", path], input: "")
        #expect(status == 1)
        #expect(output == "\(path):2: line too long (1048578 bytes; at most 65536)\n0 passed, 1 failed\n")
    }

    /// A transcript saved with Windows line endings replays as the same file with Unix ones.
    @Test func windowsLineEndingsReplay() throws {
        let scratch = try TranscriptScratch()
        let unix = try String(contentsOfFile: "Sessions/rule19-dense-renumbering-flagged.session", encoding: .utf8)
        let windows = unix.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(windows.utf8.count > unix.utf8.count)
        let (result, report) = try scratch.replay("windows.session", windows)
        #expect(result.passed, "\(report)")
    }
}
