import ArgumentParser
import Foundation
import Interpreter
import SessionPages
import Transcripts

/// `fetchsim replay FILE…`: replays transcripts and verifies every output block.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay session transcripts, verifying the output and the consistency after every batch.",
        discussion: """
            Exits with 0 when every transcript replayed as recorded, 1 when one did not (or was \
            rewritten by --update), 64 for bad arguments. --junit writes a JUnit XML report, a test \
            case per transcript, for CI systems. --html writes the one transcript it is given as a \
            self-contained HTML page: every step with its table, callbacks, errors and the check's \
            verdict (docs/sessions.md, "Pages").
            """
    )

    @Flag(help: "Rewrite the expected output in place where it differs.")
    var update = false

    @Flag(help: "Report every differing block in every file instead of stopping at the first.")
    var keepGoing = false

    @Option(
        help: ArgumentHelp("Start transcripts without a '# model:' header on this Xcode model.", valueName: "model"))
    var model: String?

    @Option(help: ArgumentHelp("Also write a JUnit XML report here (every transcript is replayed).", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Also write the transcript (only one) as an HTML page here.", valueName: "file"))
    var html: String?

    @Argument(help: ArgumentHelp("Transcript files (.session).", valueName: "file"))
    var files: [String]

    func validate() throws {
        if let junit, let problem = FileErrorReason.problem(writing: junit) {
            throw ValidationError("cannot write the JUnit report to '\(junit)': \(problem)")
        }
        if let html {
            guard files.count == 1 else {
                throw ValidationError("--html writes the page of one transcript; \(files.count) were given")
            }
            if let problem = FileErrorReason.problem(writing: html) {
                throw ValidationError("cannot write the page to '\(html)': \(problem)")
            }
        }
    }

    func run() throws {
        var replayer = TranscriptReplayer(updatesInPlace: update, reportsEveryBlock: keepGoing)
        replayer.model = model
        var passed = 0
        var failed = 0
        var report = JUnitReport(suite: "fetchsim replay")
        let clock = ContinuousClock()
        for path in files {
            let started = clock.now
            let result = replayer.replay(path: path)
            let elapsed = clock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
            report.cases.append(
                JUnitReport.Case(
                    name: name, className: folder.isEmpty ? "Sessions" : folder, file: path, seconds: seconds,
                    failure: result.passed
                        ? nil : (result.report.first ?? "failed", result.report.joined(separator: "\n"))))
            if result.passed {
                passed += 1
            } else {
                failed += 1
                result.report.forEach { print($0) }
                if !keepGoing && !update && junit == nil { break }
            }
        }
        if let html, let path = files.first { try writePage(of: path, to: html) }
        print("\(passed) passed, \(failed) failed")
        if let junit {
            do {
                try report.xml().write(toFile: junit, atomically: true, encoding: .utf8)
            } catch {
                FileHandle.standardError.write(
                    Data("fetchsim: replay: cannot write '\(junit)': \(FileErrorReason.text(for: error))\n".utf8))
                throw ExitCode(2)
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }

    /// Writes the page of the transcript at `path` (whether or not it replayed as recorded: a
    /// failing session is the one worth looking at).
    private func writePage(of path: String, to output: String) throws {
        let transcript: Transcript
        do {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw TranscriptError(line: 0, "cannot read the file")
            }
            transcript = try Transcript.parse(data: data)
        } catch {
            FileHandle.standardError.write(Data("fetchsim: replay: no page for '\(path)': \(error)\n".utf8))
            throw ExitCode(2)
        }
        do {
            let summary = try SessionPage(title: URL(fileURLWithPath: path).lastPathComponent).write(
                transcript, toFile: output)
            print("page '\(output)': \(summary)")
        } catch {
            FileHandle.standardError.write(
                Data("fetchsim: replay: cannot write '\(output)': \(FileErrorReason.text(for: error))\n".utf8))
            throw ExitCode(2)
        }
    }
}
