import Foundation
import Interpreter
import ObjectGraph

/// Replays transcripts: feeds each input to a fresh session, compares every output block with
/// the recorded one, and reports the first difference (or every one) as a unified diff whose
/// line numbers are those of the file.
package struct TranscriptReplayer {
    /// Rewrite the expected output in place instead of failing on a difference.
    package var updatesInPlace = false
    /// Report every differing block instead of only the first (`--keep-going`).
    package var reportsEveryBlock = false
    /// The model a transcript without `# model:` starts on (`fetchsim replay --model PATH`,
    /// relative to the working directory); nil starts it without one.
    package var model: String?

    package init(updatesInPlace: Bool = false, reportsEveryBlock: Bool = false) {
        self.updatesInPlace = updatesInPlace
        self.reportsEveryBlock = reportsEveryBlock
    }

    /// The verdict on one file.
    package struct Result: Sendable {
        package let path: String
        package let passed: Bool
        /// Why it failed: a parse error, or the first differing block as a diff.
        package let report: [String]
        /// Whether the file was rewritten (`updatesInPlace`).
        package let rewritten: Bool
    }

    /// Replays the transcript at `path`.
    package func replay(path: String) -> Result {
        guard let data = FileManager.default.contents(atPath: path) else {
            return Result(path: path, passed: false, report: ["\(path): cannot read the file"], rewritten: false)
        }
        var transcript: Transcript
        do {
            transcript = try Transcript.parse(data: data)
        } catch {
            return Result(
                path: path, passed: false, report: ["\(path):\(error.line): \(error.message)"], rewritten: false)
        }
        // `# model:` is relative to the transcript's directory, wherever the replay runs from.
        if let model = transcript.header.model, !model.hasPrefix("/") {
            transcript.header.model = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
                model)
        }
        if transcript.header.model == nil { transcript.header.model = model }
        if let refusal = missingAdapter(in: transcript) {
            return Result(
                path: path, passed: false, report: ["\(path):\(refusal.line): \(refusal.message)"], rewritten: false)
        }
        let (outputs, inconsistentAt) = run(transcript)
        var report: [String] = []
        for (entry, actual) in zip(transcript.entries, outputs) where actual != entry.expected {
            report +=
                ["\(path):\(entry.line): output differs for '> \(Self.clipped(entry.input, to: 60))'"]
                + Self.diff(entry: entry, actual: actual)
            if !reportsEveryBlock { break }
        }
        if report.isEmpty, transcript.header.expectsInconsistency, inconsistentAt == nil {
            report = ["\(path): the header says '# expect: inconsistent' but every event stayed consistent"]
        }
        if report.isEmpty, !transcript.header.expectsInconsistency, let entry = inconsistentAt {
            report = [
                "\(path):\(entry.line): '> \(Self.clipped(entry.input, to: 60))' left the table inconsistent (or hit a UIKit error),"
                    + " but the header does not say '# expect: inconsistent'"
            ]
        }
        if updatesInPlace, !report.isEmpty {
            do {
                try transcript.rendered(outputs: outputs).write(toFile: path, atomically: true, encoding: .utf8)
                return Result(
                    path: path, passed: false, report: ["\(path): rewritten with the current output"], rewritten: true)
            } catch {
                return Result(
                    path: path, passed: false, report: ["\(path): cannot rewrite: \(error)"], rewritten: false)
            }
        }
        return Result(path: path, passed: report.isEmpty, report: report, rewritten: false)
    }

    /// The first `adapter NAME` line naming an app's view controller this executable does not
    /// register (`# executable:` says which does), refused before anything runs.
    func missingAdapter(in transcript: Transcript) -> (line: Int, message: String)? {
        for entry in transcript.entries {
            let words = entry.input.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count >= 2, words[0] == "adapter", !words[1].contains("="),
                let message = transcript.header.missingAdapter(String(words[1]))
            else { continue }
            return (entry.line, message)
        }
        return nil
    }

    /// Runs every input of `transcript` in a fresh session; returns each plain output and the
    /// first entry whose change event was inconsistent or hit a UIKit error, if any.
    package func run(_ transcript: Transcript) -> ([[String]], Transcript.Entry?) {
        run(transcript) { _, _, _ in }
    }

    /// Runs every input of `transcript` as `run(_:)` does, handing each entry, its outcome and
    /// the interpreter after it to `visit` (a page of the session reads the event it produced).
    package func run(
        _ transcript: Transcript,
        visit: (Transcript.Entry, LineOutcome, Interpreter) -> Void
    ) -> ([[String]], Transcript.Entry?) {
        let interpreter: Interpreter
        do {
            if let store = transcript.header.store {
                guard let snapshot = transcript.entries.first?.files.first(where: { $0.path == store }) else {
                    throw TranscriptError(line: 1, "'# store: \(store)' but the header embeds no file '\(store)'")
                }
                let context = try ObjectContext(store: try StoreSnapshot.store(from: snapshot.contents, name: store))
                interpreter = Interpreter(workspace: Workspace(context: context))
            } else if let model = transcript.header.model {
                interpreter = try Interpreter(model: Interpreter.readModel(at: model))
            } else {
                interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
            }
            try transcript.header.prepare(interpreter)
        } catch {
            return (transcript.entries.map { _ in ["error: \(error)"] }, nil)
        }
        var inconsistentAt: Transcript.Entry?
        // Files the transcript embeds stand in for the disk's (the recording's, not whatever is
        // at that path now); other paths read the disk.
        let embedded = EmbeddedFiles()
        let readsDisk = interpreter.readFile
        interpreter.readFile = { path in try embedded.contents[path] ?? readsDisk(path) }
        interpreter.embeddedFile = { path in embedded.contents[path] }
        let outputs = transcript.entries.map { entry -> [String] in
            for file in entry.files { embedded.contents[file.path] = file.contents }
            let outcome = interpreter.execute(entry.input)
            visit(entry, outcome, interpreter)
            switch outcome.request {
            case .record: return ["error: 'record' cannot be replayed"]
            case .exportPage: return ["error: 'export html' cannot be replayed"]
            case .read: return ["error: 'read' cannot be replayed (a recording holds the file's lines instead)"]
            case .quit, nil: break
            }
            if inconsistentAt == nil, outcome.failed, interpreter.lastReport.map({ !$0.isConsistent }) == true {
                inconsistentAt = entry
            }
            return Transcript.trimmedTrailingBlanks(outcome.renderText(width: 80))
        }
        return (outputs, inconsistentAt)
    }

    /// The most lines a block's diff prints before `…`.
    static let maximumDiffLines = 60

    /// The block's expected and actual output as a unified diff (`-` recorded, `+` replayed), line
    /// numbers as in the file — the replayed side numbered as if it stood in the recorded one's place.
    static func diff(entry: Transcript.Entry, actual: [String]) -> [String] {
        let first = entry.lineNumber(ofOutput: 0)
        let lines = UnifiedDiff.hunks(
            old: entry.expected, new: actual,
            oldLineNumber: entry.lineNumber(ofOutput:), newLineNumber: { first + $0 }
        )
        .map { clipped($0, to: 200) }
        return lines.count > maximumDiffLines ? Array(lines.prefix(maximumDiffLines)) + ["…"] : lines
    }

    /// `text`, cut to `count` characters with `…` (a report never prints a huge line whole).
    static func clipped(_ text: String, to count: Int) -> String {
        text.count > count ? text.prefix(count) + "…" : text
    }
}

/// The files embedded so far in a replayed transcript, by path.
private final class EmbeddedFiles {
    var contents: [String: String] = [:]
}
