import FetchSimCoreData
import FetchSimTestSupport
import FetchSimUIKit
import FetchedResults
import Foundation
import ObjectGraph
import Testing

@testable import Benchmarks

/// `fetchsim bench --stack apple` on small lists: no timings are asserted, only that the Apple
/// stack runs beside the engine's pipeline on the same events, shows what the engine shows, and
/// is reported with its ratio.
@MainActor
@Suite struct AppleStackTests {
    @Test func everyPairIsReportedWithTheAppleColumns() throws {
        let runner = BenchRunner(sizes: [300], changes: [1, 40], seed: 5, repetitions: 3, stack: .apple)
        var results: [BenchResult] = []
        try runner.run(progress: { _ in }, report: { results.append($0) })
        #expect(results.map(\.changes) == [1, 40])
        for result in results {
            let apple = try #require(result.appleMs)
            #expect(apple > 0 && result.pipelineMs > 0)
            #expect(result.appleRatio == apple / result.pipelineMs)
        }
        let table = BenchResult.table(results)
        let header = table[0]
        #expect(header.hasSuffix("apple ms  apple ratio"), "\(header)")
        #expect(table[1].split(separator: " ").count == BenchResult.tableHeader.count + 2)
        #expect(BenchResult.legend(for: results).contains { $0.hasPrefix("apple ms:") })
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(results[0].jsonLine.utf8)) as? [String: Any])
        #expect(json["apple_ms"] is Double && json["apple_ratio"] is Double)
    }

    @Test func theEngineStackReportsNoAppleColumns() throws {
        let runner = BenchRunner(sizes: [200], changes: [5], seed: 5, repetitions: 2)
        var results: [BenchResult] = []
        try runner.run(progress: { _ in }, report: { results.append($0) })
        #expect(results.allSatisfy { $0.appleMs == nil && $0.appleRatio == nil })
        #expect(!BenchResult.table(results)[0].contains("apple"))
        #expect(!results[0].jsonLine.contains("apple"))
        #expect(BenchResult.legend(for: results) == BenchResult.legend)
    }

    /// The same events through both stacks leave the same list: per-section counts, the rows on
    /// screen (the middle of the list) and their titles, read from the engine's own controller.
    @Test func theAppleStackShowsWhatTheEnginePipelineShows() throws {
        var workload = BenchWorkload(seed: 11)
        let store = try workload.makeStore(count: 400)
        var appleWorkload = BenchWorkload(seed: 11)
        let apple = try AppleStack(store: appleWorkload.makeStore(count: 400))
        let pipeline = try PipelineStack(context: ObjectContext(store: store), path: .automatic)
        for _ in 0..<30 {
            let edits = workload.nextEvent(changes: 12)
            try BenchWorkload.apply(edits, to: pipeline.context)
            try apple.apply(edits)
            #expect(try pipeline.processEvent() == [])
            #expect(apple.processEvent() == [])
        }
        let table = try #require(apple.controller.tableView)
        let engine = pipeline.controller
        #expect(table.numberOfSections == engine.numberOfSections)
        #expect(
            (0..<table.numberOfSections).map(table.numberOfRows(inSection:))
                == (0..<engine.numberOfSections).map(engine.numberOfObjects(inSection:)))
        let visible = try #require(table.indexPathsForVisibleRows)
        #expect(visible == pipeline.table.indexPathsForVisibleRows)
        #expect(visible.count == PipelineStack.viewportHeight)
        let titles = visible.map { path -> String? in
            guard case .string(let title)? = engine.object(at: path)?.value(forKey: "title") else { return nil }
            return title
        }
        #expect(table.visibleCells.map { $0.textLabel?.text } == titles)
    }
}

/// The option on the command line.
@Suite struct AppleStackCommandTests {
    @Test func benchWithTheAppleStackPrintsBothPipelinesAndTheRatio() async throws {
        let (output, errors, status) = try await BinaryLocator.runCollectingErrors(
            ["bench", "--stack", "apple", "--sizes", "300", "--changes", "1,20", "--repetitions", "2"])
        #expect(status == 0, "\(errors)")
        let lines = output.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        #expect(header.contains("pipeline ms") && header.hasSuffix("apple ms  apple ratio"), "\(output)")
        #expect(
            lines.dropFirst().prefix(2).allSatisfy {
                $0.split(separator: " ").count == BenchResult.tableHeader.count + 2
            }, "\(output)")
        #expect(output.contains("apple ratio: apple / pipeline"))
    }

    @Test func anUnknownStackIsAUsageError() async throws {
        let (_, errors, status) = try await BinaryLocator.runCollectingErrors(["bench", "--stack", "uikit"])
        #expect(status == 64, "\(errors)")
        #expect(errors.contains("uikit") && errors.contains("--stack"), "\(errors)")
        #expect(errors.contains("Usage: fetchsim bench "), "\(errors)")
    }

    @Test func theAppleStackIsRefusedWithOtherScenarios() async throws {
        let (_, errors, status) = try await BinaryLocator.runCollectingErrors(["bench", "--stack", "apple", "--store"])
        #expect(status == 64, "\(errors)")
        #expect(errors.contains("--stack apple measures the default scenario's pipeline"), "\(errors)")
    }
}
