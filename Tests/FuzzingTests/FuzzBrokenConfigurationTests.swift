import Fuzzing
import Interpreter
import Testing
import Transcripts

/// Each known-broken configuration is caught within 2,000 batches for three seeds, and shrunk to
/// a short transcript that shows the failure and replays green, byte for byte the same every time.
@Suite struct FuzzBrokenConfigurationTests {
    struct BrokenCase: Sendable, CustomTestStringConvertible {
        let name: String
        let change: @Sendable (inout FuzzConfiguration) -> Void

        var testDescription: String { name }

        static let all = [
            BrokenCase(name: "apple-template") { $0.adapter = .appleTemplate },
            BrokenCase(name: "moves=move-row") { $0.moves = .moveRow },
            BrokenCase(name: "userdriven=off") { $0.userDriven = .off },
            BrokenCase(name: "userdriven=skip-all") { $0.userDriven = .skipAll },
            BrokenCase(name: "updates=reconfigure") { $0.updates = .reconfigure },
            // The platform quirk of the iOS 9 update + move of one object meeting an adapter that
            // reloads updated rows (rule 21). (The iOS 10 swap, rule 22, is now Apple's lowering,
            // which keeps the coordinator's defaults consistent: FuzzConsistencyTests.)
            BrokenCase(name: "profile=ios9 updates=reload") {
                $0.profile = .ios9
                $0.updates = .reload
            },
        ]
    }

    @Test(arguments: BrokenCase.all, [UInt64(1), 2, 3])
    func isCaughtAndShrunk(_ broken: BrokenCase, seed: UInt64) throws {
        let configuration = FuzzConfiguration.with(seed: seed, batches: 2_000, broken.change)
        let found = try #require(
            try FuzzPipeline.run(configuration), "\(configuration.commandLine) survived 2,000 batches")
        #expect(found.finding.batch <= 2_000)
        #expect(found.transcript.inputLines <= 10, "\(found.transcript.text)")
        #expect(found.transcript.failure?.kind == found.finding.failure.kind)

        let transcript = try Transcript.parse(found.transcript.text)
        #expect(transcript.header.start == .empty)
        #expect(transcript.header.expectsInconsistency)
        #expect(transcript.header.comments.contains("Found by: \(configuration.commandLine)"))
        let last = try #require(transcript.entries.last)
        #expect(
            last.expected.contains { $0.hasPrefix("✗ inconsistent") || $0.hasPrefix("CoreData: error: ") },
            "the failing line's recorded output shows the failure")

        let replay = try FuzzPipeline.replay(found.transcript.text)
        #expect(replay.passed, "\(replay.report.joined(separator: "\n"))\n\(found.transcript.text)")

        let again = try #require(try FuzzPipeline.run(configuration))
        #expect(again.transcript.text == found.transcript.text, "shrinking is deterministic")
    }
}
