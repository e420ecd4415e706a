import Adapters
import FetchedResults
import Fuzzing
import Interpreter
import Testing
import Transcripts

/// Configurations that must stay consistent under every workload the fuzzer writes.
@Suite struct FuzzConsistencyTests {
    /// 2 seeds × 25,000 = 50,000 batches of the default workload (20 rows, 4 section names), which
    /// run in parallel. A failure is shrunk and its transcript printed, ready for `Sessions/`.
    @Test(arguments: [UInt64(1), 2])
    func coordinatorWithSkipMovesStaysConsistent(seed: UInt64) throws {
        let configuration = FuzzConfiguration.with(seed: seed, batches: 25_000)
        if let found = try FuzzPipeline.run(configuration) {
            Issue.record(
                "\(configuration.commandLine) failed at batch \(found.finding.batch):\n\(found.transcript.text)")
        }
    }

    /// The coordinator's defaults survive the iOS 9 profile (same-path moves, update + move of
    /// one object: it reconfigures updated cells after the batch), the iOS 10 profile (moves
    /// lowered to updates, sections delivered first) and the strict profile (limit and offset
    /// enforced), 5,000 batches each.
    @Test(arguments: [CompatibilityProfile.ios9, .ios10, .strict])
    func coordinatorStaysConsistentUnderTheProfiles(_ profile: CompatibilityProfile) throws {
        let configuration = FuzzConfiguration.with(seed: 5, batches: 5_000) { $0.profile = profile }
        if let found = try FuzzPipeline.run(configuration) {
            Issue.record(
                "\(configuration.commandLine) failed at batch \(found.finding.batch):\n\(found.transcript.text)")
        }
    }

    /// Apple's template with the correct update policy (reconfigure after the batch) and
    /// `skip-moves` survives every profile's shapes — lowered moves (rules 19, 22), the iOS 9 double
    /// report (rule 21), today's delivery order (rule 2) — under every reorder strategy, both sort
    /// directions and a filter: the user-driven path skips the one move of a drag and reconfigures
    /// the updated rows.
    @Test(arguments: CompatibilityProfile.allCases)
    func appleTemplateWithReconfigureAfterStaysConsistentUnderTheProfiles(_ profile: CompatibilityProfile) throws {
        for (index, reorder) in ReorderStrategy.allCases.enumerated() {
            let configuration = FuzzConfiguration.with(seed: 20 + UInt64(index), batches: 800) {
                $0.adapter = .appleTemplate
                $0.updates = .reconfigureAfter
                $0.userDriven = .skipMoves
                $0.profile = profile
                $0.reorder = reorder
                $0.sortsAscending = index % 2 == 0
                $0.filterPercent = 25
            }
            if let found = try FuzzPipeline.run(configuration) {
                Issue.record(
                    "\(configuration.commandLine) failed at batch \(found.finding.batch):\n\(found.transcript.text)")
            }
        }
    }

    /// `reload-all` survives even drags without the user-driven flag.
    @Test func reloadAllStaysConsistentWithUnflaggedDrags() throws {
        let configuration = FuzzConfiguration.with(seed: 3, batches: 3_000) {
            $0.adapter = .reloadAll
            $0.unflaggedPercent = 40
        }
        if let found = try FuzzPipeline.run(configuration) {
            Issue.record(
                "\(configuration.commandLine) failed at batch \(found.finding.batch):\n\(found.transcript.text)")
        }
    }

    /// A drag without the flag is the app's bug: the coordinator moves the row a second time.
    @Test func coordinatorFailsOnUnflaggedDrags() throws {
        let configuration = FuzzConfiguration.with(seed: 3, batches: 2_000) { $0.unflaggedPercent = 40 }
        let found = try #require(try FuzzPipeline.run(configuration))
        #expect(found.transcript.text.contains("> move --unflagged "))
    }
}
