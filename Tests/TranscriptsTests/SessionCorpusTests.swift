import FetchSimCore
import FetchSimTestSupport
import Foundation
import Interpreter
import Testing
import Transcripts

/// The curated transcripts in `Sessions/`, found at test time: a new file is covered without any
/// change here.
enum SessionCorpus {
    static let packageRoot = BinaryLocator.packageRoot
    static let directory = packageRoot.appendingPathComponent("Sessions")

    /// The names of every `Sessions/*.session`, sorted.
    static var files: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".session") }.sorted()
    }

    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// `SESSIONS_UPDATE=1` rewrites the expected outputs in place (and fails the run).
    static var updatesInPlace: Bool {
        ProcessInfo.processInfo.environment["SESSIONS_UPDATE"] == "1"
    }
}

@Suite struct SessionCorpusTests {
    /// One test case per file: the replay must match every output block, and an inconsistency
    /// must be declared by the header. With `SESSIONS_UPDATE=1` the file is rewritten instead —
    /// and the case fails, so a new baseline is never accepted silently.
    @Test(arguments: SessionCorpus.files)
    func replays(_ name: String) {
        let path = SessionCorpus.path(name)
        if SessionCorpus.updatesInPlace {
            let result = TranscriptReplayer(updatesInPlace: true).replay(path: path)
            if result.rewritten {
                Issue.record(
                    "SESSIONS_UPDATE=1: \(name) was rewritten with the current output; review it (git diff) and run again without SESSIONS_UPDATE"
                )
            } else if !result.passed {
                Issue.record(Comment(rawValue: result.report.joined(separator: "\n")))
            }
            return
        }
        let result = TranscriptReplayer().replay(path: path)
        if !result.passed { Issue.record(Comment(rawValue: result.report.joined(separator: "\n"))) }
    }

    @Test func updateModeNeverPasses() {
        #expect(
            !SessionCorpus.updatesInPlace,
            "SESSIONS_UPDATE=1 is set: expected outputs were rewritten in place; review them and run again without it")
    }

    @Test func theCorpusIsCuratedAndLargeEnough() throws {
        let files = SessionCorpus.files
        #expect(files.count >= 28, "Sessions/ holds \(files.count) transcripts")
        for name in files {
            let transcript = try Transcript.parse(
                data: try Data(contentsOf: SessionCorpus.directory.appendingPathComponent(name)))
            let explanation = transcript.header.comments.filter { !$0.isEmpty }
            #expect(explanation.count >= 2, "\(name) should open with two or three comment lines saying what it shows")
            #expect(!transcript.entries.contains { $0.input.hasPrefix("record") }, "\(name) must not use 'record'")
        }
    }

    /// Changing any one expected line of a session makes replay fail with a diff naming that line:
    /// a few files and lines chosen by a seeded generator, each mutated in a copy.
    @Test func aChangedExpectedLineFailsWithADiffPointingAtIt() throws {
        var generator = SeededGenerator(seed: 0x5E55_1095)
        let files = SessionCorpus.files
        try #require(!files.isEmpty)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-mutations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for round in 0..<8 {
            let name = files[Int.random(in: 0..<files.count, using: &generator)]
            let text = try String(contentsOfFile: SessionCorpus.path(name), encoding: .utf8)
            var lines = text.components(separatedBy: "\n")
            let transcript = try Transcript.parse(text)
            let outputLines = transcript.entries.flatMap(\.expectedLineNumbers)
            try #require(!outputLines.isEmpty, "\(name) has no output to mutate")
            let number = outputLines[Int.random(in: 0..<outputLines.count, using: &generator)]
            let original = lines[number - 1]
            lines[number - 1] = "MUTATED " + original
            // The copy lives elsewhere: a model named relative to the session's folder is named
            // by its absolute path instead, on the same line, so the line numbers stay.
            for (index, line) in lines.enumerated() where line.hasPrefix(Self.modelHeader) {
                let relative = String(line.dropFirst(Self.modelHeader.count))
                let absolute = SessionCorpus.directory.appendingPathComponent(relative).standardizedFileURL
                lines[index] = Self.modelHeader + absolute.path
            }
            let copy = directory.appendingPathComponent("\(round)-\(name)")
            try lines.joined(separator: "\n").write(to: copy, atomically: true, encoding: .utf8)

            let result = TranscriptReplayer().replay(path: copy.path)
            #expect(!result.passed, "\(name): changing line \(number) went unnoticed")
            let report = result.report.joined(separator: "\n")
            #expect(
                Self.numberOfRemovedLine(in: result.report, startingWith: "-MUTATED ") == number,
                "\(name) line \(number): \(report)")
            #expect(report.contains(copy.path), "the report names the file: \(report)")
        }
    }

    /// The header that names a session's model file, relative to the session's folder.
    static let modelHeader = "# model: "

    /// The file line of the first `-` line starting with `prefix` in a unified diff: its hunk's
    /// old start plus the old-side lines (` ` and `-`) before it.
    static func numberOfRemovedLine(in report: [String], startingWith prefix: String) -> Int? {
        var line: Int?
        for text in report {
            if text.hasPrefix("@@ -") {
                line = Int(text.dropFirst(4).prefix { $0.isNumber })
            } else if text.hasPrefix(prefix) {
                return line
            } else if text.hasPrefix(" ") || text.hasPrefix("-") {
                line = line.map { $0 + 1 }
            }
        }
        return nil
    }
}
