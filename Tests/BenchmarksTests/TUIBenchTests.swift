import Benchmarks
import Testing

/// The full-screen scenario runs, keeps the list consistent, and redraws only changed lines.
@Suite struct TUIBenchTests {
    @Test func aSmallRunMeasuresEveryKindAndRedrawsOnlyWhatChanged() throws {
        var results: [TUIBench.Result] = []
        var bench = TUIBench(sizes: [2_000], repetitions: 10)
        bench.rows = 30
        try bench.run(progress: { _ in }, report: { results.append($0) })
        let result = try #require(results.first)
        #expect(results.count == 1)
        #expect(result.size == 2_000)
        #expect(result.cursorMilliseconds > 0 && result.dropMilliseconds > 0 && result.recordedDropMilliseconds > 0)
        // A cursor move rewrites the row it leaves, the row it reaches and the message line, not
        // the 30 lines of the screen (a column may widen: a few more).
        #expect(result.linesPerCursorMove >= 2 && result.linesPerCursorMove < 10)
        #expect(TUIBench.Result.table(results).count == 2)
    }
}
