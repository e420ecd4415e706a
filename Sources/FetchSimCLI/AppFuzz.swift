import CommandLanguage
import FetchSimCore
import Foundation
import Interpreter
import ObjectGraph
import Transcripts

/// `fuzz --adapter NAME` for an app's view controller: random sessions of command lines — the
/// user's drags (`move`), and inserts, edits and deletes through the session's context — each
/// line one run-loop turn of the app's code, checked after every turn. The first failing turn
/// (UIKit's exception, or a table that no longer shows what the app's data source answers) is
/// shrunk to the fewest lines that still fail the same way and written as a transcript that
/// the app's executable replays (`# executable:`, `# adapter:`, `# expect: inconsistent`).
///
/// Lines run through the interpreter exactly as a user types them, so the transcript is what
/// ran: no translation between the fuzzer's steps and the replay.
@MainActor
struct AppFuzz {
    /// The registered view controller under test.
    let adapter: String
    let seed: UInt64
    let batches: Int
    /// The list size inserts and deletes keep close to.
    let rows: Int
    /// Lines run before the campaign (`entity` lines, first objects): kept in every session.
    let setup: [String]
    /// How the campaign was started, for the transcript's header.
    let commandLine: String

    /// What makes two failures the same: UIKit's exception name, else the first problem's kind.
    struct FailureKind: Equatable, CustomStringConvertible {
        let text: String
        var description: String { text }
    }

    struct Finding {
        let lines: [String]
        let kind: FailureKind
        let batch: Int
    }

    /// A fresh session with the app's view controller selected and the setup run; throws when
    /// the setup fails (named by its line).
    func freshSession() throws -> Interpreter {
        let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
        interpreter.rendersText = false
        interpreter.rendersJSON = false
        for (index, line) in (["adapter " + adapter] + setup).enumerated() {
            let outcome = interpreter.execute(line)
            if outcome.failed {
                let reason = outcome.renderText(width: 1_000).first ?? "failed"
                throw InterpreterError(index == 0 ? reason : "setup line \(index) '\(line)': \(reason)")
            }
        }
        return interpreter
    }

    /// The failure of the line just run, if it ended an inconsistent turn.
    static func failure(of outcome: LineOutcome, in interpreter: Interpreter) -> FailureKind? {
        guard outcome.failed, let report = interpreter.lastReport, !report.isConsistent else { return nil }
        if let exception = report.exceptions.first { return FailureKind(text: String(exception.prefix { $0 != ":" })) }
        if let problem = report.problems.first { return FailureKind(text: problem.kind.rawValue) }
        return FailureKind(text: "UIKit error")
    }

    /// Runs the campaign; the first failure found, unshrunk, or nil when every turn was consistent.
    func search(progress: (Int) -> Void = { _ in }) throws -> Finding? {
        var generator = SeededGenerator(seed: seed)
        let interpreter = try freshSession()
        var lines: [String] = []
        var ids = Set<ObjectID>()
        for batch in 1...max(batches, 1) {
            if batch % 1_000 == 0 { progress(batch) }
            guard let line = randomLine(interpreter, ids: ids, using: &generator) else { continue }
            let lastReport = interpreter.lastReport.map(\.number)
            let outcome = interpreter.execute(line)
            // A line the session refuses (a drop the data source disallows) changed nothing.
            if outcome.failed, interpreter.lastReport.map(\.number) == lastReport { continue }
            lines.append(line)
            ids.formUnion(outcome.insertedIDs)
            if line.hasPrefix("delete #"), let id = Int(line.dropFirst("delete #".count)) { ids.remove(ObjectID(id)) }
            if let kind = Self.failure(of: outcome, in: interpreter) {
                return Finding(lines: lines, kind: kind, batch: batch)
            }
        }
        return nil
    }

    /// `lines` run afresh: the kind of their first failure and the lines up to it, or nil.
    func replay(_ lines: [String]) -> (lines: [String], kind: FailureKind)? {
        guard let interpreter = try? freshSession() else { return nil }
        var ran: [String] = []
        for line in lines {
            let lastReport = interpreter.lastReport.map(\.number)
            let outcome = interpreter.execute(line)
            if outcome.failed, interpreter.lastReport.map(\.number) == lastReport { continue }
            ran.append(line)
            if let kind = Self.failure(of: outcome, in: interpreter) { return (ran, kind) }
        }
        return nil
    }

    /// Removes chunks of lines, halving the chunk size, while the session still fails the same way.
    func shrink(_ finding: Finding) -> [String] {
        var best = replay(finding.lines).flatMap { $0.kind == finding.kind ? $0.lines : nil } ?? finding.lines
        var chunk = max(best.count / 2, 1)
        while chunk >= 1 {
            var start = 0
            var removedAny = false
            while start < best.count {
                var candidate = best
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if let shorter = replay(candidate), shorter.kind == finding.kind, shorter.lines.count < best.count {
                    best = shorter.lines
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return best
    }

    /// The shrunk session as a transcript: each line with its plain 80-column output.
    func transcript(of lines: [String], finding: Finding) throws -> String {
        let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
        var header = TranscriptHeader(
            start: .empty, adapter: adapter, expectsInconsistency: true,
            comments: [
                "Found by: \(commandLine)",
                "(batch \(finding.batch) of the run; shrunk from \(finding.lines.count) lines to \(lines.count))",
                "Failure: \(finding.kind)",
            ])
        header.executable = RegisteredAdapters.executable
        // As the replay starts it: the header's adapter, selected without output.
        interpreter.rendersText = false
        _ = interpreter.execute("adapter " + adapter)
        interpreter.rendersText = true
        var text = header.lines
        for line in setup + lines {
            text.append("> " + line)
            text += Transcript.trimmedTrailingBlanks(interpreter.execute(line).renderText(width: 80)).map(
                Transcript.escaped)
        }
        return text.joined(separator: "\n") + "\n"
    }

    // MARK: Random lines

    private func randomLine(_ interpreter: Interpreter, ids: Set<ObjectID>, using generator: inout SeededGenerator)
        -> String?
    {
        let entities = interpreter.workspace.context.schema.entities
        let count = ids.count
        var kinds = ["move", "move", "move", "set", "set"]
        kinds += count < rows ? ["insert", "insert", "insert"] : ["insert"]
        kinds += count > rows ? ["delete", "delete", "delete"] : ["delete"]
        switch kinds.randomElement(using: &generator) {
        case "move":
            return randomMove(interpreter, using: &generator)
        case "insert":
            guard let entity = entities.randomElement(using: &generator) else { return nil }
            let values = entity.attributes.compactMap { attribute in
                Self.randomValue(attribute.type, using: &generator).map { "\(attribute.name)=\($0)" }
            }
            return (["insert", entity.name] + values).joined(separator: " ")
        case "set":
            guard let id = ids.sorted().randomElement(using: &generator),
                let object = interpreter.workspace.context.object(with: id),
                let attribute = object.entity.attributes.filter({ !$0.isRelationship && $0.type != .toMany })
                    .randomElement(using: &generator),
                let value = Self.randomValue(attribute.type, using: &generator)
            else { return nil }
            return "set \(id) \(attribute.name)=\(value)"
        default:
            return ids.sorted().randomElement(using: &generator).map { "delete \($0)" }
        }
    }

    /// A drag the app's table allows: a row it shows, dropped where UIKit lets it land.
    private func randomMove(_ interpreter: Interpreter, using generator: inout SeededGenerator) -> String? {
        guard let table = interpreter.workspace.userList?.table, table.numberOfSections > 0 else { return nil }
        let rows = (0..<table.numberOfSections).flatMap { section in
            (0..<table.numberOfRows(inSection: section)).map { IndexPath(row: $0, section: section) }
        }
        guard let source = rows.randomElement(using: &generator) else { return nil }
        let section = Int.random(in: 0..<table.numberOfSections, using: &generator)
        guard let drops = table.dropRows(from: source, inSection: section) else { return nil }
        let destination = IndexPath(row: Int.random(in: drops, using: &generator), section: section)
        return "move \(source.shortDescription) \(destination.shortDescription)"
    }

    /// A value of `type` from a small pool, so that sections and sort keys repeat; nil for a
    /// relationship (left unset).
    static func randomValue(_ type: AttributeType, using generator: inout SeededGenerator) -> String? {
        switch type {
        case .string: "\"\(["A", "B", "C"].randomElement(using: &generator) ?? "A")\""
        case .int: String(Int.random(in: 0..<10, using: &generator))
        case .double: String(Int.random(in: 0..<10, using: &generator)) + ".5"
        case .bool: Bool.random(using: &generator) ? "true" : "false"
        case .date: "2024-05-0\(Int.random(in: 1...9, using: &generator))"
        case .relationship, .toMany: nil
        }
    }
}
