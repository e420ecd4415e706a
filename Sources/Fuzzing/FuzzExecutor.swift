import CommandLanguage
import FetchSimCore
import Interpreter
import ObjectGraph

/// Runs the lines of a fuzz session, one at a time, through a fresh interpreter on an empty
/// workspace — exactly as `fetchsim replay` will run the transcript.
///
/// Each line is rendered to text just before it runs, against the workspace as it is then: a
/// symbol becomes the `#ID` its insert received, and whatever cannot run any more (an edit of an
/// object that is gone, a drag of a row that is not shown, `undo` with nothing to undo) is
/// left out. So every subset of a session the shrinker tries is a valid session.
package final class FuzzExecutor {
    package let interpreter: Interpreter
    /// The ID each symbol's insert received, by the symbol's number, and each ID's symbol.
    private(set) var ids = DenseMap<ObjectID>()
    private var symbols = DenseMap<FuzzSymbol>()
    /// Every object the session's lines inserted, in ID order (live or not), and its symbol.
    private var insertedIDs: [ObjectID] = [], insertedSymbols: [FuzzSymbol] = []
    /// The objects of other entities the session inserted (`FuzzEdit.insertRelated`), in order.
    var relatedInserted: [(symbol: FuzzSymbol, entity: String)] = []

    /// What running one line did.
    package struct Step {
        /// The line as written to the interpreter; nil when nothing of it could run.
        package var text: String?
        /// The part of the line that ran (the line with what was left out removed).
        package var line: FuzzLine?
        /// Whether all of the line ran (`line` is the line given): known from rendering,
        /// without comparing the two lines edit by edit.
        package var ranWhole = false
        package var outcome = LineOutcome()
        /// The failure of the line's change event, if any.
        package var failure: FuzzFailure?
        /// The interpreter's error message: the line was invalid (a generator bug, never a finding).
        package var inputError: String?
        /// The error of a `save` that Core Data's validation refuses (`isExpectedRefusal`): the
        /// correct outcome of the edits before it, neither a finding nor a generator bug.
        package var refusal: String?
    }

    /// Whether the data source renumbers only visible rows (the fuzzer's self-test).
    let breaksRenumbering: Bool
    /// A user's entity, whose model the workspace starts on; nil for the built-in `Item`.
    let schema: FuzzSchema?
    /// The fuzzed entity's name and keys.
    let names: FuzzNames

    /// A fresh interpreter on an empty workspace — on a user schema's model, without objects, as
    /// `fetchsim --model` starts —; `rendersText` is off while searching.
    package init(rendersText: Bool = false, breaksRenumbering: Bool = false, schema: FuzzSchema? = nil) throws {
        interpreter =
            try schema.map { try Interpreter(model: $0.mapped) }
            ?? Interpreter(workspace: Workspace(context: try ObjectContext()))
        interpreter.rendersText = rendersText
        interpreter.rendersJSON = false
        self.breaksRenumbering = breaksRenumbering
        self.schema = schema
        names = schema?.names ?? .builtIn
    }

    package var workspace: Workspace { interpreter.workspace }

    /// Renders and runs `line`.
    package func run(_ line: FuzzLine) -> Step {
        var step = Step()
        guard let (text, effective, ranWhole, dragPaths) = render(line) else { return step }
        step.text = text
        step.line = effective
        step.ranWhole = ranWhole
        let expectedOrder = userOrder(after: effective, paths: dragPaths)
        step.outcome = interpreter.execute(text)
        if breaksRenumbering, text.hasPrefix("fetch ") { workspace.dataSource?.renumbersVisibleRowsOnly = true }
        if let message = step.outcome.errorMessage {
            if isExpectedRefusal(effective, step.outcome) {
                step.refusal = message
            } else if let refused = refusedReplay(effective, step.outcome) {
                step.failure = refused
            } else {
                step.inputError = message
            }
            return step
        }
        let lineEdits: [FuzzEdit]? =
            switch effective {
            case .edits(let edits): edits
            case .mixed(_, let before, let after): before + after
            default: nil
            }
        if let edits = lineEdits {
            // Each insert's symbol, and the entity of an insert of a related object.
            let inserted = edits.compactMap { edit -> (symbol: FuzzSymbol, related: String?)? in
                switch edit {
                case .insert(let symbol, _): (symbol, nil)
                case .insertRelated(let symbol, let entity, _): (symbol, entity)
                default: nil
                }
            }
            for ((symbol, related), id) in zip(inserted, step.outcome.insertedIDs) {
                ids[symbol.rawValue] = id
                symbols[id.rawValue] = symbol
                if let related {
                    relatedInserted.append((symbol, related))
                    continue
                }
                // IDs grow with every insert; a merged background insert may still come in behind.
                let index = insertedIDs.lastIndex { $0 < id }.map { $0 + 1 } ?? 0
                insertedIDs.insert(id, at: index)
                insertedSymbols.insert(symbol, at: index)
            }
        }
        if step.outcome.failed, let report = interpreter.lastReport {
            step.failure = FuzzFailure(report)
        }
        if step.failure == nil, let expectedOrder {
            step.failure = lostOrder(expected: expectedOrder)
        }
        return step
    }

    // MARK: The workspace, as the generator sees it

    /// The live objects of the fuzzed entity with their symbols, in ID order.
    /// - Complexity: O(inserted) lookups by ID in one walk of the context's table; no sort.
    func liveObjects() -> [(symbol: FuzzSymbol, object: ManagedObject)] {
        let context = workspace.context
        return context.liveIndexes(among: insertedIDs).compactMap { index in
            context.object(with: insertedIDs[index]).map { (insertedSymbols[index], $0) }
        }
    }

    /// The positions of the live objects in the inserted objects (`inserted(at:)`), ascending:
    /// in ID order, `liveObjects()` without holding the objects (retaining and releasing a
    /// hundred of them per batch would be most of its cost) and without pairing each with its symbol
    /// (the generator reads the few it picks).
    func liveIndexes() -> [Int] {
        workspace.context.liveIndexes(among: insertedIDs)
    }

    /// The symbol and ID of the inserted object at `position` (of `liveIndexes()`).
    func inserted(at position: Int) -> (symbol: FuzzSymbol, id: ObjectID) {
        (insertedSymbols[position], insertedIDs[position])
    }

    /// The positions among `live` (of `liveIndexes()`) whose object holds `true` at attribute
    /// position `index` — the hidden ones for `hidden` — in that order. Read from one copy of
    /// the context's table, without an array of their IDs. (`value(at:)` reads a bool back as
    /// its packed bit is not 0, `holdsExactly` as it is 1: the same, since only 0 and 1 are ever
    /// packed; `value(at:)` inlines, where `holdsExactly` is a call per object.)
    func positions(among live: [Int], holdingTrueAt index: Int) -> [Int] {
        let objects = workspace.context.liveObjects
        let ids = insertedIDs
        var found: [Int] = []
        for position in live {
            guard let object = objects[ids[position]], index < object.valueCount,
                case .bool(true) = object.value(at: index)
            else { continue }
            found.append(position)
        }
        return found
    }

    /// Reads the fuzzed entity's fields by position (resolved once per call, not per object).
    func fieldReader() -> FuzzFieldReader {
        FuzzFieldReader(entity: workspace.context.schema.entity(named: names.entity), names: names)
    }

    /// The object a symbol names, if it exists now.
    func object(_ symbol: FuzzSymbol) -> ManagedObject? {
        ids[symbol.rawValue].flatMap { workspace.editContext.object(with: $0) }
    }

    /// The drag from `from` to `to` in the table as it is now, named by its objects.
    package func drag(from: IndexPath, to: IndexPath, isFlagged: Bool) -> FuzzDrag? {
        guard canMove(from: from, to: to), let table = workspace.table, let moved = table.rowIdentifier(at: from),
            let row = symbols[moved]
        else { return nil }
        // The target section's rows once the dragged row is lifted out; it lands at `to.row` among them.
        var rows = table.rowIdentifiers(inSection: to.section)
        if from.section == to.section { rows.remove(at: from.row) }
        let (id, placement) =
            to.row < rows.count ? (rows[to.row], FuzzDrag.Placement.before) : (rows[to.row - 1], .after)
        return symbols[id].map { FuzzDrag(row: row, anchor: $0, placement: placement, isFlagged: isFlagged) }
    }

    /// The index paths of `drag` in the table as it is now; nil when it cannot happen.
    package func paths(of drag: FuzzDrag) -> (from: IndexPath, to: IndexPath)? {
        guard let table = workspace.table, let row = ids[drag.row.rawValue], let anchor = ids[drag.anchor.rawValue],
            row != anchor,
            let from = table.indexPath(forRowIdentifier: row.rawValue),
            let next = table.indexPath(forRowIdentifier: anchor.rawValue)
        else { return nil }
        var target = next.row - (next.section == from.section && next.row > from.row ? 1 : 0)
        if drag.placement == .after { target += 1 }
        let to = IndexPath(row: target, section: next.section)
        return canMove(from: from, to: to) ? (from, to) : nil
    }

    /// Whether `move from to` is a drag the table accepts now (`SimulatedTableView.dropRows`).
    func canMove(from: IndexPath, to: IndexPath) -> Bool {
        guard let table = workspace.table, workspace.dataSource?.indexKey != nil, from != to else { return false }
        return table.dropRows(from: from, inSection: to.section)?.contains(to.row) ?? false
    }

    // MARK: Rendering

    /// The line's text, the part of it that can run, whether that is all of it, and a drag's
    /// index paths in the table as it is now (for `userOrder(after:paths:)`).
    private func render(_ line: FuzzLine) -> (
        String, FuzzLine, ranWhole: Bool, dragPaths: (from: IndexPath, to: IndexPath)?
    )? {
        switch line {
        case .command(let text, _):
            return (text, line, true, nil)
        case .edits(let edits):
            var commands: [Command] = []
            var gone: [FuzzSymbol] = []
            // The kept edits are the line's in order: all of it ran when none was left out.
            guard let kept = render(edits, to: &commands, gone: &gone) else {
                return (Self.line(commands), line, true, nil)
            }
            return kept.isEmpty ? nil : (Self.line(commands), .edits(kept), false, nil)
        case .mixed(let drag, let before, let after):
            // The drag's paths are read before any edit runs: the line's edits are pending until
            // its end, so the table the drop lands in is the one the user sees now.
            let paths = paths(of: drag)
            var commands: [Command] = []
            var gone: [FuzzSymbol] = []
            let keptBefore = render(before, to: &commands, gone: &gone)
            if let (from, to) = paths { commands.append(.move(from: from, to: to, setsUserDrivenFlag: drag.isFlagged)) }
            let keptAfter = render(after, to: &commands, gone: &gone)
            let ranBefore = keptBefore ?? before
            let ranAfter = keptAfter ?? after
            guard paths != nil else {
                let edits = ranBefore + ranAfter
                return edits.isEmpty ? nil : (Self.line(commands), .edits(edits), false, nil)
            }
            let whole = keptBefore == nil && keptAfter == nil
            // No user-order check: the other edits may reorder the rows the drag placed.
            return (Self.line(commands), whole ? line : .mixed(drag, before: ranBefore, after: ranAfter), whole, nil)
        case .move(let drag):
            guard let (from, to) = paths(of: drag) else { return nil }
            return (
                Command.move(from: from, to: to, setsUserDrivenFlag: drag.isFlagged).description, line, true, (from, to)
            )
        case .save:
            return (Command.save.description, line, true, nil)
        case .undo:
            return workspace.context.canUndo ? (Command.undo.description, line, true, nil) : nil
        case .redo:
            return workspace.context.canRedo ? (Command.redo.description, line, true, nil) : nil
        }
    }

    /// The line of `commands`: each printed by `Command.description`, joined with ` ; ` (one
    /// change event).
    private static func line(_ commands: [Command]) -> String {
        commands.map(\.description).joined(separator: " ; ")
    }

    /// Appends the commands of the edits of `edits` that can run to `commands`: inserts, and
    /// deletes and sets of objects that exist and are not in `gone` (the symbols deleted earlier
    /// in the line, which deletes add to). Returns nil when every edit ran, else the edits that
    /// did, in order.
    private func render(_ edits: [FuzzEdit], to commands: inout [Command], gone: inout [FuzzSymbol]) -> [FuzzEdit]? {
        // Read once per line: each read of the workspace's edit context and of the symbol
        // table would be a call and an exclusivity check, per edit.
        let context = workspace.editContext
        let ids = self.ids
        let liveID = { (symbol: FuzzSymbol) in ids[symbol.rawValue].flatMap { context.object(with: $0)?.objectID } }
        // The edits that can run: built only once one cannot (`nil` while all of them can).
        var kept: [FuzzEdit]?
        // By index, each edit read where the line holds it: iterating the edits would copy each
        // one (its values, a retain per string) and destroy the copy.
        for index in edits.indices {
            switch edits[index] {
            case .insert(let symbol, let values) where !values.links.isEmpty:
                let (assignments, rewritten) = linkedAssignments(values, gone: gone, liveID: liveID)
                commands.append(.insert(entity: names.entity, assignments: assignments))
                if let rewritten {
                    if kept == nil { kept = Array(edits[..<index]) }
                    kept?.append(.insert(symbol, rewritten))
                    continue
                }
            case .insert(_, let values):
                commands.append(.insert(entity: names.entity, assignments: values.assignments(schema: schema)))
            case .insertRelated(_, let entity, let values):
                commands.append(.insert(entity: entity, assignments: relatedAssignments(values, entity: entity)))
            case .set(let symbol, let values) where !values.links.isEmpty:
                let (assignments, rewritten) = linkedAssignments(values, gone: gone, liveID: liveID)
                guard !gone.contains(symbol), let id = liveID(symbol), !assignments.isEmpty else {
                    if kept == nil { kept = Array(edits[..<index]) }
                    continue
                }
                commands.append(.set(.id(id), assignments: assignments))
                if let rewritten {
                    if kept == nil { kept = Array(edits[..<index]) }
                    kept?.append(.set(symbol, rewritten))
                    continue
                }
            case .delete(let symbol):
                guard !gone.contains(symbol), let id = liveID(symbol) else {
                    if kept == nil { kept = Array(edits[..<index]) }
                    continue
                }
                gone.append(symbol)
                commands.append(.delete([.id(id)]))
            case .set(let symbol, let values):
                guard !values.isEmpty, !gone.contains(symbol), let id = liveID(symbol) else {
                    if kept == nil { kept = Array(edits[..<index]) }
                    continue
                }
                commands.append(.set(.id(id), assignments: values.assignments(schema: schema)))
            }
            kept?.append(edits[index])
        }
        return kept
    }
}

/// Reads fields of the fuzzed entity's objects in place, by attribute position: what
/// `object["hidden"]` reads, without a lookup by name per object.
struct FuzzFieldReader {
    private let title: Int?, group: Int?, order: Int?, hidden: Int?

    /// `names`: the entity's keys; a user schema has no `title` or `hidden` role.
    init(entity: Entity?, names: FuzzNames = .builtIn) {
        let builtIn = names == .builtIn
        title = builtIn ? entity?.index(of: FuzzField.title.rawValue) : nil
        group = entity?.index(of: names.section)
        order = entity?.index(of: names.index)
        hidden = builtIn ? entity?.index(of: FuzzField.hidden.rawValue) : nil
    }

    /// The section a section key's value puts an object in, as a name: a string as it is, nil
    /// as the empty name, anything else (an integer, a boolean) as its literal.
    static func sectionKey(_ value: Value) -> String {
        switch value {
        case .string(let name): name
        case .null: ""
        default: value.literal
        }
    }

    /// The position of `hidden` in the entity's attributes, if it has one.
    var hiddenIndex: Int? { hidden }

    /// The value of `field` in `object`; `.null` when the entity has no such attribute.
    func value(of field: FuzzField, in object: ManagedObject) -> Value {
        let index =
            switch field {
            case .title: title
            case .group: group
            case .order: order
            case .hidden: hidden
            }
        guard let index, index < object.valueCount else { return .null }
        return object.value(at: index)
    }
}
