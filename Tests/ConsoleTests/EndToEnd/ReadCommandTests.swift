import FetchSimTestSupport
import Foundation
import Testing

/// `read FILE` (sqlite3's `.read`) and `--interactive` after script files (issue 13 item 11).
@Suite(.enabled(if: BinaryLocator.fetchsim != nil, "build fetchsim first (swift build)"), .timeLimit(.minutes(10)))
struct ReadCommandTests {
    /// A fresh folder holding `files`, removed by the caller.
    func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test func readRunsTheFileHereWithErrorsAsFileAndLine() async throws {
        let dir = try folder(["inner.txt": "bogus\nread nothere.txt\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let outer = dir.appendingPathComponent("outer.txt").path
        let inner = dir.appendingPathComponent("inner.txt").path
        try Data("delete 0.0\nset 9.9 title=\"x\"\nread \"\(inner)\"\n".utf8).write(to: URL(fileURLWithPath: outer))
        let (output, error, status) = try await BinaryLocator.runCollectingErrors([], input: "read \(outer)\nstats\n")
        #expect(status == 1)
        #expect(
            error == """
                \(outer):2: error: index path 9.9 is out of range (the table has 3 sections) at column 5
                \(inner):1: error: unknown command 'bogus' at column 1 (try 'help')
                \(inner):2: error: no such file 'nothere.txt'

                """)
        #expect(output.contains("event 1 · 1 delete applied"))
        #expect(output.contains("objects: 11"), "'stats' after 'read' sees the file's delete")
    }

    @Test func aFileThatReadsItselfStops() async throws {
        let dir = try folder([:])
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("self.txt").path
        try Data("read \(path)\n".utf8).write(to: URL(fileURLWithPath: path))
        let (_, error, status) = try await BinaryLocator.runCollectingErrors([], input: "read \(path)\n")
        #expect(status == 1)
        #expect(error == "\(path):1: error: 'read' nests deeper than 16 files (does '\(path)' read itself?)\n")
    }

    /// In JSON mode `read` answers one object, the file's answers inside it.
    @Test func jsonReadAnswersOneObject() async throws {
        let dir = try folder(["s.txt": "check\nbogus\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.txt").path
        let (output, _) = try await BinaryLocator.run(["--json"], input: "read \(path)\nread missing.txt\n")
        #expect(
            output == """
                {"ok":true,"read":"\(path)","answers":[{"ok":true,"consistent":true,"problems":[]},{"ok":false,"error":"unknown command 'bogus' at column 1 (try 'help')"}]}
                {"ok":false,"error":"no such file 'missing.txt'"}

                """)
    }

    /// A recording holds the file's lines, not `read`, so it replays without the file.
    @Test func aRecordingHoldsTheFilesLines() async throws {
        let dir = try folder(["s.txt": "delete 0.0\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.txt").path
        let session = dir.appendingPathComponent("r.session").path
        _ = try await BinaryLocator.run(["--record", session], input: "read \(script)\ncheck\n")
        let text = try String(contentsOfFile: session, encoding: .utf8)
        #expect(text.contains("> delete 0.0\n") && !text.contains("> read"))
        let (replayed, status) = try await BinaryLocator.run(["replay", session], input: "")
        #expect(status == 0, "\(replayed)")
    }

    /// `--interactive` reads standard input after the script files, in the state they left.
    @Test func interactiveStaysAfterTheScripts() async throws {
        let dir = try folder(["s.txt": "delete 0.0\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.txt").path
        let (output, status) = try await BinaryLocator.run(["--interactive", script], input: "stats\n")
        #expect(status == 0)
        #expect(output.contains("objects: 11"))
        let (without, _) = try await BinaryLocator.run([script], input: "stats\n")
        #expect(!without.contains("objects:"), "without --interactive standard input is not read")
    }

    /// A script and a `read` file written on Windows (CRLF) run line by line, as with LF.
    @Test func windowsLineEndingsInScriptsAndRead() async throws {
        let dir = try folder([
            "inner.txt": "delete 0.0\r\nstats\r\n", "script.txt": "set 0.0 title=\"Oat milk\"\r\ncheck\r\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let inner = dir.appendingPathComponent("inner.txt").path
        let script = dir.appendingPathComponent("script.txt").path
        let (readOutput, readErrors, readStatus) = try await BinaryLocator.runCollectingErrors(
            [], input: "read \(inner)\n")
        #expect(readStatus == 0, "\(readErrors)")
        #expect(readOutput.contains("1 delete applied") && readOutput.contains("objects: 11"))
        let (scriptOutput, scriptErrors, scriptStatus) = try await BinaryLocator.runCollectingErrors(
            [script], input: "")
        #expect(scriptStatus == 0, "\(scriptErrors)")
        #expect(scriptOutput.contains("Oat milk"))
        #expect(!scriptErrors.contains("control character"))
    }
}
