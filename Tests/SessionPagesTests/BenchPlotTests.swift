import FetchSimTestSupport
import Foundation
import FoundationXML
import Testing

/// `fetchsim bench --html/--svg` end to end, on lists small enough for a debug build: the plots
/// are drawn, the SVG is well-formed XML, the figures are tabled below.
@Suite(.timeLimit(.minutes(5)))
struct BenchPlotTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func eventCostPlotsPerChangeCount() async throws {
        let dir = try folder()
        let html = dir.appendingPathComponent("bench.html").path
        let svg = dir.appendingPathComponent("bench.svg").path
        let (_, status) = try await BinaryLocator.run(
            ["bench", "--sizes", "100,1000", "--changes", "1,5", "--repetitions", "2", "--html", html, "--svg", svg],
            input: "")
        #expect(status == 0)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        // One plot per k, each with FetchSim, the Heckel diff and the baseline.
        #expect(PageFixtures.occurrences(of: "<svg xmlns", in: page) == 2)
        #expect(page.contains(">k = 1 change per event<") && page.contains(">k = 5 changes per event<"))
        for name in ["FetchSim controller", "FetchSim pipeline", "Heckel diff alone", "refetch baseline"] {
            #expect(PageFixtures.occurrences(of: "data-series=\"\(name)\"", in: page) == 2, "series \(name)")
        }
        // Four rows of figures under the plots, as the text table prints them.
        #expect(PageFixtures.occurrences(of: "<tr><td>", in: page) == 4)
        #expect(page.contains("<tr><td>1,000</td><td>5</td>"))
        // The SVG file is XML, with both plots.
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: svg))
        #expect(document.rootElement()?.name == "svg")
        #expect(try document.nodes(forXPath: "/*[local-name()='svg']/*[local-name()='svg']").count == 2)
    }

    @Test func reorderPlotsWritesAndTimePerStrategy() async throws {
        let dir = try folder()
        let html = dir.appendingPathComponent("reorder.html").path
        let (_, status) = try await BinaryLocator.run(
            ["bench", "--reorder", "--sizes", "50,500", "--drags", "10", "--html", html], input: "")
        #expect(status == 0)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains(">writes per drag (median)<") && page.contains(">time per drag (median)<"))
        for strategy in ["dense", "sparse", "fractional"] {
            #expect(page.contains("data-series=\"\(strategy)\""), "strategy \(strategy)")
            #expect(page.contains("<tr><td>\(strategy)</td><td>500</td><td>10</td>"))
        }
    }

    @Test func storeAndTUIScenariosAreNotPlotted() async throws {
        let (_, error, status) = try await BinaryLocator.runCollectingErrors([
            "bench", "--store", "--svg", "/tmp/x.svg",
        ])
        #expect(status == 64)
        #expect(error.contains("--html and --svg draw the default scenario and --reorder, not --store"))
    }
}

/// `fetchsim fuzz --html`: the shrunk session's page beside it.
@Suite(.timeLimit(.minutes(5)))
struct FuzzPageTests {
    @Test func theShrunkSessionIsDrawnBesideIt() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let session = dir.appendingPathComponent("shrunk.session").path
        let html = dir.appendingPathComponent("shrunk.html").path
        // Every drag without the user-driven flag: the adapter applies the drop a second time,
        // which fails within a few batches (rule 19).
        let (_, error, status) = try await BinaryLocator.runCollectingErrors(
            ["fuzz", "--seed", "3", "--batches", "500", "--unflagged", "100", "--out", session, "--html", html])
        #expect(status == 1)
        #expect(error.contains("fetchsim: fuzz: page '\(html)': "))
        let page = try String(contentsOfFile: html, encoding: .utf8)
        let transcript = try String(contentsOfFile: session, encoding: .utf8)
        // A step per input line of the shrunk session, and an inconsistent event in the timeline.
        let inputs = transcript.split(separator: "\n").filter { $0.hasPrefix("> ") }.count
        #expect(PageFixtures.stepTags(page).count == inputs)
        #expect(page.contains("<li class=\"bad\">"))
        #expect(page.contains("<title>shrunk.session · fetchsim session</title>"))
    }

    @Test func keyFuzzingHasNoSessionToDraw() async throws {
        let (_, error, status) = try await BinaryLocator.runCollectingErrors([
            "fuzz", "--keys", "10", "--html", "/tmp/x.html",
        ])
        #expect(status == 64)
        #expect(error.contains("--html draws a shrunk session; '--keys' does not write one"))
    }
}
