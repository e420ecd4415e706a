import Foundation
import Interpreter
import ObjectGraph

/// Replays transcripts: feeds each input to a fresh session, compares every output block with
/// the recorded one, and reports the first difference as a line diff with its line number.
public struct TranscriptReplayer {
    /// Rewrite the expected output in place instead of failing on a difference.
    public var updatesInPlace = false

    public init(updatesInPlace: Bool = false) {
        self.updatesInPlace = updatesInPlace
    }

    /// The verdict on one file.
    public struct Result: Sendable {
        public let path: String
        public let passed: Bool
        /// Why it failed: a parse error, or the first differing block as a diff.
        public let report: [String]
        /// Whether the file was rewritten (`updatesInPlace`).
        public let rewritten: Bool
    }

    /// Replays the transcript at `path`.
    public func replay(path: String) -> Result {
        guard let data = FileManager.default.contents(atPath: path) else {
            return Result(path: path, passed: false, report: ["\(path): cannot read the file"], rewritten: false)
        }
        let transcript: Transcript
        do {
            transcript = try Transcript.parse(data: data)
        } catch {
            return Result(path: path, passed: false, report: ["\(path):\(error.line): \(error.message)"], rewritten: false)
        }
        let (outputs, inconsistentAt) = run(transcript)
        var report: [String] = []
        for (entry, actual) in zip(transcript.entries, outputs) where actual != entry.expected {
            report = ["\(path):\(entry.line): output differs for '> \(Self.clipped(entry.input, to: 60))'"] + Self.diff(entry: entry, actual: actual)
            break
        }
        if report.isEmpty, transcript.header.expectsInconsistency, inconsistentAt == nil {
            report = ["\(path): the header says '# expect: inconsistent' but every event stayed consistent"]
        }
        if report.isEmpty, !transcript.header.expectsInconsistency, let entry = inconsistentAt {
            report = ["\(path):\(entry.line): '> \(Self.clipped(entry.input, to: 60))' left the table inconsistent (or hit a UIKit error),"
                      + " but the header does not say '# expect: inconsistent'"]
        }
        if updatesInPlace, !report.isEmpty {
            do {
                try transcript.rendered(outputs: outputs).write(toFile: path, atomically: true, encoding: .utf8)
                return Result(path: path, passed: false, report: ["\(path): rewritten with the current output"], rewritten: true)
            } catch {
                return Result(path: path, passed: false, report: ["\(path): cannot rewrite: \(error)"], rewritten: false)
            }
        }
        return Result(path: path, passed: report.isEmpty, report: report, rewritten: false)
    }

    /// Runs every input of `transcript` in a fresh session; returns each plain output and the
    /// first entry whose change event was inconsistent or hit a UIKit error, if any.
    func run(_ transcript: Transcript) -> ([[String]], Transcript.Entry?) {
        guard let context = try? ObjectContext() else { return ([], nil) }
        let interpreter = Interpreter(workspace: Workspace(context: context))
        do {
            try transcript.header.prepare(interpreter)
        } catch {
            return (transcript.entries.map { _ in ["error: \(error)"] }, nil)
        }
        var inconsistentAt: Transcript.Entry?
        let outputs = transcript.entries.map { entry -> [String] in
            let outcome = interpreter.execute(entry.input)
            if interpreter.pendingRecordAction != nil { return ["error: 'record' cannot be replayed"] }
            if interpreter.pendingReadPath != nil { return ["error: 'read' cannot be replayed (a recording holds the file's lines instead)"] }
            if inconsistentAt == nil, outcome.failed, interpreter.lastReport.map({ !$0.isConsistent }) == true { inconsistentAt = entry }
            return Transcript.trimmedTrailingBlanks(outcome.renderText(width: 80))
        }
        return (outputs, inconsistentAt)
    }

    /// `-`/`+` lines for the differing lines of one block, numbered as in the file.
    static func diff(entry: Transcript.Entry, actual: [String]) -> [String] {
        let expected = entry.expected
        var lines: [String] = []
        for i in 0..<max(expected.count, actual.count) {
            let e = i < expected.count ? expected[i] : nil, a = i < actual.count ? actual[i] : nil
            guard e != a else { continue }
            let number = entry.lineNumber(ofOutput: i)
            if let e { lines.append("  line \(number): - \(clipped(e, to: 200))") }
            if let a { lines.append("  line \(number): + \(clipped(a, to: 200))") }
            if lines.count >= 12 { lines.append("  …"); break }
        }
        return lines
    }

    /// `text`, cut to `count` characters with `…` (a report never prints a huge line whole).
    static func clipped(_ text: String, to count: Int) -> String {
        text.count > count ? text.prefix(count) + "…" : text
    }
}
