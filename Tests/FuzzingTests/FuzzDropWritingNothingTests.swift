import Adapters
import Fuzzing
import Testing

/// A drop that writes nothing in a mixed line (docs/semantics.md, "A drop that writes nothing"):
/// `fuzz --reorder fractional --mixed 30 --seed 11` found it at batch 595 ("row 1.0 shows #2
/// "h3" but the controller has #3 "m3" there"); with the drop flagged the run stays consistent.
@Suite struct FuzzDropWritingNothingTests {
    @Test func theSeedThatFoundItRunsClean() throws {
        let configuration = FuzzConfiguration.with(seed: 11, batches: 700) {
            $0.reorder = .fractional
            $0.mixedPercent = 30
        }
        if let found = try FuzzPipeline.run(configuration) {
            Issue.record(
                "\(configuration.commandLine) failed at batch \(found.finding.batch):\n\(found.transcript.text)")
        }
    }
}
