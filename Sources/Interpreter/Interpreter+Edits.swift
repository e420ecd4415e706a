import Adapters
import CommandLanguage
import FetchSimCore
import FetchSimStorage
import FetchedResults
import ObjectGraph
import TableSimulation

extension Interpreter {
    /// Runs the edits of one line (`a ; b ; c`) as one change event — or, inside `begin … commit`,
    /// as part of the open one. A failing line is discarded whole outside a block.
    func executeEdits(_ commands: [ParsedCommand]) throws -> LineOutcome {
        // By index, and the kept `isEdit`: `for parsed in commands` would copy each command (its
        // payload's references retained and released), twice per edit.
        for index in commands.indices where !commands[index].isEdit {
            throw InterpreterError(
                "'\(commands[index].command.name.rawValue)' cannot be combined with other commands using ';'")
        }
        var ids: [ObjectID] = []
        var movedTable = false
        // Outside a block the event's undo name (`event 12: set #2 title; delete #5`) is written
        // as the edits run, into one buffer of UTF-8 made a `String` once (each edit's
        // description a `String` of its own, appended again into the name, would be an allocation
        // and a copy more per edit, on every line the fuzzer runs); inside one
        // each edit's description is kept apart for the name `commit` gives the block's event.
        let isInBlock = isInTransaction
        var descriptions: [String] = []
        var written = UTF8Text(capacity: 96)
        if !isInBlock { writeEventNamePrefix(to: &written) }
        var edit = LineEdits()
        do {
            for index in commands.indices {
                positions = commands[index].positions
                if !isInBlock, index > 0 { written.append("; ") }
                let start = written.count
                try apply(
                    commands[index].command, ids: &ids, movedTable: &movedTable, edit: &edit, describing: &written)
                if isInBlock { descriptions.append(written.text(from: start)) }
            }
        } catch {
            if !isInTransaction {
                context.discardPendingChanges()
                if movedTable { workspace.table?.reloadData() }
            }
            throw error
        }
        if isInTransaction {
            blockDescriptions += descriptions
            var outcome = outcome(ids: ids, report: nil)
            if rendersText { outcome.text.append(.line("(pending until 'commit')", .dim)) }
            return outcome
        }
        context.setActionName(written.text())
        let report = try finishTurn(writes: edit.writes) { try context.processPendingChanges() }
        if edit.writes != nil {
            workspace.drags += edit.drags
            workspace.dragWrites += edit.writes ?? 0
        }
        return outcome(ids: ids, report: report, prefix: report == nil ? edit.notes.map { .line($0) } : [])
    }

    /// What the drags and placed inserts of one line did.
    struct LineEdits {
        var drags = 0
        var writes: Int?
        /// `no change: 0.0 is already at 0.0` or `no change: the drop at 0.0 writes nothing …`,
        /// printed when the line caused no change event.
        var notes: [String] = []

        mutating func add(writes count: Int) {
            drags += 1
            writes = (writes ?? 0) + count
        }
    }

    /// Names the event being built for `undo`/`redo`: `event 12: set #2 title; delete #5`.
    func nameNextEvent(_ descriptions: [String]) {
        var name = UTF8Text(capacity: 96)
        writeEventNamePrefix(to: &name)
        for (index, description) in descriptions.enumerated() {
            if index > 0 { name.append("; ") }
            name.append(description)
        }
        context.setActionName(name.text())
    }

    /// `event 12: `, the start of the name of the event being built.
    private func writeEventNamePrefix(to name: inout UTF8Text) {
        name.append("event ")
        name.append(workspace.eventCount + 1)
        name.append(": ")
    }

    /// Applies one edit and writes what it did, with the objects it touched by ID, to `text`.
    private func apply(
        _ command: Command, ids: inout [ObjectID], movedTable: inout Bool, edit: inout LineEdits,
        describing text: inout UTF8Text
    ) throws {
        switch command {
        case .insert(let entity, let assignments, let path?):
            let (id, writes) = try insert(entity, assignments, at: path)
            ids.append(id)
            edit.add(writes: writes)
            // `insert Item #7 at 0.2`
            text.append("insert ")
            text.append(entity)
            text.append(" ")
            text.append(id)
            text.append(" at ")
            text.append(path)
        case .insert(let entity, let assignments, nil):
            let id: ObjectID
            do {
                id = try context.insert(entity, values: assignments.map { ($0.key, $0.value) }).objectID
            } catch {
                throw locate(error, assignments: assignments)
            }
            ids.append(id)
            text.append("insert ")
            text.append(entity)
            text.append(" ")
            text.append(id)
        case .set(let ref, let assignments):
            let id = try resolve(ref, at: .reference(0))
            for assignment in assignments {
                do {
                    try context.setValue(assignment.value, forKey: assignment.key, of: id)
                } catch {
                    throw locate(error, assignments: assignments)
                }
            }
            // `set #3 title, order`
            text.append("set ")
            text.append(id)
            text.append(" ")
            for (index, assignment) in assignments.enumerated() {
                if index > 0 { text.append(", ") }
                text.append(assignment.key)
            }
        case .delete(let refs):
            let targets = try refs.enumerated().map { try resolve($1, at: .reference($0)) }
            for id in targets where context.object(with: id) != nil {
                try context.delete(id)
            }
            text.append("delete ")
            for (index, id) in targets.enumerated() {
                if index > 0 { text.append(" ") }
                text.append(id)
            }
        case .refresh(let refs):
            let targets = try refs.enumerated().map { try resolve($1, at: .reference($0)) }
            for id in targets {
                do { try context.refresh(id) } catch { throw locate(error, assignments: []) }
            }
            text.append("refresh ")
            for (index, id) in targets.enumerated() {
                if index > 0 { text.append(" ") }
                text.append(id)
            }
        case .move(let from, let to, let flagged):
            if let list = workspace.userList {
                try userMove(list, from: from, to: to, flagged: flagged, describing: &text)
                break
            }
            // `move #7 0.1→0.3`: the row's object as the table shows it before the drag.
            let moved = workspace.table?.rowIdentifier(at: from)
            let reorderable = (try? workspace.dataSource?.requireIndexAttribute()) != nil
            if from == to, moved != nil, reorderable, !isInTransaction {
                edit.notes.append("no change: \(from.shortDescription) is already at \(to.shortDescription)")
            } else {
                let writes = try move(from: from, to: to, flagged: flagged)
                edit.add(writes: writes)
                movedTable = true
                // The table shows the row where it was dropped, but no object changed, so there
                // is no change event to report: say so rather than print nothing.
                if writes == 0 {
                    edit.notes.append(
                        "no change: the drop at \(to.shortDescription) writes nothing (the table moved the row; "
                            + "no object changed)")
                }
            }
            text.append("move ")
            if let moved { text.append(ObjectID(moved)) } else { text.append(from) }
            text.append(" ")
            text.append(from)
            text.append("→")
            text.append(to)
        default:
            throw InterpreterError("'\(command.name.rawValue)' is not an edit")
        }
    }

    /// The user's drag: the table moves at once, the data source renumbers the index attribute.
    /// Returns how many objects the write-back wrote.
    private func move(from: IndexPath, to: IndexPath, flagged: Bool) throws -> Int {
        guard !isInTransaction else {
            throw InterpreterError("'move' is the user's own gesture and cannot be inside 'begin … commit'")
        }
        guard let table = workspace.table, let dataSource = workspace.dataSource else {
            throw InterpreterError("nothing is fetched yet; use 'fetch' first")
        }
        switch dataSource.dragRefusal(in: table, from: from, to: to) {
        case .noIndexAttribute:
            throw InterpreterError(AdapterError.noIndexAttribute.description)
        case .noRow:
            throw located(
                "no row \(from.shortDescription) to move (\(shape(of: table, section: from.section)))", at: .from)
        case .notReorderable:
            throw located("cannot drag \(from.shortDescription): canReorderItem returns false for it", at: .from)
        case .outOfRange(let rows):
            let detail =
                rows.map { "section \(to.section) takes rows 0…\($0.upperBound)" }
                ?? "the table has \(table.numberOfSections) sections"
            throw located("cannot drop at \(to.shortDescription) (\(detail))", at: .to)
        case nil:
            break
        }
        // The table tells its own data source, as UIKit does: with `fetch … share NAME` that is
        // the app's first data source, not the one this controller's adapter uses.
        let writer = table.dataSource as? any DropWritingDataSource
        let outcome: DropOutcome
        do {
            outcome = try table.userMoveRow(from: from, to: to) { table in
                writer?.writeDrop(in: table, from: from, to: to, flagged: flagged) ?? DropOutcome()
            }
        } catch {
            throw located("cannot move \(from.shortDescription) to \(to.shortDescription): \(error)", at: .from)
        }
        if let error = outcome.error { throw InterpreterError("the drag could not be saved: \(error)") }
        return outcome.writes
    }

    private func shape(of table: SimulatedTableView, section: Int) -> String {
        section >= 0 && section < table.numberOfSections
            ? "section \(section) has \(table.numberOfRows(inSection: section)) rows"
            : "the table has \(table.numberOfSections) sections"
    }

    /// The object a reference means: `#7`, or the row the table shows at `S.R`.
    /// `slot`: the reference's place in the command, for an error's column.
    func resolve(_ ref: Command.ObjectRef, at slot: TokenPositions.Slot) throws -> ObjectID {
        switch ref {
        case .id(let id):
            guard context.object(with: id) != nil else {
                throw located("no object \(id) (never inserted, or deleted)", at: slot)
            }
            return id
        case .indexPath(let path):
            guard let table = workspace.table else {
                throw located("no table yet to find \(path.shortDescription) in; use 'fetch' first", at: slot)
            }
            guard let id = table.rowIdentifier(at: path) else {
                let detail =
                    path.section < table.numberOfSections
                    ? "section \(path.section) has \(table.numberOfRows(inSection: path.section)) rows"
                    : "the table has \(table.numberOfSections) sections"
                throw located("index path \(path.shortDescription) is out of range (\(detail))", at: slot)
            }
            return ObjectID(id)
        }
    }

    /// An object-graph error of an `insert` or `set`, with the column of the token it names:
    /// the entity, or the key of the assignment the error is about (keys are unique in a command).
    func locate(_ error: Error, assignments: [Command.Assignment]) -> InterpreterError {
        guard let error = error as? ObjectGraphError else { return InterpreterError(String(describing: error)) }
        let keySlot = { (key: String) in assignments.firstIndex { $0.key == key }.map { TokenPositions.Slot.key($0) } }
        switch error {
        case .unknownEntity(let name):
            return located(error.description, at: .entity, token: name, suggestions: entityNames)
        case .unknownAttribute(let key, let entity):
            guard let slot = keySlot(key) else { return InterpreterError(error.description) }
            return located(error.description, at: slot, token: key, suggestions: attributeNames(of: entity))
        case .requiredAttribute(let key, _), .typeMismatch(let key, _, _, _):
            guard let slot = keySlot(key) else { return InterpreterError(error.description) }
            return located(error.description, at: slot)
        default: return InterpreterError(error.description)
        }
    }

    /// An error of an `entity` definition, with the column of the entity's name or of the
    /// attribute it names.
    func locate(_ error: Error, definition name: String, attributes: [Attribute]) -> InterpreterError {
        guard let error = error as? ObjectGraphError else { return InterpreterError(String(describing: error)) }
        switch error {
        case .entityInUse, .entityRedefined:
            let error = located(error.description, at: .entity)
            guard demoEntities.contains(name) else { return error }
            return InterpreterError(
                "\(error); the demo workspace defines '\(name)': start with --empty ('fetchsim --empty SCRIPT') to define your own"
            )
        case .invalidName(let entity) where entity == name:
            return located(error.description, at: .entity)
        case .invalidName(let attribute), .duplicateAttribute(let attribute, _):
            guard let index = attributes.firstIndex(where: { $0.name == attribute }) else {
                return InterpreterError(error.description)
            }
            return located(error.description, at: .attribute(index))
        default: return InterpreterError(error.description)
        }
    }
}
