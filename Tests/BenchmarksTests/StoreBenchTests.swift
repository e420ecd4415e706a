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
        for key in [
            "scenario", "size", "save_ms", "open_ms", "fetch_ms", "file_bytes", "save_cpu_ms", "open_cpu_ms",
            "fetch_cpu_ms",
        ] { #expect(json?[key] != nil, "\(key)") }
        // The phases of the peak (issue 14, item 4): resident memory grows by the context at the
        // open, and the peak is at least what is resident after the fetch.
        let megabytes = { (key: String) in json?[key] as? Double ?? -1 }
        for key in [
            "rss_before_open_mb", "peak_open_mb", "rss_after_open_mb", "rss_after_open_untrimmed_mb",
            "rss_after_fetch_mb", "rss_after_fetch_untrimmed_mb", "rss_before_open_untrimmed_mb",
        ] {
            #expect(megabytes(key) > 0, "\(key)")
        }
        #expect(megabytes("rss_after_open_mb") >= megabytes("rss_before_open_mb") - 1)
        if result.peakIsReset { #expect(megabytes("peak_rss_mb") >= megabytes("rss_after_fetch_mb")) }
    }
}
