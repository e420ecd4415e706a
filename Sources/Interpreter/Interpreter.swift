import Adapters
import CommandLanguage
import CoreDataFiles
import Dispatch
import FetchSimCore
import FetchedResults
import Foundation
import ObjectGraph
import TableSimulation

/// Executes the command language against a workspace, one line at a time. One line — or one
/// `begin … commit` block — is one run-loop turn: its edits become one change event, after which
/// the consistency check runs.
package final class Interpreter {
    package let workspace: Workspace
    /// Whether to render text output (off in `--json` mode, where only JSON is printed).
    package var rendersText = true
    /// Whether the user asked the work in progress to stop (Ctrl-C) since the last question.
    /// Long commands (`import csv`) ask between records and stop leaving nothing half done; the
    /// console answers from its SIGINT handler, on a terminal.
    package var isInterrupted: () -> Bool = { false }
    /// Where long commands report how far they are (`import csv: 120,000 records read`), and
    /// an empty text when they end; the console shows it on a terminal, and nothing else does.
    package var progress: ((String) -> Void)?
    /// The entities the demo workspace defined, when the session started from it: redefining
    /// one fails for the demo's objects, and the error says how to start without them.
    package internal(set) var demoEntities: Set<String> = []
    /// Whether an edit's outcome carries its JSON object (`{"ok":true,"ids":…,"batch":…}`); off
    /// in the fuzzer's search, which reads neither text nor JSON. Errors keep their JSON.
    package var rendersJSON = true
    /// Whether a `begin … commit` block is open.
    package internal(set) var isInTransaction = false {
        didSet { if !isInTransaction { blockDescriptions = [] } }
    }
    /// The current fetch as `show fetch` prints it (the sort filled in when it was defaulted).
    package internal(set) var fetchSpec: Command.FetchSpec?
    /// How many `save`s succeeded in this session.
    package internal(set) var saveCount = 0
    /// What the open block's edits did so far, to name its event at `commit`.
    var blockDescriptions: [String] = []
    /// Where the parts of the command being run stand in its line, for errors' columns.
    var positions = TokenPositions.none
    /// The last change event.
    package internal(set) var lastReport: EventReport?
    var lastChange: ObjectsDidChange?
    /// What the other controllers' adapters did in the last event, one line each (`fetch … as NAME`).
    var otherControllerSummaries: [String] = []
    /// The other controllers' adapter events of the last event, by name (the JSON `controllers`).
    var otherControllerEvents: [(name: String, event: AdapterEvent)] = []
    /// A `record` command the driver must carry out (the interpreter does no file I/O).
    package internal(set) var pendingRecordAction: Command.RecordAction?
    /// A `read FILE` the driver must carry out: it runs the file's lines through `execute`.
    package internal(set) var pendingReadPath: String?
    /// An `export html FILE` the driver must carry out: it keeps the session's history.
    package internal(set) var pendingPageExport: String?

    /// The monotonic clock `timing on` reads, in nanoseconds; tests inject a counter.
    package var clock: () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    /// Whether long output may go through a pager (`pager on|off`); the driver decides whether
    /// there is a terminal to page on.
    package internal(set) var usesPager = true
    /// How `show` and `dump objects` print (`mode`).
    package internal(set) var outputMode: Command.OutputMode = .sheet
    /// Reads a file for `import csv` (injected: tests and transcripts may use their own).
    package var readFile: (String) throws -> String = { try String(contentsOfFile: $0, encoding: .utf8) }
    /// What a transcript embeds for a path, read in place of the file (`import coredata`'s store,
    /// `CoreDataStoreContents.text`); nil when nothing is embedded, outside a replay always.
    package var embeddedFile: (String) -> String? = { _ in nil }
    /// Writes a file for `export csv`.
    package var writeFile: (String, String) throws -> Void = {
        try $1.write(toFile: $0, atomically: true, encoding: .utf8)
    }
    /// The Xcode model the session started with (`--model`, `# model:`), through which
    /// `import coredata` reads a store; nil without one.
    package internal(set) var model: ModelSchema?
    /// The stopwatch of `timing on`; nil while timing is off.
    var timing: EventTiming?
    /// The stages of the current line's change event, when timed.
    var stageTimes: LineTiming.Stages?

    package init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The context edits go to: the main one, or the background context `use context NAME` selected.
    var context: ObjectContext { workspace.editContext }

    /// Runs one input line and returns everything it produced (with its timing while `timing on`).
    package func execute(_ line: String) -> LineOutcome {
        guard let timing else { return executeUntimed(line) }
        stageTimes = nil
        let start = timing.clock()
        var outcome = executeUntimed(line)
        // `timing off` is not timed, and neither is `quit`: there is nothing to wait for.
        guard self.timing != nil, !outcome.quits else { return outcome }
        let measured = LineTiming(totalNanoseconds: timing.clock() &- start, stages: stageTimes)
        outcome.timing = measured
        if case .object(let fields) = outcome.json { outcome.json = .object(fields + [("timing", measured.json)]) }
        return outcome
    }

    private func executeUntimed(_ line: String) -> LineOutcome {
        pendingRecordAction = nil
        pendingReadPath = nil
        pendingPageExport = nil
        // Blank, or a comment: looks at the leading blanks only (trimming copies the whole line).
        // An ASCII scalar is whitespace when it is a space or a tab (Foundation's set holds no
        // other ASCII scalar); asking the set itself is a costly call per line.
        let ink = line.unicodeScalars.first {
            $0.isASCII ? $0 != " " && $0 != "\t" : !CharacterSet.whitespaces.contains($0)
        }
        if ink == nil || ink == "#" { return LineOutcome() }
        let commands: [ParsedCommand]
        do {
            commands = try CommandParser.parse(line)
        } catch {
            return .error(error.description)
        }
        guard let first = commands.first else { return LineOutcome() }
        defer { positions = .none }
        do {
            // Without a background context there is nothing to refuse or save there (and no
            // array of the commands to build for it, every line).
            if !workspace.backgroundContexts.isEmpty,
                let outcome = try executeInBackgroundContext(commands.map(\.command))
            {
                return outcome
            }
            if commands.count > 1 || first.isEdit {
                return try executeEdits(commands)
            }
            positions = first.positions
            return try executeCommand(first.command)
        } catch let error as InterpreterError {
            return .error(error.description)
        } catch let error as ObjectGraphError {
            var outcome = LineOutcome.error(error.description)
            outcome.objectGraphError = error
            return outcome
        } catch {
            return .error(String(describing: error))
        }
    }

    /// Discards an open `begin … commit` block's edits (the session ends inside it).
    package func discardOpenBlock() {
        guard isInTransaction else { return }
        isInTransaction = false
        context.discardPendingChanges()
    }

    // MARK: Change events

    /// Ends the current run-loop turn: runs `produce` (which processes pending changes, or
    /// undoes, redoes, rolls back), lets the table lay out, and checks consistency.
    func finishTurn(writes: Int? = nil, _ produce: () throws -> ObjectsDidChange?) throws -> EventReport? {
        workspace.adapter?.resetLastEvent()
        for unit in workspace.parked { unit.adapter.resetLastEvent() }
        timing?.reset()
        workspace.adapter?.timing = timing
        let started = timing?.clock()
        let change = try produce()
        let produced = timing?.clock()
        workspace.table?.layoutIfNeeded()
        let laidOut = timing?.clock()
        guard let change else { return nil }
        workspace.eventCount += 1
        let problems = (workspace.check?.run(scope: workspace.eventCheckScope) ?? []) + workspaceProblems()
        if let timing, let started, let produced, let laidOut {
            let firstCallback = timing.firstCallbackAt ?? produced
            stageTimes = LineTiming.Stages(
                controller: firstCallback &- started,
                adapter: (produced &- firstCallback) &- min(timing.tableNanoseconds, produced &- firstCallback),
                table: timing.tableNanoseconds &+ (laidOut &- produced),
                check: timing.clock() &- laidOut,
                callbacks: workspace.adapter?.lastEvent.entries.count ?? 0)
        }
        // An app's own view controller (`adapter notes`) ends its turn as the simulator does.
        let userTurn = workspace.userList.map(endUserTurn)
        var report = EventReport(
            number: workspace.eventCount, event: workspace.adapter?.lastEvent ?? AdapterEvent(),
            problems: problems + (userTurn?.problems ?? []))
        if let userTurn {
            report.appCalls = userTurn.calls
            report.exceptions = userTurn.exceptions
        }
        report.writes = writes
        report.otherControllers = otherControllerEvents
        lastReport = report
        lastChange = change
        return report
    }

    /// Text and JSON for a line that may have ended a change event.
    func outcome(ids: [ObjectID], report: EventReport?, extra: [(String, JSONValue)] = [], prefix: [OutputBlock] = [])
        -> LineOutcome
    {
        var outcome = LineOutcome()
        outcome.insertedIDs = ids
        if rendersJSON {
            var fields: [(String, JSONValue)] = [("ok", true)]
            fields += extra
            fields.append(("ids", .array(ids.map { .int($0.rawValue) })))
            fields.append(("batch", report?.json ?? .null))
            outcome.json = .object(fields)
        }
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
        lines += otherControllerSummaries.map { .line($0, .dim) }
        lines += sheet(window: .aroundChanges(maxRows: 24), marks: true)
        if let logged = report.event.loggedError { lines.append(.line(logged, .error)) }
        if let crash = report.event.appCrash { lines.append(.line("✗ the app crashed: \(crash)", .error)) }
        lines += report.exceptions.map { .line($0, .error) }
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

    /// `message at column N`, N being where the parser read the command's `slot` (no column when
    /// the command has no such part). `suggestions`: the names `token` should have been one of;
    /// the closest is offered as `(did you mean 'Note'?)` after the column.
    func located(_ message: String, at slot: TokenPositions.Slot, token: String = "", suggestions: [String] = [])
        -> InterpreterError
    {
        let hint = Suggestion.closest(to: token, among: suggestions).map { " (did you mean '\($0)'?)" } ?? ""
        guard let column = positions.column(of: slot) else { return InterpreterError(message + hint) }
        return InterpreterError("\(message) at column \(column)\(hint)")
    }

    /// A predicate error in the line: its column in the predicate's text moved to the line's.
    func located(_ error: FetchedResults.PredicateError, in text: Command.PredicateText?) -> InterpreterError {
        InterpreterError("\(error.message) at column \((text?.column ?? 1) + error.column - 1)\(error.hint)")
    }

    /// Parses a `where` clause's text (nil for none); an error names its column in the line.
    func parsedPredicate(_ text: Command.PredicateText?) throws -> FetchedResults.Predicate? {
        guard let text else { return nil }
        do {
            return try FetchedResults.Predicate(format: text.text)
        } catch {
            throw located(error, in: text)
        }
    }

    /// The names of the schema's entities, and of `entity`'s attributes.
    var entityNames: [String] { context.schema.entities.map(\.name) }
    func attributeNames(of entity: String) -> [String] {
        context.schema.entity(named: entity)?.attributes.map(\.name) ?? []
    }
}
