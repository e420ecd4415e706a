import CommandLanguage
import ObjectGraph

extension Interpreter {
    /// `obtainPermanentIDs REF …`: the objects' temporary IDs become permanent now, as Core
    /// Data's `obtainPermanentIDs(for:)`; a difference delegate hears of it (issue 33 item 7).
    func obtainPermanentIDs(_ refs: [Command.ObjectRef]) throws -> LineOutcome {
        guard !isInTransaction else {
            throw InterpreterError("'obtainPermanentIDs' inside 'begin … commit': commit first")
        }
        let targets = try refs.enumerated().map { try resolve($1, at: .reference($0)) }
        // The objects' pending edits are processed first: Core Data's call does so too.
        let report = try finishTurn { try context.processPendingChanges() }
        let (changed, mutation) = try reportingIDMutation { try context.obtainPermanentIDs(for: targets) }
        let lead =
            changed.isEmpty
            ? "no temporary ID among them: saved objects' IDs are permanent already"
            : "permanent IDs for " + changed.map(\.description).joined(separator: " ")
        let json: [(String, JSONValue)] = [("permanent", .array(changed.map { .int($0.rawValue) }))]
        guard let mutation else { return outcome(ids: [], report: report, extra: json, prefix: [.line(lead)]) }
        return outcome(ids: [], report: mutation, extra: json, prefix: (report.map(eventText) ?? []) + [.line(lead)])
    }

    /// Runs `body`, which may turn temporary IDs into permanent ones, and makes what the adapter
    /// received meanwhile (a difference delegate's removal and insertion per object) an event of
    /// its own: numbered, laid out and checked as every change event is. Nil when it received nothing.
    func reportingIDMutation<T>(_ body: () throws -> T) throws -> (T, EventReport?) {
        workspace.adapter?.resetLastEvent()
        for unit in workspace.parked { unit.adapter.resetLastEvent() }
        let result = try body()
        guard let event = workspace.adapter?.lastEvent, !event.entries.isEmpty else { return (result, nil) }
        workspace.table?.layoutIfNeeded()
        workspace.eventCount += 1
        let problems = (workspace.check?.run(scope: workspace.eventCheckScope) ?? []) + workspaceProblems()
        let report = EventReport(number: workspace.eventCount, event: event, problems: problems)
        lastReport = report
        return (result, report)
    }
}
