import Adapters
import CommandLanguage
import FetchedResults
import FetchSimCore
import ObjectGraph
import TableSimulation

/// Executes the command language against a workspace, one line at a time. One line — or one
/// `begin … commit` block — is one run-loop turn: its edits become one change event, after which
/// the consistency check runs.
public final class Interpreter {
    public let workspace: Workspace
    /// Whether to render text output (off in `--json` mode, where only JSON is printed).
    public var rendersText = true
    /// Whether a `begin … commit` block is open.
    public internal(set) var isInTransaction = false {
        didSet { if !isInTransaction { blockDescriptions = [] } }
    }
    /// The current fetch as `show fetch` prints it (the sort filled in when it was defaulted).
    public internal(set) var fetchSpec: Command.FetchSpec?
    /// What the open block's edits did so far, to name its event at `commit`.
    var blockDescriptions: [String] = []
    /// The last change event.
    public internal(set) var lastReport: EventReport?
    var lastChange: ObjectsDidChange?
    /// A `record` command the driver must carry out (the interpreter does no file I/O).
    public internal(set) var pendingRecordAction: Command.RecordAction?

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    var context: ObjectContext { workspace.context }

    /// Runs one input line and returns everything it produced.
    public func execute(_ line: String) -> LineOutcome {
        pendingRecordAction = nil
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return LineOutcome() }
        let commands: [Command]
        do {
            commands = try CommandParser.parseLine(line)
        } catch {
            return .error(error.description)
        }
        guard let first = commands.first else { return LineOutcome() }
        do {
            if commands.count > 1 || first.isEdit {
                return try executeEdits(commands, line: line)
            }
            return try executeCommand(first, line: line)
        } catch let error as InterpreterError {
            return .error(error.description)
        } catch {
            return .error(String(describing: error))
        }
    }

    // MARK: Change events

    /// Ends the current run-loop turn: runs `produce` (which processes pending changes, or
    /// undoes, redoes, rolls back), lets the table lay out, and checks consistency.
    func finishTurn(_ produce: () throws -> ObjectsDidChange?) throws -> EventReport? {
        workspace.adapter?.resetLastEvent()
        let change = try produce()
        workspace.table?.layoutIfNeeded()
        guard let change else { return nil }
        workspace.eventCount += 1
        let problems = workspace.check?.run() ?? []
        let report = EventReport(number: workspace.eventCount, event: workspace.adapter?.lastEvent ?? AdapterEvent(), problems: problems)
        lastReport = report
        lastChange = change
        return report
    }

    /// Text and JSON for a line that may have ended a change event.
    func outcome(ids: [ObjectID], report: EventReport?, extra: [(String, JSONValue)] = [], prefix: [OutputBlock] = []) -> LineOutcome {
        var outcome = LineOutcome()
        outcome.insertedIDs = ids
        var fields: [(String, JSONValue)] = [("ok", true)]
        fields += extra
        fields.append(("ids", .array(ids.map { .int($0.rawValue) })))
        fields.append(("batch", report?.json ?? .null))
        outcome.json = .object(fields)
        outcome.failed = report.map { !$0.isConsistent } ?? false
        guard rendersText else { return outcome }
        outcome.text = prefix
        if !ids.isEmpty { outcome.text.append(.line(ids.map(\.description).joined(separator: " "))) }
        if let report { outcome.text += eventText(report) }
        return outcome
    }

    /// The summary, the sheet around the changes, UIKit's error and the check's problems.
    func eventText(_ report: EventReport) -> [OutputBlock] {
        var lines: [OutputBlock] = [.line(report.summary, .dim)]
        lines += sheet(window: .aroundChanges(maxRows: 24), marks: true)
        if let logged = report.event.loggedError { lines.append(.line(logged, .error)) }
        lines += problemLines(report.problems)
        return lines
    }

    /// `✗ inconsistent: N problems` and each problem indented under it; nothing when there are none.
    func problemLines(_ problems: [ConsistencyProblem]) -> [OutputBlock] {
        guard !problems.isEmpty else { return [] }
        return [.line("✗ inconsistent: \(problems.count) problem\(problems.count == 1 ? "" : "s")", .error)]
            + problems.map { .line("  " + $0.description) }
    }

    // MARK: Errors

    /// `message at column N`, locating `token` in `line` (the first occurrence after the keyword);
    /// `offset` is how many characters of the whole line precede `line`.
    func located(_ message: String, token: String, in line: String, offset: Int = 0) -> InterpreterError {
        let body = offset == 0 ? line.drop { $0 == " " }.drop { $0 != " " } : Substring(line)
        guard !token.isEmpty, let range = body.range(of: token) else { return InterpreterError(message) }
        return InterpreterError("\(message) at column \(offset + line.distance(from: line.startIndex, to: range.lowerBound) + 1)")
    }
}
