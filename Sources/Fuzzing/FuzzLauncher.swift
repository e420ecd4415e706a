import Foundation
import Interpreter
import Transcripts

/// Runs `fetchsim fuzz` the way the executable does: the fuzzer with a progress bar on a
/// terminal, then, on the first failure, the shrinker and the transcript file; prints the
/// summary (a line of text or one JSON object) and returns the exit status: 0 when every batch
/// stayed consistent, 1 for a failure, 2 when the fuzzer itself went wrong.
package struct FuzzLauncher {
    package var configuration: FuzzConfiguration
    /// Where the shrunk session goes; nil for `fuzz-<seed>.session` in the current directory.
    package var outputPath: String?
    package var isJSON = false
    /// Whether to draw the progress bar on standard error (a terminal, `TERM` not `dumb`).
    package var showsProgress = isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    /// Seconds since an arbitrary start (injected so that tests need no clock).
    package var clock: () -> Double = {
        let now = ContinuousClock.now - FuzzLauncher.origin
        return Double(now.components.seconds) + Double(now.components.attoseconds) / 1e18
    }
    /// Where to write a JUnit XML report of the campaign (one test case), if anywhere.
    package var junitPath: String?
    /// The campaign's options as given (`--adapter diffable --shard 2/8`), naming its test case.
    package var campaignName: String?
    /// Whether the user asked the run to stop (Ctrl-C) since the last question; the executable
    /// answers from its SIGINT handler.
    package var isInterrupted: () -> Bool = { false }
    /// Standard output and standard error.
    package var output: (String) -> Void = { print($0) }
    package var status: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }

    private static let origin = ContinuousClock.now

    package init(configuration: FuzzConfiguration) {
        self.configuration = configuration
    }

    /// The path the shrunk session is written to.
    package var path: String { outputPath ?? "fuzz-\(configuration.seed).session" }

    package func run() -> Int32 {
        let start = clock()
        var lastDraw = -1.0
        let result: Fuzzer.Result
        do {
            result = try Fuzzer(configuration: configuration).run { done in
                guard showsProgress else { return }
                let now = clock() - start
                guard now - lastDraw >= 0.1 || done == configuration.batches else { return }
                lastDraw = now
                status(
                    "\r" + FuzzSummary.progressLine(done: done, total: configuration.batches, seconds: now) + "\u{1B}[K"
                )
            } shouldStop: {
                isInterrupted()
            }
        } catch {
            return fail("\(error)")
        }
        var summary = FuzzSummary(
            seed: configuration.seed, batches: result.batches, sessions: result.sessions, seconds: clock() - start)
        if showsProgress { status("\r\u{1B}[K") }
        let finding: FuzzFinding
        switch result.outcome {
        case .passed:
            report(summary)
            return 0
        case .interrupted:
            // Stopped by the user: the summary of what ran, and the shell's status for SIGINT.
            summary.wasInterrupted = true
            report(summary)
            return 130
        case .failed(let found):
            finding = found
        }
        if showsProgress { status("fuzz: batch \(finding.batch) failed (\(finding.failure.kind)); shrinking…") }
        var shrinker = FuzzShrinker(kind: finding.failure.kind)
        shrinker.breaksRenumbering = configuration.breaksRenumbering
        shrinker.schema = configuration.schema
        let shrunk = shrinker.shrink(finding.session)
        if showsProgress { status("\r\u{1B}[K") }
        do {
            let lines = shrunk.lines.count
            let comments = FuzzTranscript.comments(
                for: finding, configuration: configuration, shrunkLines: lines, tries: shrinker.tries)
            let model = configuration.schema.map {
                FuzzTranscript.relativePath(to: $0.options.model, from: (path as NSString).deletingLastPathComponent)
            }
            let transcript = try FuzzTranscript(
                session: shrunk, comments: comments, breaksRenumbering: configuration.breaksRenumbering,
                schema: configuration.schema, model: model)
            try transcript.text.write(toFile: path, atomically: true, encoding: .utf8)
            summary.finding = FuzzSummary.Shrunk(
                failure: transcript.failure ?? finding.failure, batch: finding.batch,
                inputLines: transcript.inputLines, tries: shrinker.tries, path: path,
                session: transcript.text)
        } catch {
            return fail("cannot write '\(path)': \(FileErrorReason.text(for: error))")
        }
        report(summary)
        return 1
    }

    private func report(_ summary: FuzzSummary) {
        if isJSON { output(summary.json.description) } else { summary.lines.forEach(output) }
        guard let junitPath else { return }
        // One test case: this campaign, failing with its shrunk session.
        var junit = JUnitReport(suite: "fetchsim fuzz")
        junit.cases.append(
            JUnitReport.Case(
                name: "seed \(configuration.seed)" + (campaignName.map { " (\($0))" } ?? ""), className: "fuzz",
                file: nil,
                seconds: summary.seconds,
                failure: summary.finding.map { ("batch \($0.batch) failed: \($0.failure)", $0.session) }))
        do {
            try junit.xml().write(toFile: junitPath, atomically: true, encoding: .utf8)
        } catch {
            status("fetchsim: fuzz: cannot write '\(junitPath)': \(FileErrorReason.text(for: error))\n")
        }
    }

    private func fail(_ message: String) -> Int32 {
        if showsProgress { status("\r\u{1B}[K") }
        if isJSON { output(JSONValue.object([("ok", false), ("error", .string(message))]).description) }
        status("fetchsim: fuzz: \(message)\n")
        return 2
    }
}
