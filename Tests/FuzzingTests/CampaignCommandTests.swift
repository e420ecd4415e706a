import FetchSimTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Campaigns beyond one machine and CI reports (issue 34, items 17 and 18): `fuzz --shard K/N`,
/// `fetchsim fuzz-report`, and `--junit` for `replay` and `fuzz`, read back with an XML parser.
@Suite(.enabled(if: BinaryLocator.fetchsim != nil, "build fetchsim first (swift build)"), .timeLimit(.minutes(10)))
struct CampaignCommandTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-campaign-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func json(_ output: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    /// Shard K of N runs seed S×N+K−1: the parts of one campaign are disjoint, and a part
    /// replays alone with that seed.
    @Test func shardsRunDisjointSeeds() async throws {
        var seeds: [Int] = []
        for part in 1...3 {
            let (output, status) = try await BinaryLocator.run(
                ["fuzz", "--seed", "5", "--shard", "\(part)/3", "--batches", "50", "--json"], input: "")
            #expect(status == 0)
            seeds.append(try #require(try json(output)["seed"] as? Int))
        }
        #expect(seeds == [15, 16, 17])
        let alone = try await BinaryLocator.run(["fuzz", "--seed", "16", "--batches", "50", "--json"], input: "")
        let sharded = try await BinaryLocator.run(
            ["fuzz", "--seed", "5", "--shard", "2/3", "--batches", "50", "--json"], input: "")
        #expect(try json(alone.output)["batches"] as? Int == json(sharded.output)["batches"] as? Int)
        let (_, errors, status) = try await BinaryLocator.runCollectingErrors(["fuzz", "--shard", "4/3"])
        #expect(status == 64 && errors.contains("--shard"))
    }

    @Test func fuzzReportMergesShardsAndGivesTheFirstFailuresSession() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [String] = []
        for part in 1...3 {
            let out = dir.appendingPathComponent("s\(part).session").path
            let (output, _) = try await BinaryLocator.run(
                [
                    "fuzz", "--seed", "2", "--shard", "\(part)/3", "--batches", "200", "--adapter", "apple-template",
                    "--json", "--out", out,
                ], input: "")
            let file = dir.appendingPathComponent("shard\(part).json")
            try Data(output.utf8).write(to: file)
            files.append(file.path)
        }
        let session = dir.appendingPathComponent("first.session").path
        let (output, status) = try await BinaryLocator.run(["fuzz-report", "--out", session] + files, input: "")
        #expect(status == 1)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("fuzz-report: 3 runs, ") == true)
        #expect(lines.first?.hasSuffix("seeds 6, 7, 8") == true)
        #expect(lines.contains { $0.hasPrefix("fuzz-report: first failure: seed 6 (\(files[0]))") })
        let replay = try await BinaryLocator.run(["replay", session], input: "")
        #expect(replay.status == 0, "the first failure's session replays: \(replay.output)")
        // Not fuzz output: located, exit 2.
        let bogus = dir.appendingPathComponent("bogus.json")
        try Data("{\"ok\":true}\nnot json\n".utf8).write(to: bogus)
        let (_, errors, bad) = try await BinaryLocator.runCollectingErrors(["fuzz-report", bogus.path])
        #expect(bad == 2)
        #expect(errors == "fetchsim: fuzz-report: \(bogus.path):1: not fuzz output (no 'batches' or 'outcome')\n")
    }

    @Test func replayWritesJUnitWithATestCasePerTranscript() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = "Sessions/rule19-dense-renumbering-flagged.session"
        let broken = dir.appendingPathComponent("broken.session")
        try Data("# fetchsim session v1\n# start: demo\n> stats\nobjects: 99\n".utf8).write(to: broken)
        let report = dir.appendingPathComponent("junit.xml").path
        let (_, status) = try await BinaryLocator.run(["replay", "--junit", report, broken.path, good], input: "")
        #expect(status == 1)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "tests")?.stringValue == "2", "every transcript, even after a failure")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(
            cases.map { $0.attribute(forName: "name")?.stringValue } == ["broken", "rule19-dense-renumbering-flagged"])
        let failure = try #require(cases[0].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue?.hasSuffix("output differs for '> stats'") == true)
        #expect(
            failure.stringValue?.contains("-objects: 99") == true
                && failure.stringValue?.contains("+objects: 12") == true)
        #expect(cases[1].elements(forName: "failure").isEmpty)
    }

    @Test func fuzzWritesJUnitWithTheShrunkSession() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("fuzz.xml").path
        let (_, status) = try await BinaryLocator.run(
            [
                "fuzz", "--seed", "2", "--adapter", "apple-template", "--out",
                dir.appendingPathComponent("f.session").path, "--junit", report,
            ], input: "")
        #expect(status == 1)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let testCase = try #require(try document.nodes(forXPath: "//testcase").first as? XMLElement)
        #expect(testCase.attribute(forName: "name")?.stringValue == "seed 2")
        let failure = try #require(testCase.elements(forName: "failure").first)
        #expect(failure.stringValue?.hasPrefix("# fetchsim session v1\n") == true)
    }
}
