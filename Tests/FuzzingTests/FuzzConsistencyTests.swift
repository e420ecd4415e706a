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
            Issue.record("\(configuration.commandLine) failed at batch \(found.finding.batch):\n\(found.transcript.text)")
        }
    }

    /// The coordinator's defaults survive the iOS 9 profile (same-path moves, update + move of
    /// one object: it reconfigures updated cells after the batch) and the strict profile
    /// (limit and offset enforced), 5,000 batches each.
    @Test(arguments: [CompatibilityProfile.ios9, .strict])
    func coordinatorStaysConsistentUnderTheProfiles(_ profile: CompatibilityProfile) throws {
        let configuration = FuzzConfiguration.with(seed: 5, batches: 5_000) { $0.profile = profile }
        if let found = try FuzzPipeline.run(configuration) {
            Issue.record("\(configuration.commandLine) failed at batch \(found.finding.batch):\n\(found.transcript.text)")
        }
    }

    /// `reload-all` survives even drags without the user-driven flag.
    @Test func reloadAllStaysConsistentWithUnflaggedDrags() throws {
        let configuration = FuzzConfiguration.with(seed: 3, batches: 3_000) {
            $0.adapter = .reloadAll
            $0.unflaggedPercent = 40
        }
        if let found = try FuzzPipeline.run(configuration) {
            Issue.record("\(configuration.commandLine) failed at batch \(found.finding.batch):\n\(found.transcript.text)")
        }
    }

    /// A drag without the flag is the app's bug: the coordinator moves the row a second time.
    @Test func coordinatorFailsOnUnflaggedDrags() throws {
        let configuration = FuzzConfiguration.with(seed: 3, batches: 2_000) { $0.unflaggedPercent = 40 }
        let found = try #require(try FuzzPipeline.run(configuration))
        #expect(found.transcript.text.contains("> move --unflagged "))
    }
}

