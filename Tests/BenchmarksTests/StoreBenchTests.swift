import Benchmarks
import Foundation
import Testing

/// The store scenario writes, reopens and fetches exactly the objects it reports (no timing checks).
@Suite struct StoreBenchTests {
    @Test func theStoreScenarioRoundTripsEveryObject() throws {
        var results: [StoreBench.Result] = []
        try StoreBench(sizes: [300]).run(progress: { _ in }, report: { results.append($0) })
        let result = try #require(results.first)
        #expect(result.size == 300)
        #expect(result.fileBytes > 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.jsonLine.utf8)) as? [String: Any]
        for key in ["scenario", "size", "save_ms", "open_ms", "fetch_ms", "file_bytes", "save_cpu_ms", "open_cpu_ms", "fetch_cpu_ms"] { #expect(json?[key] != nil, "\(key)") }
    }
}
