import CommandLanguage
import Foundation
import Interpreter

/// Runs `fuzz --adapter NAME` for an app's view controller (`AppFuzz`) and reports as the
/// fuzzer does: a summary line, and the shrunk transcript written to `--out` (default
/// `fuzz-<seed>.session`). Exit status: 0 consistent, 1 a failure found, 2 the fuzz went wrong.
@MainActor
struct AppFuzzLauncher {
    let adapter: String
    let seed: UInt64
    let batches: Int
    let rows: Int
    let setupPath: String?
    let outputPath: String?

    /// The lines of `--setup FILE` without its comments; [] without a file, nil when it cannot be read.
    static func readSetup(_ path: String?) -> [String]? {
        guard let path else { return [] }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
    }

    func run() -> Int32 {
        let executable = RegisteredAdapters.executable ?? "fetchsim"
        func fail(_ message: String) -> Int32 {
            FileHandle.standardError.write(Data("\(executable): fuzz: \(message)\n".utf8))
            return 2
        }
        guard let setup = Self.readSetup(setupPath) else {
            return fail("cannot read the setup file '\(setupPath ?? "")'")
        }
        let commandLine =
            ([
                executable, "fuzz", "--adapter", adapter, "--seed", "\(seed)", "--batches", "\(batches)", "--rows",
                "\(rows)",
            ]
            + (setupPath.map { ["--setup", $0] } ?? [])).joined(separator: " ")
        let fuzz = AppFuzz(
            adapter: adapter, seed: seed, batches: batches, rows: rows, setup: setup, commandLine: commandLine)
        let started = ContinuousClock.now
        let finding: AppFuzz.Finding?
        do {
            guard try !fuzz.freshSession().workspace.context.schema.entities.isEmpty else {
                return fail(
                    "the session has no entities for the app's view controller to list: give its 'entity' lines with --setup FILE"
                )
            }
            finding = try fuzz.search()
        } catch {
            return fail("\(error)")
        }
        let seconds = (ContinuousClock.now - started).components.seconds
        guard let finding else {
            print("fuzz --adapter \(adapter): seed \(seed): \(batches) batches, consistent (\(seconds) s)")
            return 0
        }
        let shrunk = fuzz.shrink(finding)
        let path = outputPath ?? "fuzz-\(seed).session"
        do {
            try fuzz.transcript(of: shrunk, finding: finding).write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            return fail("cannot write the shrunk session to '\(path)': \(FileErrorReason.text(for: error))")
        }
        print(
            "fuzz --adapter \(adapter): seed \(seed): failed at batch \(finding.batch) (\(finding.kind)); "
                + "shrunk from \(finding.lines.count) lines to \(shrunk.count): '\(path)' (replay it with \(executable) replay)"
        )
        return 1
    }
}
