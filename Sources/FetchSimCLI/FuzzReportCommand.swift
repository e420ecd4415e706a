import ArgumentParser
import FetchSimCore
import Foundation
import Interpreter
import Transcripts

/// `fetchsim fuzz-report FILE…`: merges the `--json` answers of a campaign's shards (or of any
/// fuzz runs) into one summary, with the first failure's shrunk session.
struct FuzzReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz-report",
        abstract:
            "Merge the --json output of fuzz runs (a sharded campaign) into one summary with the first failure's shrunk session.",
        discussion: """
            Each file holds the one-line JSON objects 'fetchsim fuzz --json' prints (a file per shard, \\
            or several lines in one file). The first failure is the one in the first file given \\
            (then the earliest line) that failed. Exits with 0 when no run failed, 1 when one did, \\
            2 when a file cannot be read as fuzz output.
            """
    )

    @Option(
        help: ArgumentHelp("Write the first failure's shrunk session here instead of printing it.", valueName: "file"))
    var out: String?

    @Option(help: ArgumentHelp("Also write a JUnit XML report, a test case per run.", valueName: "file"))
    var junit: String?

    @Argument(help: ArgumentHelp("Files of 'fetchsim fuzz --json' output.", valueName: "file"))
    var files: [String]

    /// One run's answer, as much of it as the report uses.
    struct Run {
        var file: String
        var seed: String
        var batches: Int
        var sessions: Int
        var seconds: Double
        var outcome: String
        var failure: (batch: Int, message: String, session: String)?
    }

    func run() throws {
        var runs: [Run] = []
        for path in files {
            do {
                runs += try Self.runs(in: path)
            } catch {
                let message = (error as? FuzzReportError)?.message ?? "\(error)"
                FileHandle.standardError.write(Data("fetchsim: fuzz-report: \(message)\n".utf8))
                throw ExitCode(2)
            }
        }
        let failed = runs.filter { $0.failure != nil }
        let batches = runs.reduce(0) { $0 + $1.batches }
        print(
            "fuzz-report: \(runs.count) run\(runs.count == 1 ? "" : "s"), \(NumberText.grouped(batches)) batches, "
                + "\(failed.count) inconsistenc\(failed.count == 1 ? "y" : "ies"); seeds \(runs.map(\.seed).joined(separator: ", "))"
        )
        let interrupted = runs.filter { $0.outcome == "interrupted" }
        if !interrupted.isEmpty {
            print(
                "fuzz-report: \(interrupted.count) run\(interrupted.count == 1 ? " was" : "s were") interrupted before the end"
            )
        }
        if let first = failed.first, let failure = first.failure {
            print(
                "fuzz-report: first failure: seed \(first.seed) (\(first.file)), batch \(NumberText.grouped(failure.batch)): \(failure.message)"
            )
            if let out {
                do {
                    try failure.session.write(toFile: out, atomically: true, encoding: .utf8)
                } catch {
                    FileHandle.standardError.write(
                        Data("fetchsim: fuzz-report: cannot write '\(out)': \(FileErrorReason.text(for: error))\n".utf8)
                    )
                    throw ExitCode(2)
                }
                print("fuzz-report: its shrunk session: \(out) (replay it with 'fetchsim replay \(out)')")
            } else {
                print("fuzz-report: its shrunk session:")
                print(failure.session, terminator: failure.session.hasSuffix("\n") ? "" : "\n")
            }
        }
        if let junit {
            var report = JUnitReport(suite: "fetchsim fuzz")
            for run in runs {
                report.cases.append(
                    JUnitReport.Case(
                        name: "seed \(run.seed)", className: "fuzz", file: run.file, seconds: run.seconds,
                        failure: run.failure.map { ("batch \($0.batch) failed: \($0.message)", $0.session) }))
            }
            try? report.xml().write(toFile: junit, atomically: true, encoding: .utf8)
        }
        if !failed.isEmpty { throw ExitCode(1) }
    }

    struct FuzzReportError: Error {
        var message: String
    }

    /// The runs in one file: a JSON object per non-empty line.
    static func runs(in path: String) throws -> [Run] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FuzzReportError(
                message: FileManager.default.fileExists(atPath: path)
                    ? "cannot read '\(path)'" : "no such file '\(path)'")
        }
        var runs: [Run] = []
        for (index, line) in TextLines.split(String(decoding: data, as: UTF8.self)).enumerated()
        where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let location = "\(path):\(index + 1)"
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                throw FuzzReportError(
                    message: "\(location): not a JSON object (expected the output of 'fetchsim fuzz --json')")
            }
            guard let batches = object["batches"] as? Int, let outcome = object["outcome"] as? String else {
                throw FuzzReportError(message: "\(location): not fuzz output (no 'batches' or 'outcome')")
            }
            let seed = (object["seed"] as? Int).map(String.init) ?? (object["seed"] as? String) ?? "?"
            var run = Run(
                file: path, seed: seed, batches: batches, sessions: object["sessions"] as? Int ?? 0,
                seconds: object["seconds"] as? Double ?? 0, outcome: outcome, failure: nil)
            if let failure = object["failure"] as? [String: Any] {
                run.failure = (
                    failure["batch"] as? Int ?? 0, failure["message"] as? String ?? "",
                    failure["session"] as? String ?? ""
                )
            }
            runs.append(run)
        }
        return runs
    }
}
