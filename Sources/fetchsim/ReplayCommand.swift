import ArgumentParser
import Foundation
import Interpreter
import Transcripts

/// `fetchsim replay FILE…`: replays transcripts and verifies every output block.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay session transcripts, verifying the output and the consistency after every batch.",
        discussion: """
            Exits with 0 when every transcript replayed as recorded, 1 when one did not (or was \
            rewritten by --update), 64 for bad arguments. --junit writes a JUnit XML report, a test \
            case per transcript, for CI systems.
            """
    )

    @Flag(help: "Rewrite the expected output in place where it differs.")
    var update = false

    @Flag(help: "Report every differing block in every file instead of stopping at the first.")
    var keepGoing = false

    @Option(help: ArgumentHelp("Start transcripts without a '# model:' header on this Xcode model.", valueName: "model"))
    var model: String?

    @Option(help: ArgumentHelp("Also write a JUnit XML report here (every transcript is replayed).", valueName: "file"))
    var junit: String?

    @Argument(help: ArgumentHelp("Transcript files (.session).", valueName: "file"))
    var files: [String]

    func validate() throws {
        if let junit, let problem = FileErrorReason.problem(writing: junit) {
            throw ValidationError("cannot write the JUnit report to '\(junit)': \(problem)")
        }
    }

    func run() throws {
        var replayer = TranscriptReplayer(updatesInPlace: update, reportsEveryBlock: keepGoing)
        replayer.model = model
        var passed = 0, failed = 0
        var report = JUnitReport(suite: "fetchsim replay")
        let clock = ContinuousClock()
        for path in files {
            let started = clock.now
            let result = replayer.replay(path: path)
            let elapsed = clock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
            report.cases.append(JUnitReport.Case(
                name: name, className: folder.isEmpty ? "Sessions" : folder, file: path, seconds: seconds,
                failure: result.passed ? nil : (result.report.first ?? "failed", result.report.joined(separator: "\n"))))
            if result.passed {
                passed += 1
            } else {
                failed += 1
                result.report.forEach { print($0) }
                if !keepGoing && !update && junit == nil { break }
            }
        }
        print("\(passed) passed, \(failed) failed")
        if let junit {
            do {
                try report.xml().write(toFile: junit, atomically: true, encoding: .utf8)
            } catch {
                FileHandle.standardError.write(Data("fetchsim: replay: cannot write '\(junit)': \(FileErrorReason.text(for: error))\n".utf8))
                throw ExitCode(2)
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
