import Foundation
import Testing

@testable import Benchmarks

/// The benchmark's plumbing on tiny lists: no timings are asserted, only that every pair is
/// measured, the pipeline stays consistent (the runner throws otherwise) and the output is well formed.
@Suite struct BenchRunnerTests {
    @Test func everyPairIsReportedOnce() throws {
        let runner = BenchRunner(sizes: [200, 500], changes: [1, 30], seed: 3, repetitions: 3)
        var results: [BenchResult] = []
        var progress: [String] = []
        try runner.run(progress: { progress.append($0) }, report: { results.append($0) })
        #expect(results.map { [$0.size, $0.changes] } == [[200, 1], [200, 30], [500, 1], [500, 30]])
        #expect(
            results.allSatisfy { $0.events == 3 && $0.baselineEvents >= 1 && $0.controllerMs > 0 && $0.pipelineMs > 0 })
        #expect(results.allSatisfy { $0.contextMs > 0 && $0.heckelContextRatio > $0.heckelRatio })
        #expect(!progress.isEmpty)
    }

    @Test func jsonLinesHaveTheIssueKeys() throws {
        let result = BenchResult(
            size: 1_000_000, changes: 100, controllerMs: 0.5, pipelineMs: 2.25, baselineMs: 812.125,
            refetchMs: 800, differenceMs: 12.125, heckelMs: 150.25,
            fetchMs: 1_200, bytesPerObject: 260, controllerBytesPerObject: 240, events: 41, baselineEvents: 3,
            contextMs: 50.25)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.jsonLine.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "size", "changes", "controller_ms", "pipeline_ms", "baseline_ms", "ratio", "refetch_ms", "diff_ms",
                "heckel_ms",
                "heckel_ratio", "fetch_ms", "bytes_per_object",
                "controller_bytes_per_object", "context_bytes_per_object", "peak_rss_bytes", "context_ms",
                "heckel_context_ratio",
            ])
        #expect(object["controller_bytes_per_object"] as? Int == 240)
        #expect(object["ratio"] as? Double == 1624.3)
        #expect(object["heckel_ratio"] as? Double == 300.5)
        // (50.25 + 150.25) / 0.5
        #expect(object["heckel_context_ratio"] as? Double == 401.0)
        #expect(object["context_ms"] as? Double == 50.25)
        #expect(object["size"] as? Int == 1_000_000)
        #expect(BenchResult.table([result]).count == 2)
    }

    @Test func theWorkloadIsRepeatable() throws {
        var a = BenchWorkload(seed: 9)
        var b = BenchWorkload(seed: 9)
        _ = try a.makeStore(count: 50)
        _ = try b.makeStore(count: 50)
        for _ in 0..<20 {
            #expect(String(describing: a.nextEvent(changes: 10)) == String(describing: b.nextEvent(changes: 10)))
        }
    }

    @Test(arguments: [
        (0.0, 4, "0.0000"), (1.5, 1, "1.5"), (0.00049, 4, "0.0005"), (2456.54, 1, "2456.5"), (12.0, 0, "12"),
    ])
    func decimals(value: Double, places: Int, text: String) {
        #expect(BenchResult.decimal(value, places: places) == text)
    }
}
