import Adapters
import FetchedResults
import Fuzzing
import Testing

/// `--mixed`: drags written with other edits in one line (issue 33 item 1).
@Suite struct FuzzMixedDragTests {
    /// With every drag mixed, the drag lines also insert, delete and regroup (sections come and
    /// go), with edits both before and after the drag; every line runs whole.
    @Test func mixedLinesHoldADragAndEditsOfEveryKind() throws {
        let configuration = FuzzConfiguration.with(seed: 1, batches: 0) {
            $0.adapter = .reloadAll
            $0.mixedPercent = 100
        }
        let (all, _) = try FuzzGeneratorTests.generate(configuration, batches: 1_500)
        let mixed = all.filter { line in
            let parts = line.components(separatedBy: " ; ")
            return parts.count > 1 && parts.contains { $0.hasPrefix("move ") }
        }
        #expect(mixed.count > 20)
        let edits = mixed.flatMap { $0.components(separatedBy: " ; ") }
        #expect(edits.contains { $0.hasPrefix("insert Item ") })
        #expect(edits.contains { $0.hasPrefix("delete #") })
        #expect(edits.contains { $0.hasPrefix("set #") && $0.contains(" group=") })
        #expect(mixed.contains { !$0.hasPrefix("move ") }, "edits before the drag")
        #expect(mixed.contains { $0.hasPrefix("move ") }, "edits after the drag")
    }

    /// Without the option no drag shares its line, and the command line does not name it.
    @Test func withoutTheOptionADragIsALineOfItsOwn() throws {
        let configuration = FuzzConfiguration.with(seed: 1, batches: 0) { $0.adapter = .reloadAll }
        let (all, _) = try FuzzGeneratorTests.generate(configuration, batches: 800)
        #expect(!all.contains { $0.contains(" ; move ") || ($0.hasPrefix("move ") && $0.contains(" ; ")) })
        #expect(!configuration.commandLine.contains("--mixed"))
        var mixing = configuration
        mixing.mixedPercent = 40
        #expect(mixing.commandLine.hasSuffix(" --mixed 40"))
    }

    /// The correct configurations stay consistent with half the drags mixed: the coordinator
    /// under every profile, Apple's template with the correct update policy and `skip-moves`,
    /// reload-all, and the diffable app (as it is from iOS 15, or reconfiguring itself).
    @Test(arguments: Array(CompatibilityProfile.allCases.enumerated()))
    func correctConfigurationsStayConsistent(_ index: Int, _ profile: CompatibilityProfile) throws {
        var configurations: [(inout FuzzConfiguration) -> Void] = [
            { _ in },
            {
                $0.adapter = .appleTemplate
                $0.updates = .reconfigureAfter
                $0.userDriven = .skipMoves
            },
            { $0.adapter = .reloadAll },
            {
                $0.adapter = .diffable
                $0.updates = .reconfigure
            },
        ]
        if profile == .modern || profile == .strict { configurations.append { $0.adapter = .diffable } }
        for (offset, change) in configurations.enumerated() {
            let configuration = FuzzConfiguration.with(seed: 40 + UInt64(index * 10 + offset), batches: 400) {
                $0.profile = profile
                $0.mixedPercent = 50
                change(&$0)
            }
            if let found = try FuzzPipeline.run(configuration) {
                Issue.record(
                    "\(configuration.commandLine) failed at batch \(found.finding.batch):\n\(found.transcript.text)")
            }
        }
    }
}
