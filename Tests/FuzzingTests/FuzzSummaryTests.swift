import Foundation
import Fuzzing
import Interpreter
import Testing
import Transcripts

/// The one-line summary, the JSON object and the progress bar.
@Suite struct FuzzSummaryTests {
    @Test func aPassingRunIsOneLine() {
        let summary = FuzzSummary(seed: 7, batches: 50_000, sessions: 250, seconds: 50_000 / 41_230.0)
        #expect(summary.lines == ["fuzz: 50,000 batches, 0 inconsistencies, seed 7, 41,230 batches/s"])
    }

    @Test func aFailureSaysWhatFailedAndWhereTheSessionIs() {
        var summary = FuzzSummary(seed: 3, batches: 12, sessions: 1, seconds: 0.01)
        summary.finding = .init(
            failure: FuzzFailure(kind: .inconsistent(.staleCell), message: "row 0.0 shows a stale cell for #1: …"),
            batch: 12, inputLines: 6, tries: 80, path: "fuzz-3.session")
        #expect(
            summary.lines == [
                "fuzz: 12 batches, 1 inconsistency, seed 3, 1,200 batches/s",
                "fuzz: batch 12 failed: stale cell: row 0.0 shows a stale cell for #1: …",
                "fuzz: shrunk to 6 input lines in 80 tries: fuzz-3.session",
            ])
        let json = try? JSONSerialization.jsonObject(with: Data(summary.json.description.utf8)) as? [String: Any]
        #expect(json?["ok"] as? Bool == false)
        #expect(json?["outcome"] as? String == "inconsistent")
        #expect(json?["batchesPerSecond"] as? Int == 1_200)
        let failure = json?["failure"] as? [String: Any]
        #expect(failure?["kind"] as? String == "stale cell")
        #expect(failure?["transcript"] as? String == "fuzz-3.session")
    }

    @Test func theProgressBarShowsBatchesRateAndElapsedTime() {
        #expect(
            FuzzSummary.progressLine(done: 12_345, total: 50_000, seconds: 65)
                == "fuzz [█████░░░░░░░░░░░░░░░░░░░] 12,345/50,000 batches · 190 batches/s · 1:05")
    }
}
