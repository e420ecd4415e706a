import Adapters
import CommandLanguage
import FetchedResults
import ObjectGraph

/// Background contexts and batch requests (`context NAME`, `use context NAME`, `batch …`,
/// `refetch`): edits of a background context reach the main context — and its controllers —
/// only when it saves and the main context merges; a batch request reaches no context at all.
extension Interpreter {
    /// Runs `use`, `close`, `context`, `batch` and `refetch`.
    func executeWorkspaceCommand(_ command: Command) throws -> LineOutcome {
        switch command {
        case .use(.controller(let name)): return try useController(name)
        case .use(.context(let name)): return try useContext(name)
        case .close(let name, let leaves): return try closeController(name, leavesDelegate: leaves)
        case .context(nil, _): return listContexts()
        case .context(let name?, let merge): return try openContext(name, merge: merge)
        case .batch(let spec): return try batch(spec)
        case .refetch: return try refetch()
        default: throw InterpreterError("'\(command.name)' is not a workspace command")
        }
    }

    /// In a background context: refuses what only the main context (with its controllers and
    /// tables) can do, and carries out `save` with its merge. `nil` for everything else.
    func executeInBackgroundContext(_ commands: [Command]) throws -> LineOutcome? {
        if case .entity? = commands.first, let open = workspace.backgroundContexts.first {
            throw InterpreterError(
                "'entity' after 'context \(open.name)': a background context keeps the schema it was opened with; "
                    + "define entities first")
        }
        guard let background = workspace.selectedBackground, let first = commands.first else { return nil }
        for command in commands {
            switch command {
            case .entity, .fetch, .move, .insert(_, _, _?), .adapter(_, _), .profile(_?), .reorder(_?), .sheet, .scroll,
                .importCSV, .importCoreData, .close:
                throw InterpreterError(
                    "'\(command.name)' works on the main context and its controllers; "
                        + "'use context main' first (the selected context is '\(background.name)')")
            default: continue
            }
        }
        guard case .save = first, !isInTransaction else { return nil }
        let summary = try background.context.save()
        let counts =
            "saved \(background.name): \(summary.insertedIDs.count) inserted, \(summary.updatedIDs.count) updated, "
            + "\(summary.deletedIDs.count) deleted"
        guard background.merge != .off, !summary.isEmpty else {
            let note = summary.isEmpty ? "" : "; the main context does not merge (merge=off)"
            return outcome(
                ids: [], report: nil, extra: [("saved", savedJSON(summary)), ("merged", false)],
                prefix: [.line(counts + note)] + staleProblemLines())
        }
        let reporting = mergeReporting(background.merge)
        nameNextEvent(["merge \(background.name)'s save"])
        let report = try finishTurn {
            try workspace.context.mergeChanges(fromContextDidSave: summary, reporting: reporting)
        }
        return outcome(
            ids: [], report: report, extra: [("saved", savedJSON(summary)), ("merged", true)],
            prefix: [.line(counts + "; merged into main" + (report == nil ? ": no change to report" : ""))]
                + (report == nil ? staleProblemLines() : []))
    }

    /// Which updated objects a merge reports: all, or (ios9) those some controller holds.
    private func mergeReporting(_ mode: Command.MergeMode) -> MergeReporting {
        guard mode == .ios9 else { return .allRegistered }
        let controllers = workspace.liveControllers.map(\.controller)
        return .loadedOnly { id in controllers.contains { $0.indexPath(forObjectID: id) != nil } }
    }

    private func savedJSON(_ summary: SaveSummary) -> JSONValue {
        let ids = { (set: Set<ObjectID>) in JSONValue.array(set.sorted().map { .int($0.rawValue) }) }
        return .object([
            ("inserted", ids(summary.insertedIDs)), ("updated", ids(summary.updatedIDs)),
            ("deleted", ids(summary.deletedIDs)),
        ])
    }

    /// The fresh-fetch problems right now, as the lines an event would print.
    private func staleProblemLines() -> [OutputBlock] {
        problemLines(staleProblems())
    }

    private func useContext(_ name: String) throws -> LineOutcome {
        guard name == "main" || workspace.backgroundContexts.contains(where: { $0.name == name }) else {
            throw located(
                "no context named '\(name)'", at: .argument, token: name,
                suggestions: ["main"] + workspace.backgroundContexts.map(\.name))
        }
        workspace.selectedContextName = name
        return text(["using context '\(name)'"], json: [("context", .string(name))])
    }

    private func listContexts() -> LineOutcome {
        let rows =
            [("main", "controllers: \(controllerNames.joined(separator: ", "))", workspace.context)]
            + workspace.backgroundContexts.map { ($0.name, "merge=\($0.merge)", $0.context) }
        let lines = rows.map { name, detail, context in
            "\(name == workspace.selectedContextName ? "*" : " ") \(name)  \(detail)  unsaved: \(context.hasChanges ? "yes" : "no")"
        }
        return text(
            lines,
            json: [
                ("contexts", .array(rows.map { .string($0.0) })), ("selected", .string(workspace.selectedContextName)),
            ])
    }

    private func openContext(_ name: String, merge: Command.MergeMode?) throws -> LineOutcome {
        guard name != "main" else { throw located("'main' is the main context's name", at: .argument, token: name) }
        if let existing = workspace.backgroundContexts.first(where: { $0.name == name }) {
            if let merge { existing.merge = merge }
            return text(
                ["context \(name) merge=\(existing.merge)"],
                json: [("context", .string(name)), ("merge", .string(existing.merge.rawValue))])
        }
        let background = try workspace.openBackgroundContext(name, merge: merge ?? .auto)
        return text(
            [
                "context \(name) merge=\(background.merge): \(background.context.objectCount) objects from the store; "
                    + "'use context \(name)' to edit in it"
            ],
            json: [
                ("context", .string(name)), ("merge", .string(background.merge.rawValue)),
                ("objects", .int(background.context.objectCount)),
            ])
    }

    /// `batch [--merge] set|delete …`: writes the store, tells nobody — unless `--merge` merges
    /// the returned IDs into every context (`mergeChanges(fromRemoteContextSave:into:)`).
    private func batch(_ spec: Command.BatchSpec) throws -> LineOutcome {
        let predicate = try parsedPredicate(spec.predicate)
        let request: BatchRequest =
            spec.assignments.map {
                .update(spec.entity, predicate: predicate, assignments: $0.map { ($0.key, $0.value) })
            }
            ?? .delete(spec.entity, predicate: predicate)
        let ids: [ObjectID]
        do {
            ids = try request.execute(in: workspace.context)
        } catch let error as FetchedResultsError {
            switch error {
            case .unknownEntity(let name):
                throw located(error.description, at: .entity, token: name, suggestions: entityNames)
            case .predicate(let inner):
                throw located(inner, in: spec.predicate)
            default: throw InterpreterError(error.description)
            }
        } catch let error as ObjectGraphError {
            throw locate(error, assignments: spec.assignments ?? [])
        }
        workspace.checksAgainstStore = true
        let verb = spec.assignments == nil ? "deleted" : "updated"
        let list = ids.isEmpty ? "" : " (" + ids.map(\.description).joined(separator: " ") + ")"
        let head = "batch: \(ids.count) object\(ids.count == 1 ? "" : "s") \(verb) in the store\(list)"
        let json: [(String, JSONValue)] = [("written", .array(ids.map { .int($0.rawValue) }))]
        guard spec.merges, !ids.isEmpty else {
            let note = ids.isEmpty ? "" : "; no change event: the controllers were not told"
            let stale = staleProblems()
            return text(
                [.line(head + note)] + problemLines(stale),
                json: json + [
                    ("consistent", .bool(stale.isEmpty)),
                    ("problems", .array(stale.map { .string($0.description) })),
                ], failed: !stale.isEmpty)
        }
        let changes = spec.assignments == nil ? SaveSummary(deleted: Set(ids)) : SaveSummary(updated: Set(ids))
        for background in workspace.backgroundContexts {
            try background.context.mergeChanges(fromContextDidSave: changes)
        }
        nameNextEvent(["merge batch \(verb) \(ids.map(\.description).joined(separator: " "))"])
        let report = try finishTurn { try workspace.context.mergeChanges(fromContextDidSave: changes) }
        return outcome(ids: [], report: report, extra: json, prefix: [.line(head + "; merged into main")])
    }

    /// `refetch`: the main context re-reads the store, every live controller fetches again and
    /// its table reloads — no callbacks, as `performFetch()`.
    private func refetch() throws -> LineOutcome {
        try workspace.context.refreshFromStore()
        for (_, controller) in workspace.liveControllers { try controller.performFetch() }
        workspace.table?.reloadData()
        for unit in workspace.parked where !unit.isClosed && unit.table !== workspace.table { unit.table.reloadData() }
        let count = workspace.liveControllers.count
        return text(
            [.line("refetched \(count) controller\(count == 1 ? "" : "s")")]
                + sheet(window: .aroundChanges(maxRows: 24), marks: false),
            json: [("controllers", .int(count))])
    }
}
