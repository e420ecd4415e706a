import FetchSimCore
import Interpreter

/// The numbers of a finished fuzz run and how they are shown: one line of text, one JSON object,
/// or a progress bar while it runs. Pure: the caller measures the time.
package struct FuzzSummary {
    package var seed: UInt64
    package var batches: Int
    package var sessions: Int
    package var seconds: Double
    /// The first failure, shrunk, if any.
    package var finding: Shrunk?
    /// Whether the run stopped early, asked to (Ctrl-C).
    package var wasInterrupted = false

    package init(seed: UInt64, batches: Int, sessions: Int, seconds: Double, finding: Shrunk? = nil) {
        self.seed = seed
        self.batches = batches
        self.sessions = sessions
        self.seconds = seconds
        self.finding = finding
    }

    /// A failure after shrinking, and where its transcript went.
    package struct Shrunk {
        package var failure: FuzzFailure
        /// The failing batch's number in the run.
        package var batch: Int
        package var inputLines: Int
        package var tries: Int
        package var path: String
        /// The shrunk session's text, so that a campaign's JSON carries its reproduction across
        /// machines (`fetchsim fuzz-report`).
        package var session: String

        package init(failure: FuzzFailure, batch: Int, inputLines: Int, tries: Int, path: String, session: String = "")
        {
            self.failure = failure
            self.batch = batch
            self.inputLines = inputLines
            self.tries = tries
            self.path = path
            self.session = session
        }
    }

    package var batchesPerSecond: Int {
        seconds > 0 ? Int((Double(batches) / seconds).rounded()) : batches
    }

    /// `fuzz: 50,000 batches, 0 inconsistencies, seed 7, 41,230 batches/s`, and for a failure two
    /// more lines: what failed, and where the shrunk session is.
    package var lines: [String] {
        let count = finding == nil ? 0 : 1
        let stopped = wasInterrupted ? "interrupted after " : ""
        var lines = [
            "fuzz: \(stopped)\(Self.grouped(batches)) batches, \(count) inconsistenc\(count == 1 ? "y" : "ies"), seed \(seed), \(Self.grouped(batchesPerSecond)) batches/s"
        ]
        if let finding {
            lines.append("fuzz: batch \(Self.grouped(finding.batch)) failed: \(finding.failure)")
            lines.append("fuzz: shrunk to \(finding.inputLines) input lines in \(finding.tries) tries: \(finding.path)")
        }
        return lines
    }

    /// `{"ok":true,"outcome":"consistent","seed":7,"batches":50000,…,"failure":null}`.
    package var json: JSONValue {
        let failure: JSONValue =
            finding.map { finding in
                .object([
                    ("batch", .int(finding.batch)), ("kind", .string(finding.failure.kind.description)),
                    ("message", .string(finding.failure.message)),
                    ("inputLines", .int(finding.inputLines)), ("tries", .int(finding.tries)),
                    ("transcript", .string(finding.path)),
                    ("session", .string(finding.session)),
                ])
            } ?? .null
        return .object([
            ("ok", .bool(finding == nil)),
            ("outcome", .string(finding != nil ? "inconsistent" : wasInterrupted ? "interrupted" : "consistent")),
            ("seed", Int(exactly: seed).map(JSONValue.int) ?? .string(String(seed))), ("batches", .int(batches)),
            ("sessions", .int(sessions)),
            ("inconsistencies", .int(finding == nil ? 0 : 1)), ("batchesPerSecond", .int(batchesPerSecond)),
            ("seconds", .double((seconds * 1000).rounded() / 1000)), ("failure", failure),
        ])
    }

    /// `fuzz [██████░░░░░░░░░░░░░░░░░░]  12,345/50,000 batches · 41,230 batches/s · 0:03`.
    package static func progressLine(done: Int, total: Int, seconds: Double) -> String {
        let width = 24
        let filled = total > 0 ? min(width, done * width / total) : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let rate = seconds > 0 ? Int((Double(done) / seconds).rounded()) : 0
        let whole = Int(seconds)
        let elapsed = "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
        return "fuzz [\(bar)] \(grouped(done))/\(grouped(total)) batches · \(grouped(rate)) batches/s · \(elapsed)"
    }

    /// `41,230`: the shared formatter, so summary and progress bar agree.
    static func grouped(_ n: Int) -> String { NumberText.grouped(n) }
}
