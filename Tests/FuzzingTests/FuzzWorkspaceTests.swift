import Fuzzing
import Interpreter
import Testing
import Transcripts

/// Several controllers and background contexts under the fuzzer (issue 16): the correct
/// configurations stay consistent; each bug configuration is caught in its first batches and
/// shrunk to a short transcript that replays green.
@Suite struct FuzzWorkspaceTests {
    struct WorkspaceCase: Sendable, CustomTestStringConvertible {
        let name: String
        let change: @Sendable (inout FuzzWorkspaceOptions) -> Void

        var testDescription: String { name }

        static let correct = [
            WorkspaceCase(name: "--controllers 3") { $0.controllers = 3 },
            WorkspaceCase(name: "--background 25") { $0.backgroundPercent = 25 },
            WorkspaceCase(name: "--controllers 2 --background 25") {
                $0.controllers = 2
                $0.backgroundPercent = 25
            },
        ]

        static let broken = [
            WorkspaceCase(name: "--share-table") {
                $0.controllers = 2
                $0.sharesTable = true
            },
            WorkspaceCase(name: "--leave-delegate") {
                $0.controllers = 2
                $0.leavesDelegate = true
            },
            WorkspaceCase(name: "--merge ios9") {
                $0.backgroundPercent = 25
                $0.merge = .ios9
            },
            WorkspaceCase(name: "--merge off") {
                $0.backgroundPercent = 25
                $0.merge = .off
            },
        ]
    }

    @Test(arguments: WorkspaceCase.correct, [UInt64(1), 2])
    func correctConfigurationStaysConsistent(_ test: WorkspaceCase, seed: UInt64) throws {
        let configuration = FuzzConfiguration.with(seed: seed, batches: 600) { test.change(&$0.workspaceOptions) }
        let result = try Fuzzer(configuration: configuration).run()
        guard case .failed(let finding) = result.outcome else {
            #expect(result.batches == 600)
            return
        }
        Issue.record("\(configuration.commandLine) failed at batch \(finding.batch): \(finding.failure)")
    }

    @Test(arguments: WorkspaceCase.broken, [UInt64(1), 2])
    func bugIsCaughtAndShrunk(_ test: WorkspaceCase, seed: UInt64) throws {
        let configuration = FuzzConfiguration.with(seed: seed, batches: 2_000) { test.change(&$0.workspaceOptions) }
        let found = try #require(
            try FuzzPipeline.run(configuration), "\(configuration.commandLine) survived 2,000 batches")
        #expect(found.transcript.inputLines <= 12, "\(found.transcript.text)")
        #expect(found.transcript.failure?.kind == found.finding.failure.kind)
        let replay = try FuzzPipeline.replay(found.transcript.text)
        #expect(replay.passed, "\(replay.report.joined(separator: "\n"))\n\(found.transcript.text)")
    }

    @Test func optionsOutOfRangeAreRefusedByName() {
        func message(_ make: () throws -> FuzzWorkspaceOptions) -> String? {
            do {
                _ = try make()
                return nil
            } catch {
                return (error as? FuzzConfigurationError)?.description
            }
        }
        #expect(
            message {
                try FuzzWorkspaceOptions(
                    controllers: 5, sharesTable: false, leavesDelegate: false, backgroundPercent: 0, merge: .auto)
            }
                == "'--controllers' must be between 1 and 4, not '5'")
        #expect(
            message {
                try FuzzWorkspaceOptions(
                    controllers: 1, sharesTable: true, leavesDelegate: false, backgroundPercent: 0, merge: .auto)
            }
                == "'--share-table' needs '--controllers 2' or more")
        #expect(
            message {
                try FuzzWorkspaceOptions(
                    controllers: 1, sharesTable: false, leavesDelegate: false, backgroundPercent: 101, merge: .auto)
            }
                == "'--background' must be a percentage between 0 and 100, not '101'")
    }

    @Test func commandLineNamesTheOptions() throws {
        var configuration = FuzzConfiguration()
        configuration.workspaceOptions = try FuzzWorkspaceOptions(
            controllers: 2, sharesTable: true, leavesDelegate: false,
            backgroundPercent: 10, merge: .ios9)
        #expect(
            configuration.commandLine
                == "fetchsim fuzz --seed 1 --controllers 2 --share-table --background 10 --merge ios9")
    }
}
