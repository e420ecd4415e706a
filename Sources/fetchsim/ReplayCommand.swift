import ArgumentParser
import Transcripts

/// `fetchsim replay FILE…`: replays transcripts and verifies every output block.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay session transcripts, verifying the output and the consistency after every batch."
    )

    @Flag(help: "Rewrite the expected output in place where it differs.")
    var update = false

    @Flag(help: "Report every differing block in every file instead of stopping at the first.")
    var keepGoing = false

    @Option(help: ArgumentHelp("Start transcripts without a '# model:' header on this Xcode model.", valueName: "model"))
    var model: String?

    @Argument(help: ArgumentHelp("Transcript files (.session).", valueName: "file"))
    var files: [String]

    func run() throws {
        var replayer = TranscriptReplayer(updatesInPlace: update, reportsEveryBlock: keepGoing)
        replayer.model = model
        var passed = 0, failed = 0
        for path in files {
            let result = replayer.replay(path: path)
            if result.passed {
                passed += 1
            } else {
                failed += 1
                result.report.forEach { print($0) }
                if !keepGoing && !update { break }
            }
        }
        print("\(passed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode(1) }
    }
}
