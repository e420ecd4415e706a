import Adapters
import CommandLanguage
import FetchedResults
import TableSimulation

/// Several controllers on one context (`fetch … as NAME`, `use NAME`, `close NAME`): each with its
/// own data source, table and adapter, all observing the main context, so all receive every
/// change event; the sheet shows the selected one and the check runs for all of them.
extension Interpreter {
    /// `fetch`'s last step: replaces the selected controller, or — with `as NAME` naming another
    /// — parks the selected one and makes a new one; `share NAME` gives it that controller's table.
    func fetchIntoSlot(_ request: FetchRequest, spec: Command.FetchSpec) throws {
        let previous = workspace.selectedName
        let name = spec.name ?? previous
        if let shared = spec.sharesTableOf, shared == name {
            throw located("controller '\(name)' cannot share its own table", at: .sharedTable)
        }
        guard name != previous || spec.sharesTableOf != nil else {
            try workspace.fetch(request, indexKey: spec.indexKey, strategy: spec.reorder)
            return
        }
        if name != previous { workspace.parkSelected(as: previous, spec: fetchSpec) }
        do {
            if let sharedName = spec.sharesTableOf {
                guard let shared = workspace.parked.first(where: { $0.name == sharedName && !$0.isClosed }) else {
                    throw located(
                        "no controller named '\(sharedName)'", at: .sharedTable, token: sharedName,
                        suggestions: workspace.parked.map(\.name))
                }
                try workspace.fetch(request, indexKey: spec.indexKey, sharingTableOf: shared)
            } else {
                try workspace.fetch(request, indexKey: spec.indexKey, strategy: spec.reorder)
            }
        } catch {
            if name != previous, let back = workspace.parked.last(where: { $0.name == previous }) {
                workspace.restore(back)
            }
            throw error
        }
        // A controller of the same name is replaced: its delegate is detached (as `fetch` does).
        for unit in workspace.parked where unit.name == name { unit.controller.delegate = nil }
        workspace.parked.removeAll { $0.name == name }
        workspace.selectedName = name
    }

    /// `use NAME`: the sheet, `show`, `dump`, drags and the adapter commands work on that controller.
    func useController(_ name: String) throws -> LineOutcome {
        if name != workspace.selectedName {
            guard let unit = workspace.parked.first(where: { $0.name == name }) else {
                throw located("no controller named '\(name)'", at: .argument, token: name, suggestions: controllerNames)
            }
            guard !unit.isClosed else { throw located("controller '\(name)' was closed", at: .argument, token: name) }
            workspace.parkSelected(as: workspace.selectedName, spec: fetchSpec)
            workspace.restore(unit)
            workspace.selectedName = name
            fetchSpec = unit.fetchSpec
            lastReport = nil
            lastChange = nil
        }
        let count = workspace.controller?.numberOfFetchedObjects ?? 0
        return text(
            [.line("using controller '\(name)': \(count) object\(count == 1 ? "" : "s")")]
                + sheet(window: .aroundChanges(maxRows: 24), marks: false),
            json: [("controller", .string(name)), ("objects", .int(count))])
    }

    /// `close [--leave-delegate] NAME`: the controller's screen goes away with its table.
    func closeController(_ name: String, leavesDelegate: Bool) throws -> LineOutcome {
        guard name != workspace.selectedName else {
            throw located("controller '\(name)' is selected; 'use' another first", at: .argument, token: name)
        }
        guard let unit = workspace.parked.first(where: { $0.name == name && !$0.isClosed }) else {
            throw located("no controller named '\(name)'", at: .argument, token: name, suggestions: controllerNames)
        }
        if leavesDelegate {
            unit.isClosed = true
            return text(
                ["closed '\(name)': its table is gone but the controller keeps its delegate"],
                json: [("closed", .string(name)), ("delegateAttached", .bool(true))])
        }
        unit.controller.delegate = nil
        workspace.parked.removeAll { $0 === unit }
        return text(
            ["closed '\(name)': delegate detached, controller released"],
            json: [("closed", .string(name)), ("delegateAttached", .bool(false))])
    }

    /// The names of the selected controller and the parked ones (not the closed ones).
    var controllerNames: [String] {
        [workspace.selectedName] + workspace.parked.filter { !$0.isClosed }.map(\.name)
    }

    /// What the check adds for the other controllers after an event: each one's UIKit error and
    /// table differences, a callback to a closed table, and — once the store can change behind
    /// the controllers' backs — every controller against a fresh fetch. Sets `otherControllerSummaries`.
    func workspaceProblems() -> [ConsistencyProblem] {
        var problems: [ConsistencyProblem] = []
        otherControllerSummaries = []
        otherControllerEvents = []
        for unit in workspace.parked {
            let event = unit.adapter.lastEvent
            let callbacks = event.entries.count
            if unit.isClosed {
                guard callbacks > 0 else { continue }
                problems.append(
                    ConsistencyProblem(
                        .otherTable,
                        "controller '\(unit.name)': \(callbacks) callbacks reached the table closed "
                            + "with 'close --leave-delegate': UITableView was told to layout its visible cells and other contents without "
                            + "being in the view hierarchy (the table view or one of its superviews has not been added to a window)"
                    ))
                continue
            }
            if unit.table !== workspace.table { unit.table.layoutIfNeeded() }
            if callbacks > 0 {
                let summary = EventReport(number: 0, event: event, problems: []).summary
                otherControllerSummaries.append("controller '\(unit.name)'" + summary.dropFirst("event 0".count))
                otherControllerEvents.append((unit.name, event))
            }
            if let error = event.tableError {
                problems.append(ConsistencyProblem(.otherTable, "controller '\(unit.name)': \(error)"))
            }
            let check = ConsistencyCheck(table: unit.table, dataSource: unit.dataSource)
            problems += check.run(scope: .full).map { ConsistencyProblem($0.kind, "controller '\(unit.name)': \($0)") }
        }
        return problems + staleProblems()
    }

    /// Each live controller compared with a fresh fetch, while `checksAgainstStore`.
    func staleProblems(always: Bool = false) -> [ConsistencyProblem] {
        guard workspace.checksAgainstStore || always else { return [] }
        var problems: [ConsistencyProblem] = []
        for (name, controller) in workspace.liveControllers {
            let differences: [String]
            do {
                differences = try controller.differencesFromFreshFetch()
            } catch {
                differences = ["a fresh fetch failed: \(error)"]
            }
            problems += differences.map {
                ConsistencyProblem(.staleResults, "controller '\(name)' disagrees with a fresh fetch: \($0)")
            }
        }
        return problems
    }
}

extension Interpreter {
    /// What `check` adds: each parked controller's table against its controller, and the
    /// fresh-fetch comparison while `checksAgainstStore`.
    func otherControllerProblems() -> [ConsistencyProblem] {
        var problems: [ConsistencyProblem] = []
        for unit in workspace.parked where !unit.isClosed {
            let check = ConsistencyCheck(table: unit.table, dataSource: unit.dataSource)
            problems += check.run(scope: .full).map { ConsistencyProblem($0.kind, "controller '\(unit.name)': \($0)") }
        }
        return problems + staleProblems()
    }
}

extension Interpreter {
    /// Drops every parked controller of `entity` (its request no longer fits the redefinition),
    /// detaching its delegate first.
    func dropOtherControllers(ofEntity entity: String) {
        for unit in workspace.parked where unit.controller.fetchRequest.entityName == entity {
            unit.controller.delegate = nil
        }
        workspace.parked.removeAll { $0.controller.fetchRequest.entityName == entity }
    }
}
