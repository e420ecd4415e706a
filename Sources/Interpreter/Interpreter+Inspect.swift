import Adapters
import CommandLanguage
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

extension Interpreter {
    /// `log`: the last event's callbacks in Apple's vocabulary with what the adapter did, the
    /// table operations it issued, and UIKit's error.
    func logLines() -> [String] {
        if workspace.userList != nil { return userListLogLines() }
        if let delivery = workspace.fetchDelivery, delivery.afterEvent == workspace.eventCount {
            // The adapter was attached and the controller fetched again: Core Data hands a
            // snapshot delegate the fetched results (rule 24).
            return ["performFetch (when the adapter was attached; no change event since):"]
                + delivery.entries.map { "  \($0.callback)  [\($0.action.rawValue)]" }
        }
        guard let report = lastReport else {
            // 'fetch' forgets the last event (performFetch reports nothing, rule 5).
            return [workspace.eventCount == 0 ? "no change event yet" : "no change event since the last fetch"]
        }
        var lines = ["event \(report.number):"]
        for (callback, action) in report.event.entries {
            switch callback {
            case .willChangeContent, .didChangeContent: lines.append("  \(callback)")
            default: lines.append("  \(callback)  [\(action.rawValue)]")
            }
        }
        if report.event.entries.isEmpty {
            let paused = workspace.adapterOptions.isPaused
            lines.append(
                paused
                    ? "  (no callbacks: the adapter is paused, so the controller has no delegate and does not track)"
                    : "  (no callbacks: nothing the controller fetched changed)")
        }
        lines += report.event.tableOperations.map { "  table: \($0)" }
        if let writes = report.writes { lines.append("  writes \(writes) (objects the drag wrote)") }
        if let logged = report.event.loggedError { lines.append("  \(logged)") }
        if let crash = report.event.appCrash { lines.append("  the app crashed: \(crash)") }
        return lines
    }

    /// `dump` / `dump objects`: the controller's sections and the table's rows, and every object.
    func dump(includesObjects: Bool) -> LineOutcome {
        var lines: [String] = []
        var sectionsJSON: [JSONValue] = []
        var tableJSON: [JSONValue] = []
        if let controller = workspace.controller, let table = workspace.table {
            for section in 0..<controller.numberOfSections {
                let info = controller.sectionInfo(at: section)
                let ids = info.objects.map(\.objectID)
                lines.append("controller \(section) \"\(info.name)\":" + ids.map { " \($0)" }.joined())
                sectionsJSON.append(
                    .object([
                        ("name", .string(info.name)), ("indexTitle", .string(info.indexTitle ?? "")),
                        ("ids", .array(ids.map { .int($0.rawValue) })),
                    ]))
            }
            for (section, ids) in table.rowIdentifiersBySection.enumerated() {
                lines.append("table \(section):" + ids.map { " #\($0)" }.joined())
                tableJSON.append(.object([("ids", .array(ids.map { .int($0) }))]))
            }
        } else {
            lines.append("nothing fetched")
        }
        let consistent = workspace.check?.run().isEmpty ?? true
        var fields: [(String, JSONValue)] = [
            ("sections", .array(sectionsJSON)), ("table", .array(tableJSON)), ("consistent", .bool(consistent)),
        ]
        if includesObjects {
            var objects: [JSONValue] = []
            let all = context.schema.entities.flatMap { context.objects(ofEntity: $0.name) }.sorted {
                $0.objectID < $1.objectID
            }
            for object in all {
                lines.append(object.description)
                let values = zip(object.entity.attributes, object.values).map { ($0.name, Self.json($1)) }
                objects.append(
                    .object([
                        ("id", .int(object.objectID.rawValue)), ("entity", .string(object.entity.name)),
                        ("values", .object(values)),
                    ]))
            }
            fields.append(("objects", .array(objects)))
        }
        return text(lines, json: fields)
    }

    /// `stats`: sizes and counters of the workspace.
    /// The consistency check of the last delivered state: inside `begin … commit` the pending
    /// edits are not compared (nobody has been told about them yet), and the answer says so.
    func check() -> LineOutcome {
        var check = workspace.check
        check?.readsDeliveredValues = isInTransaction
        let problems =
            (check?.run() ?? []) + (isInTransaction ? [] : otherControllerProblems())
            + (workspace.userList?.check() ?? [])
        var lines = problems.isEmpty ? [OutputBlock.line("✓ consistent", .good)] : problemLines(problems)
        if isInTransaction, context.hasPendingChanges {
            lines.append(.line("(edits pending until 'commit' are not checked)", .dim))
        }
        var fields: [(String, JSONValue)] = [
            ("consistent", .bool(problems.isEmpty)), ("problems", .array(problems.map { .string($0.description) })),
        ]
        if isInTransaction { fields.append(("pending", .bool(context.hasPendingChanges))) }
        return text(lines, json: fields, failed: !problems.isEmpty)
    }

    func stats() -> LineOutcome {
        let controller = workspace.controller
        let table = workspace.table
        let fields: [(String, JSONValue)] =
            [
                ("objects", .int(context.objectCount)),
                ("fetched", .int(controller?.numberOfFetchedObjects ?? 0)),
                ("sections", .int(controller?.numberOfSections ?? 0)),
                (
                    "tableRows",
                    .int(
                        table.map { t in (0..<t.numberOfSections).reduce(0) { $0 + t.numberOfRows(inSection: $1) } }
                            ?? 0)
                ),
                ("events", .int(workspace.eventCount)),
                ("unsavedChanges", .bool(context.hasChanges)),
                ("adapter", .string(workspace.adapterKind.rawValue)),
                ("profile", .string(workspace.profile.rawValue)),
                ("reorder", .string(workspace.reorderStrategy.rawValue)),
                ("drags", .int(workspace.drags)),
                ("writes", .int(workspace.dragWrites)),
            ] + batchFields(controller)
        let lines = fields.map { key, value in
            if case .string(let s) = value { return "\(key): \(s)" }
            return "\(key): \(value)"
        }
        return text(lines, json: fields)
    }

    /// A value as the JSON protocol writes it: nil as null, dates as ISO-8601 strings.
    static func json(_ value: Value) -> JSONValue {
        switch value {
        case .null: .null
        case .string(let s): .string(s)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .bool(let b): .bool(b)
        case .date: .string(value.description)
        case .object: .string(value.description)
        case .objects(let ids): .array(ids.map { .string($0.description) })
        }
    }
}
