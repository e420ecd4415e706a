import Adapters
import CommandLanguage
import FetchSimCore
import FetchedResults
import ObjectGraph
import Sheet
import TableSimulation

extension Interpreter {
    /// Runs one command that is not an edit.
    func executeCommand(_ command: Command) throws -> LineOutcome {
        if isInTransaction,
            ![.commit, .abort, .show, .log, .check, .dump, .stats, .sheet, .help, .read, .timing, .pager, .mode]
                .contains(command.name)
        {
            throw InterpreterError(
                "'\(command.name.rawValue)' is not allowed inside 'begin … commit'; 'commit' or 'abort' first")
        }
        switch command {
        case .entity(let name, let attributes):
            let entity: Entity
            let previous = context.schema.entity(named: name)
            do {
                entity = try Entity(name: name, attributes: attributes)
                try context.define(entity)
            } catch {
                throw locate(error, definition: name, attributes: attributes)
            }
            let fields = attributes.map { attribute in
                let options = attribute.relationshipOptionsText
                return "\(attribute.name) \(attribute.typeText)" + (options.isEmpty ? "" : " " + options)
            }.joined(separator: ", ")
            var lines = ["entity \(name): \(fields)"]
            if let previous, previous != entity {
                lines[0] = "entity \(name) redefined: \(fields)"
                lines += refetchAfterRedefining(name)
            }
            if previous != entity { lines += remakeUserListAfterSchemaChange() }
            return text(
                lines, json: [("entity", .string(name)), ("redefined", .bool(previous != nil && previous != entity))])
        case .fetch(let spec):
            return try fetch(spec)
        case .begin:
            guard !isInTransaction else { throw InterpreterError("already inside 'begin … commit'") }
            isInTransaction = true
            return text(["begin: edits wait for 'commit' (one change event) or 'abort'"])
        case .commit:
            guard isInTransaction else { throw InterpreterError("'commit' without 'begin'") }
            if !blockDescriptions.isEmpty { nameNextEvent(blockDescriptions) }
            isInTransaction = false
            return outcome(ids: [], report: try finishTurn { try context.processPendingChanges() })
        case .abort:
            guard isInTransaction else { throw InterpreterError("'abort' without 'begin'") }
            isInTransaction = false
            context.discardPendingChanges()
            return text(["aborted: the block's edits are discarded"])
        case .save:
            let report = try finishTurn { try context.processPendingChanges() }
            // The save turns inserted objects' temporary IDs into permanent ones: a difference
            // delegate hears of it, an event of its own after this turn's.
            let (summary, mutation) = try reportingIDMutation { try saveWithSettings() }
            let counts =
                "saved: \(summary.insertedIDs.count) inserted, \(summary.updatedIDs.count) updated, \(summary.deletedIDs.count) deleted"
            let ids = { (set: Set<ObjectID>) in JSONValue.array(set.sorted().map { .int($0.rawValue) }) }
            let saved: [(String, JSONValue)] = [
                (
                    "saved",
                    .object([
                        ("inserted", ids(summary.insertedIDs)), ("updated", ids(summary.updatedIDs)),
                        ("deleted", ids(summary.deletedIDs)),
                    ])
                )
            ]
            guard let mutation else { return outcome(ids: [], report: report, extra: saved, prefix: [.line(counts)]) }
            return outcome(
                ids: [], report: mutation, extra: saved, prefix: (report.map(eventText) ?? []) + [.line(counts)])
        case .rollback:
            return outcome(
                ids: [], report: try finishTurn { try context.rollback() },
                prefix: [.line("rolled back to the last save")])
        case .undo:
            let name = context.undoActionName
            let report = try finishTurn { try context.undo() }
            return outcome(ids: [], report: report, prefix: [.line("undid " + (name ?? "the last change event"))])
        case .redo:
            let name = context.redoActionName
            let report = try finishTurn { try context.redo() }
            return outcome(ids: [], report: report, prefix: [.line("redid " + (name ?? "the last undone event"))])
        case .userAdapter(let name):
            return try selectUserAdapter(name)
        case .adapter(let named, let options):
            guard named != nil || !options.isEmpty else { return showAdapter() }
            if workspace.userList != nil {
                guard named != nil else {
                    throw InterpreterError(
                        "adapter options set FetchSim's adapters; the app's view controller has none")
                }
                deselectUserAdapter()
            }
            let kind = named ?? workspace.adapterKind
            let base = kind == workspace.adapterKind ? workspace.adapterOptions : AdapterOptions(for: kind)
            try checkItemKey(base.applying(options), at: options.firstIndex { $0.key == .items }.map { .key($0) })
            let previous = workspace.adapter
            previous?.resetLastEvent()
            workspace.setAdapter(kind, options: base.applying(options))
            return showAdapter().appending(attachLog(attached: workspace.adapter !== previous))
        case .reorder(nil):
            let strategy = workspace.reorderStrategy
            return text(["reorder \(strategy)"], json: [("reorder", .string(strategy.rawValue))])
        case .reorder(let strategy?):
            do {
                try workspace.setReorderStrategy(strategy)
            } catch {
                throw located(error.description, at: .argument)
            }
            return text(["reorder \(strategy)"], json: [("reorder", .string(strategy.rawValue))])
        case .indexTitles(let style):
            return indexTitles(style)
        case .cache(let action):
            return cache(action)
        case .obtainPermanentIDs(let refs):
            return try obtainPermanentIDs(refs)
        case .batchSize(let size):
            if let size { workspace.fetchBatchSize = size }
            let current = workspace.fetchBatchSize
            return text(
                [
                    "batch-size \(current)"
                        + (size == nil
                            ? ""
                            : " · later fetches fault objects "
                                + (current == 0 ? "all at once" : "in batches of \(current)"))
                ],
                json: [("batchSize", .int(current))])
        case .profile(nil):
            return text(
                ["profile \(workspace.profile.rawValue)"], json: [("profile", .string(workspace.profile.rawValue))])
        case .profile(let profile?):
            try workspace.setProfile(profile)
            return text(
                [.line("profile \(profile.rawValue)")] + sheet(window: .aroundChanges(maxRows: 24), marks: false),
                json: [("profile", .string(profile.rawValue))])
        case .show(let target):
            if case .section(let s) = target, let table = workspace.table, s >= table.numberOfSections {
                let count = table.numberOfSections
                throw located("no section \(s): the table has \(count) section\(count == 1 ? "" : "s")", at: .argument)
            }
            let window: SheetWindow
            switch target {
            case .viewport: window = .aroundChanges(maxRows: 24)
            case .all: window = .all
            case .section(let s): window = .section(s)
            case .schema: return showSchema()
            case .fetch: return showFetch()
            case .adapter: return showAdapter()
            case .settings: return showSettings()
            }
            if outputMode != .sheet {
                var section: Int?
                if case .section(let s) = target { section = s }
                return text(showGrid(section: section))
            }
            var outcome = text(sheet(window: window, marks: true))
            outcome.isLong = target == .all
            return outcome
        case .log:
            return text(logLines(), json: [("callbacks", lastReport?.callbacksJSON ?? .array([]))])
        case .check:
            return check()
        case .dump(let includesObjects):
            var outcome = dump(includesObjects: includesObjects)
            outcome.isLong = includesObjects
            if includesObjects, outputMode != .sheet, rendersText { outcome.text = objectsGrid() }
            return outcome
        case .stats:
            return stats()
        case .scroll(let path):
            return try scroll(to: path)
        case .sheet:
            guard workspace.table != nil else { return .error("nothing fetched yet: 'fetch' something before 'sheet'") }
            var outcome = LineOutcome()
            outcome.opensSheet = true
            return outcome
        case .help(let topic):
            var outcome = text([OutputBlock.help(topic)])
            outcome.isLong = true
            return outcome
        case .record(let action):
            return LineOutcome(request: .record(action))
        case .mode(let mode):
            if let mode { outputMode = mode }
            return text(["mode \(outputMode.rawValue)"], json: [("mode", .string(outputMode.rawValue))])
        case .exportCSV(let path, let predicate):
            return try exportCSV(path: path, predicate: predicate)
        case .exportHTML(let path):
            return LineOutcome(request: .exportPage(path: path))
        case .importCSV(let path, let entity):
            return try importCSV(path: path, entityName: entity)
        case .importCoreData(let path):
            return try importCoreData(path: path)
        case .pager(let on):
            if let on { usesPager = on }
            return text(["pager \(usesPager ? "on" : "off")"], json: [("pager", .bool(usesPager))])
        case .timing(let on):
            if let on { timing = on ? EventTiming(clock: clock) : nil }
            return text(["timing \(timing == nil ? "off" : "on")"], json: [("timing", .bool(timing != nil))])
        case .read(let path):
            return LineOutcome(request: .read(path: path))
        case .quit:
            // Refused inside a block (above), so there is nothing to discard: the driver ends
            // the session, once it asked the user when there is something to lose.
            return LineOutcome(request: .quit)
        case .insert, .set, .delete, .move, .refresh:
            return try executeEdits([ParsedCommand(command, positions: positions)])
        case .use, .close, .context, .batch, .refetch:
            return try executeWorkspaceCommand(command)
        case .table(let style):
            return setTableStyle(style)
        }
    }

    /// A plain answer: text lines, `{"ok":true,…}` with `json` fields.
    func text(_ lines: [String], json: [(String, JSONValue)] = [], failed: Bool = false) -> LineOutcome {
        text(lines.map { .line($0) }, json: json, failed: failed)
    }

    /// A plain answer made of output blocks.
    func text(_ blocks: [OutputBlock], json: [(String, JSONValue)] = [], failed: Bool = false) -> LineOutcome {
        var outcome = LineOutcome()
        outcome.text = rendersText ? blocks : []
        outcome.json = .object([("ok", true)] + json)
        outcome.failed = failed
        return outcome
    }

    /// `fetch`: builds and checks the request, fetches, and shows the result.
    private func fetch(_ spec: Command.FetchSpec) throws -> LineOutcome {
        let predicate = try parsedPredicate(spec.predicate)
        var sort = spec.sort.map { SortDescriptor(key: $0.key, ascending: $0.ascending, selector: $0.selector) }
        if sort.isEmpty {
            sort = [spec.sectionKey, spec.indexKey].compactMap { $0 }.map { SortDescriptor(key: $0) }
            guard !sort.isEmpty else {
                throw InterpreterError("'fetch' needs 'sort KEY' (or 'section KEY' / 'index KEY' to sort by)")
            }
        }
        let request = FetchRequest(
            entityName: spec.entity, predicate: predicate, sortDescriptors: sort,
            sectionNameKeyPath: spec.sectionKey, fetchLimit: spec.limit ?? 0, fetchOffset: spec.offset ?? 0,
            fetchBatchSize: workspace.fetchBatchSize)
        do {
            try fetchIntoSlot(request, spec: spec)
        } catch let error as FetchedResultsError {
            switch error {
            case .unknownEntity(let name):
                throw located(error.description, at: .entity, token: name, suggestions: entityNames)
            case .unknownAttribute(let key, let entity, let role):
                throw located(
                    error.description, at: slot(of: key, role: role, in: spec), token: key,
                    suggestions: attributeNames(of: entity))
            case .invalidKeyPath(let key, _, let role):
                throw located(error.description, at: slot(of: key, role: role, in: spec), token: key)
            case .cacheMismatch(let name):
                throw InterpreterError(
                    "\(error.description) (cache '\(name)': 'cache delete \(name)' first, or 'cache off'; the previous fetch stays)"
                )
            case .outOfOrderSectionName:
                throw located(error.description, at: .sectionKey)
            case .predicate(let inner):
                throw located(inner, in: spec.predicate)
            default: throw InterpreterError(error.description)
            }
        } catch let error as AdapterError {
            switch error {
            case .sectionKeyPathNotWritable: throw located(error.description, at: .sectionKey)
            case .invalidIndexAttribute, .indexNotSorted:
                throw located(error.description, at: .indexKey)
            case .strategyNeedsType:
                throw located(error.description, at: spec.reorder == nil ? .indexKey : .strategy)
            default: throw InterpreterError(error.description)
            }
        }
        lastReport = nil
        lastChange = nil
        var effective = spec
        effective.sort = sort.map { Command.SortKey($0.key, ascending: $0.ascending, selector: $0.selector) }
        fetchSpec = effective
        let controller = workspace.controller
        let count = controller?.numberOfFetchedObjects ?? 0
        let sections = controller?.numberOfSections ?? 0
        let logged = (controller?.fetchLog ?? []).map { OutputBlock.line($0, .error) } + attachLog()
        // What the fetch did with its section cache, which Core Data does silently.
        let cacheNote =
            controller.flatMap { c in
                c.cacheName.flatMap { name in c.lastCacheUse.map { " · cache '\(name)' \($0.rawValue)" } }
            } ?? ""
        return text(
            [
                .line(
                    "fetched \(count) \(spec.entity) object\(count == 1 ? "" : "s") in \(sections) section\(sections == 1 ? "" : "s")"
                        + cacheNote)
            ]
                + logged + sheet(window: .aroundChanges(maxRows: 24), marks: false),
            json: [("objects", .int(count)), ("sections", .int(sections))])
    }

    /// Which clause of a `fetch` named the unknown attribute `key`: a `sort` key, or — when the
    /// sort was left out and defaulted to them — the `section` or `index` key.
    private func slot(of key: String, role: String, in spec: Command.FetchSpec) -> TokenPositions.Slot {
        if role == "section key" { return .sectionKey }
        if let index = spec.sort.firstIndex(where: { $0.key == key }) { return .sortKey(index) }
        return spec.sectionKey == key ? .sectionKey : .indexKey
    }
}
