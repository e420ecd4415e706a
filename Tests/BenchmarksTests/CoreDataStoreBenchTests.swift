import Benchmarks
import Foundation
import Testing

/// `bench --store --coredata` writes a Core Data store, reads, opens and fetches exactly the
/// objects it reports (no timing checks).
@Suite struct CoreDataStoreBenchTests {
    @Test func theCoreDataScenarioReadsEveryObject() throws {
        var results: [CoreDataStoreBench.Result] = []
        try CoreDataStoreBench(sizes: [300, 1]).run(progress: { _ in }, report: { results.append($0) })
        #expect(results.map(\.size) == [300, 1])
        #expect(results.allSatisfy { $0.fileBytes > 0 })
        let json = try JSONSerialization.jsonObject(with: Data(results[0].jsonLine.utf8)) as? [String: Any]
        #expect(json?["scenario"] as? String == "coredata-store")
        for key in [
            "size", "read_ms", "open_ms", "fetch_ms", "file_bytes", "read_cpu_ms", "open_cpu_ms", "fetch_cpu_ms",
            "context_bytes_per_object", "controller_bytes_per_object", "peak_rss_bytes",
        ] {
            #expect(json?[key] != nil, "\(key)")
        }
        #expect(CoreDataStoreBench.Result.table(results).count == 3)
    }

    /// With `--to-many` every note is in one of 200 folders, and the run checks that the folders'
    /// to-many relationships, read from the notes' foreign keys, hold every note once (it throws
    /// otherwise).
    @Test func theToManyCaseReadsEveryFoldersNotes() throws {
        var results: [CoreDataStoreBench.Result] = []
        try CoreDataStoreBench(sizes: [450], hasToMany: true).run(progress: { _ in }, report: { results.append($0) })
        #expect(results.map(\.size) == [450])
    }
}
