import FetchSimCore
import ObjectGraph

/// Writes random sessions for one configuration: the setup lines, then one batch at a time,
/// chosen from the workspace as it is at that moment, so that every line is valid.
///
/// A batch is one line: 1 to 10 edits joined with ` ; ` (inserts; deletes; updates of the plain
/// field `title`, the sort key `order`, the section key `group` and the predicate field
/// `hidden`), a flagged or unflagged drag within or across sections, a line that empties a
/// section or opens a new one, or `save`, `undo`, `redo`.
package struct FuzzGenerator {
    let configuration: FuzzConfiguration
    var rng: SeededGenerator
    var nextSymbol = 0
    /// The rest of a background batch (`FuzzGenerator+Background.swift`), one line at a time.
    var queuedBackground: [BackgroundStep] = []
    /// Background contexts opened so far in this session (each batch opens a fresh one).
    var backgroundContexts = 0

    /// The section key's values: `configuration.groups` (built once: the property builds the
    /// names on every read), or a user schema's small set.
    let sectionValues: [Value]
    /// The section values' names as `sectionKey(_:)` reads them from objects.
    private let sectionNames: [String]

    package init(configuration: FuzzConfiguration, seed: UInt64) {
        self.configuration = configuration
        rng = SeededGenerator(seed: seed)
        sectionValues = configuration.schema?.sectionValues ?? configuration.groups.map(Value.string)
        sectionNames = sectionValues.map(FuzzFieldReader.sectionKey)
    }

    /// The entity, the initial rows in one line, the fetch, the adapter and the profile. A user
    /// schema's entity comes from its model (the session starts on it, as `# model:` does), and
    /// its initial rows are a sample of the user's own when there are any.
    package mutating func setup() -> [FuzzLine] {
        let count = Int.random(in: max(1, configuration.rows / 2)...configuration.rows, using: &rng)
        let inserts =
            configuration.schema.map { schemaSeed(count: count, $0) }
            ?? (0..<count).map { _ in insert(hidden: chance(configuration.filterPercent)) }
        // The objects the relationships point to come after the rows (which start without
        // relationships, as the user's CSV rows do), in a line of their own.
        let related = configuration.schema.map { relatedSeed($0) } ?? []
        return (configuration.schema == nil ? [.command(configuration.entityLine, isEssential: true)] : []) + [
            .edits(inserts)
        ] + (related.isEmpty ? [] : [.edits(related)]) + [
            .command(configuration.fetchLine, isEssential: true),
            .command(configuration.adapterLine, isEssential: false),
            .command(configuration.profileLine, isEssential: false),
        ] + (configuration.tableLine.map { [.command($0, isEssential: true)] } ?? []) + configuration.controllerLines
    }

    /// The next batch for the workspace of `executor`.
    package mutating func nextBatch(_ executor: FuzzExecutor) -> FuzzLine {
        if let line = backgroundBatch(executor) { return line }
        let context = executor.workspace.context
        // Any edit clears the redo stack: redo follows an undo (or redo) or never happens.
        if configuration.undoes, context.canRedo, chance(25) { return .redo }
        switch Int.random(in: 0..<100, using: &rng) {
        case ..<12: if let move = move(executor) { return mixing(move, executor) }
        case ..<16: if let churn = sectionChurn(executor) { return churn }
        case ..<18: return .save
        case ..<21: if configuration.undoes, context.canUndo { return .undo }
        default: break
        }
        return edits(executor)
    }

    // MARK: Edits

    private var bounds: (low: Int, high: Int) {
        let low = max(1, configuration.rows / 2)
        return (low, max(configuration.rows * 3 / 2, low + 1))
    }

    mutating func edits(_ executor: FuzzExecutor) -> FuzzLine {
        // The live objects by position in the executor's inserted objects (ID order); a pick's
        // symbol and ID are read when it is picked.
        var live = executor.liveIndexes()
        let roll = Int.random(in: 0..<100, using: &rng)
        let count = Int.random(in: roll < 55 ? 1...2 : roll < 85 ? 3...5 : 6...10, using: &rng)
        var edits: [FuzzEdit] = []
        edits.reserveCapacity(count)
        var size = live.count
        for _ in 0..<count {
            let (low, high) = bounds
            let weights = [
                size < low ? 60 : size > high ? 0 : 18,  // insert
                live.isEmpty || size <= low ? 0 : size > high ? 60 : 14,  // delete
                live.isEmpty ? 0 : 10,  // title
                live.isEmpty ? 0 : 26,  // order
                live.isEmpty ? 0 : 14,  // group
                live.isEmpty || configuration.filterPercent == 0 ? 0 : 10,  // hidden
                live.isEmpty ? 0 : 8,  // group and order
                live.isEmpty || (configuration.schema?.links.isEmpty ?? true) ? 0 : 14,  // a relationship
            ]
            let kind = weighted(weights)
            if kind == 0 {
                edits.append(insert(hidden: chance(configuration.filterPercent), executor: executor, live: live))
                size += 1
                continue
            }
            let index = Int.random(in: 0..<live.count, using: &rng)
            let (symbol, id) = executor.inserted(at: live[index])
            switch kind {
            case 1:
                edits.append(.delete(symbol))
                live.remove(at: index)
                size -= 1
            case 2 where configuration.schema != nil: edits.append(plainSet(symbol))
            case 2: edits.append(.set(symbol, FuzzValues(title: title())))
            case 3: edits.append(.set(symbol, FuzzValues(order: order())))
            case 4: edits.append(.set(symbol, FuzzValues(group: group())))
            case 5: edits.append(hiddenToggle(live, preferring: id, symbol: symbol, executor: executor))
            case 7: edits.append(linkSet(symbol, targets: LinkTargets(executor, live: live)))
            default: edits.append(.set(symbol, FuzzValues(group: group(), order: order())))
            }
        }
        return .edits(edits)
    }

    /// Unhides a hidden object more often than it hides a visible one, so most rows stay visible.
    /// `live`: positions of the live objects in the executor's inserted objects (`edits(_:)`).
    private mutating func hiddenToggle(
        _ live: [Int], preferring id: ObjectID,
        symbol: FuzzSymbol, executor: FuzzExecutor
    ) -> FuzzEdit {
        let reader = executor.fieldReader()
        let context = executor.workspace.context
        let isHidden = { (id: ObjectID) in
            context.object(with: id).map { reader.value(of: .hidden, in: $0) } == .bool(true)
        }
        // `live.filter { isHidden(its ID) }`, read in place from one copy of the context's table.
        let hidden = reader.hiddenIndex.map { executor.positions(among: live, holdingTrueAt: $0) } ?? []
        if !hidden.isEmpty, chance(60), let pick = hidden.randomElement(using: &rng) {
            return .set(executor.inserted(at: pick).symbol, FuzzValues(hidden: .bool(false)))
        }
        return .set(symbol, FuzzValues(hidden: .bool(!isHidden(id))))
    }

    /// An insert; a user schema's relationships point to objects of `executor`'s workspace
    /// (the fuzzed entity's among `live`, positions as `liveIndexes()` gives them).
    private mutating func insert(hidden: Bool, executor: FuzzExecutor? = nil, live: [Int] = []) -> FuzzEdit {
        if let schema = configuration.schema {
            let targets = schema.links.isEmpty ? nil : executor.map { LinkTargets($0, live: live) }
            return schemaInsert(targets: targets)
        }
        defer { nextSymbol += 1 }
        // Arguments are evaluated in order: title, group, then order are drawn, as before.
        return .insert(
            FuzzSymbol(nextSymbol), FuzzValues(title: title(), group: group(), order: order(), hidden: .bool(hidden)))
    }

    mutating func title() -> Value { .string(Self.titles[Int.random(in: 0..<100, using: &rng)]) }

    /// `t0` … `t99`, written once (interpolating the number for every title would cost more
    /// than drawing it).
    private static let titles = (0..<100).map { "t\($0)" }

    /// Early letters are likelier than late ones, so late sections are small and come and go.
    mutating func group() -> Value {
        let n = sectionValues.count
        let pick = min(Int.random(in: 0..<n, using: &rng), Int.random(in: 0..<n, using: &rng))
        return sectionValues[pick]
    }

    mutating func order() -> Value { .int(Int.random(in: 0..<max(4, configuration.rows), using: &rng)) }

    // MARK: Drags

    /// A drag within a section (both rows in it) or across sections (any drop slot), unflagged
    /// in `unflaggedPercent` of cases; nil when the table has nothing to drag.
    private mutating func move(_ executor: FuzzExecutor) -> FuzzLine? {
        guard let table = executor.workspace.table else { return nil }
        let counts = (0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) }
        let crowded = counts.indices.filter { counts[$0] >= 2 }
        let filled = counts.indices.filter { counts[$0] >= 1 }
        let isFlagged = !chance(configuration.unflaggedPercent)
        let across = filled.count >= 2 && (crowded.isEmpty || chance(50))
        if across, let source = filled.randomElement(using: &rng),
            let target = filled.filter({ $0 != source }).randomElement(using: &rng)
        {
            let from = IndexPath(row: Int.random(in: 0..<counts[source], using: &rng), section: source)
            let to = IndexPath(row: Int.random(in: 0...counts[target], using: &rng), section: target)
            return executor.drag(from: from, to: to, isFlagged: isFlagged).map(FuzzLine.move)
        }
        guard let section = crowded.randomElement(using: &rng) else { return nil }
        let from = Int.random(in: 0..<counts[section], using: &rng)
        var to = Int.random(in: 0..<counts[section] - 1, using: &rng)
        if to >= from { to += 1 }
        return executor.drag(
            from: IndexPath(row: from, section: section), to: IndexPath(row: to, section: section), isFlagged: isFlagged
        )
        .map(FuzzLine.move)
    }

    /// `line` (a drag), or — in `mixedPercent` of drags — the drag with edits around it in one
    /// line: an ordinary batch of edits or, a quarter of the time, a section coming or going,
    /// split at a random point. A delete of the dragged row or of the row it lands next to goes
    /// after the drag (before it, the drop would name a row the user cannot see any more).
    /// Draws nothing when `mixedPercent` is 0, so other runs stay as they were.
    private mutating func mixing(_ line: FuzzLine, _ executor: FuzzExecutor) -> FuzzLine {
        guard configuration.mixedPercent > 0, case .move(let drag) = line, chance(configuration.mixedPercent) else {
            return line
        }
        var others: [FuzzEdit] = []
        if chance(25), case .edits(let churn)? = sectionChurn(executor) { others = churn }
        if others.isEmpty, case .edits(let edits) = edits(executor) { others = edits }
        let split = Int.random(in: 0...others.count, using: &rng)
        var before = Array(others[..<split])
        var after = Array(others[split...])
        let touchesDrag = { (edit: FuzzEdit) in
            if case .delete(let symbol) = edit { return symbol == drag.row || symbol == drag.anchor }
            return false
        }
        after.insert(contentsOf: before.filter(touchesDrag), at: 0)
        before.removeAll(where: touchesDrag)
        return .mixed(drag, before: before, after: after)
    }

    // MARK: Sections coming and going

    /// Empties the smallest section (deleting, regrouping or hiding all its rows), or opens a
    /// section under an unused name; nil when neither fits in one line of at most 10 edits.
    private mutating func sectionChurn(_ executor: FuzzExecutor) -> FuzzLine? {
        let live = executor.liveObjects()
        let reader = executor.fieldReader()
        // The visible objects' symbols by section: sections are few, so they are found by a
        // walk of their names (a dictionary would hash the name per object).
        var names: [String] = []
        var sections: [[FuzzSymbol]] = []
        for (symbol, object) in live where reader.value(of: .hidden, in: object) != .bool(true) {
            let name = FuzzFieldReader.sectionKey(reader.value(of: .group, in: object))
            if let section = names.firstIndex(of: name) {
                sections[section].append(symbol)
            } else {
                names.append(name)
                sections.append([symbol])
            }
        }
        let unused = sectionValues.indices.filter { !names.contains(sectionNames[$0]) }.map { sectionValues[$0] }
        let empties = unused.isEmpty || (!names.isEmpty && chance(50))
        // The smallest section, ties to the first name (names are distinct: one minimum).
        if empties,
            let smallest = names.indices.min(by: { (sections[$0].count, names[$0]) < (sections[$1].count, names[$1]) }),
            case let (name, members) = (names[smallest], sections[smallest]),
            members.count <= 10
        {
            let roll = Int.random(in: 0..<(configuration.filterPercent > 0 ? 3 : 2), using: &rng)
            let others = sectionValues.indices.filter { sectionNames[$0] != name }.map { sectionValues[$0] }
            return .edits(
                members.map { symbol in
                    switch roll {
                    case 0: return .delete(symbol)
                    case 1 where !others.isEmpty:
                        return .set(symbol, [.group: others.randomElement(using: &rng) ?? .string(name)])
                    default: return configuration.schema == nil ? .set(symbol, [.hidden: .bool(true)]) : .delete(symbol)
                    }
                })
        }
        guard let name = unused.randomElement(using: &rng) else { return nil }
        let count = Int.random(in: 1...2, using: &rng)
        if chance(50), !live.isEmpty {
            return .edits(
                (0..<count).compactMap { _ in
                    live.randomElement(using: &rng).map {
                        configuration.schema == nil
                            ? .set($0.symbol, [.group: name, .hidden: .bool(false)]) : .set($0.symbol, [.group: name])
                    }
                })
        }
        return .edits(
            (0..<count).map { _ in
                if configuration.schema != nil {
                    return schemaInsert(section: name, targets: LinkTargets(executor, live: executor.liveIndexes()))
                }
                defer { nextSymbol += 1 }
                return .insert(
                    FuzzSymbol(nextSymbol), [.title: title(), .group: name, .order: order(), .hidden: .bool(false)])
            })
    }

    // MARK: Randomness

    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &rng) < percent
    }

    /// An index into `weights`, drawn in proportion to them (at least one must be positive).
    private mutating func weighted(_ weights: [Int]) -> Int {
        var roll = Int.random(in: 0..<max(1, weights.reduce(0, +)), using: &rng)
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return 0
    }
}
