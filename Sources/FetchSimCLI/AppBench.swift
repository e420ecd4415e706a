import CommandLanguage
import Foundation
import Interpreter

/// `bench --adapter NAME`: how many run-loop turns of an app's view controller FetchSim checks
/// per second — `fuzz --adapter`'s random lines (drags, inserts, edits, deletes near `rows`
/// objects), each through the interpreter, the app's code and the check after it.
@MainActor
struct AppBench {
    let adapter: String
    let setupPath: String?
    let rows: Int
    let turns: Int
    let seed: UInt64

    /// Prints the figure; 1 when the view controller failed (a bench needs a consistent one),
    /// 2 when the bench could not run.
    func run() -> Int32 {
        let executable = RegisteredAdapters.executable ?? "fetchsim"
        func fail(_ message: String) {
            FileHandle.standardError.write(Data("\(executable): bench: \(message)\n".utf8))
        }
        guard RegisteredAdapters.contains(adapter) else {
            let names = RegisteredAdapters.names
            let registered = names.isEmpty ? "none is" : names.joined(separator: ", ") + " are"
            fail("adapter '\(adapter)' is not an app's view controller registered here (\(registered))")
            return 2
        }
        guard let setup = AppFuzzLauncher.readSetup(setupPath) else {
            fail("cannot read the setup file '\(setupPath ?? "")'")
            return 2
        }
        let fuzz = AppFuzz(adapter: adapter, seed: seed, batches: turns, rows: rows, setup: setup, commandLine: "")
        let clock = ContinuousClock()
        let started = clock.now
        let finding: AppFuzz.Finding?
        do {
            finding = try fuzz.search()
        } catch {
            fail("\(error)")
            return 2
        }
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if let finding {
            fail(
                "the app's view controller failed at turn \(finding.batch) (\(finding.kind)); 'fuzz --adapter \(adapter)' shrinks it"
            )
            return 1
        }
        let rate = seconds > 0 ? Int((Double(turns) / seconds).rounded()) : 0
        print(
            "adapter \(adapter): \(turns) turns near \(rows) rows in \(String(format: "%.2f", seconds)) s: \(rate) turns/s "
                + "(each one command line, the app's code and the check)")
        return 0
    }
}
