import FetchSimCore
import Foundation
import Interpreter
import SheetEditor

/// Runs `fetchsim fuzz --keys N` as the executable does: the key fuzzer with a progress bar on a
/// terminal; on a failure, the keys shrunk to a short list that still fails. Prints a summary
/// (text or one JSON object) and returns the exit status: 0 clean, 1 a failure, 130 stopped.
package struct KeyFuzzLauncher {
    package var fuzzer: KeyFuzzer
    package var isJSON = false
    package var showsProgress = isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    package var isInterrupted: () -> Bool = { false }
    package var output: (String) -> Void = { print($0) }
    package var status: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }

    package init(fuzzer: KeyFuzzer) {
        self.fuzzer = fuzzer
    }

    package func run() -> Int32 {
        let clock = ContinuousClock()
        let start = clock.now
        let seconds = { () -> Double in
            let elapsed = clock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        var stopped = false
        let result: KeyFuzzer.Result
        do {
            result = try fuzzer.run { done in
                guard showsProgress else { return }
                status(
                    "\r"
                        + FuzzSummary.progressLine(done: done, total: fuzzer.keys, seconds: seconds())
                        .replacingOccurrences(of: "batches", with: "keys") + "\u{1B}[K")
            } shouldStop: {
                stopped = isInterrupted()
                return stopped
            }
        } catch {
            status("fetchsim: fuzz --keys: \(error)\n")
            return 2
        }
        if showsProgress { status("\r\u{1B}[K") }
        let elapsed = seconds()
        let rate = elapsed > 0 ? Int((Double(result.keys) / elapsed).rounded()) : result.keys
        var shrunk: [Key] = []
        if let failure = result.failure {
            shrunk = (try? KeyFuzzer.shrink(failure.keys)) ?? failure.keys
        }
        if isJSON {
            let failure: JSONValue =
                result.failure.map { failure in
                    .object([
                        ("message", .string(failure.message)), ("keys", .array(shrunk.map { .string(Self.name($0)) })),
                    ])
                } ?? .null
            output(
                JSONValue.object([
                    ("ok", .bool(result.failure == nil)),
                    ("outcome", .string(result.failure != nil ? "failed" : stopped ? "interrupted" : "clean")),
                    ("seed", Int(exactly: fuzzer.seed).map(JSONValue.int) ?? .string(String(fuzzer.seed))),
                    ("keys", .int(result.keys)),
                    ("sessions", .int(result.sessions)), ("lines", .int(result.lines)), ("keysPerSecond", .int(rate)),
                    ("failure", failure),
                ]).description)
        } else {
            let count = result.failure == nil ? 0 : 1
            output(
                "fuzz --keys: \(stopped ? "interrupted after " : "")\(NumberText.grouped(result.keys)) keys in \(NumberText.grouped(result.sessions)) sessions"
                    + " (\(NumberText.grouped(result.lines)) command lines), \(count) failure\(count == 1 ? "" : "s"), seed \(fuzzer.seed), \(NumberText.grouped(rate)) keys/s"
            )
            if let failure = result.failure {
                output("fuzz --keys: \(failure.message)")
                output(
                    "fuzz --keys: shrunk to \(shrunk.count) keys from a fresh demo: "
                        + shrunk.map(Self.name).joined(separator: " "))
            }
        }
        return result.failure != nil ? 1 : stopped ? 130 : 0
    }

    /// A key as docs/tui.md writes it (`Space`, `Ctrl-C`, `resize 3x10`, `press 2,5`).
    static func name(_ key: Key) -> String {
        switch key {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let character): "Ctrl-\(character.uppercased())"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .shiftSpace: "Shift-Space"
        case .resize(let rows, let columns): "resize \(columns)x\(rows)"
        case .mouse(let event): "\(event.kind) \(event.line),\(event.column)"
        }
    }
}
