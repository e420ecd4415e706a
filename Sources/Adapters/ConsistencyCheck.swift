import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// Compares what the table shows with what the controller fetched, section by section and row by
/// row, cell content included, and says precisely where they differ (docs/semantics.md, "The invariant").
///
/// Two scopes find the same differences between table and controller (docs/performance.md):
/// `.full` reads every row; `.incremental` compares each section's count, title and fingerprint
/// and reads rows only where a fingerprint differs, plus the cells on screen and the rows of the
/// objects the last event changed. They differ only in the controller's self-check of its order,
/// which `.incremental` makes around the objects the last event changed.
public struct ConsistencyCheck {
    /// How much a run reads.
    public enum Scope: String, Sendable, CaseIterable {
        /// Every row, and the controller's order over all its objects: O(n log n).
        case full
        /// Section counts, titles and fingerprints, the visible cells, the changed objects and
        /// their neighbours, and the rows of any section whose fingerprint differs: O(s log s +
        /// (viewport + k) log n) for s sections and k changed objects when table and controller agree.
        case incremental
    }

    /// The table whose rows and cells are checked.
    public let table: SimulatedTableView
    /// The data source: its controller is the truth, its cells what a row should show.
    public let dataSource: ListDataSource
    /// At most this many problems are listed; the rest are counted.
    public var limit = 20
    /// What `run()` reads; `.full` unless set.
    public var scope = Scope.full
    /// Compare cells and order with the values of the last delivered change event, not with the
    /// current ones: inside `begin … commit` the context holds edits nobody has been told about.
    public var readsDeliveredValues = false

    /// A check of `table` against `dataSource`'s controller.
    public init(table: SimulatedTableView, dataSource: ListDataSource, scope: Scope = .full) {
        self.table = table
        self.dataSource = dataSource
        self.scope = scope
    }

    var controller: FetchedResultsController { dataSource.controller }

    /// `CellValues.self`, the class of the cell sources the check recognises (`formatsLike`).
    private let cellValuesType: AnyObject.Type = CellValues.self

    /// Every difference, empty when table and controller agree, read with `scope`.
    public func run() -> [ConsistencyProblem] {
        run(scope: scope)
    }

    /// Every difference, empty when table and controller agree, read with `scope`.
    public func run(scope: Scope) -> [ConsistencyProblem] {
        // The check is FetchSim's, not the app's: its reads fire no faults (fetchBatchSize).
        controller.withoutFiringFaults { checkEverything(scope: scope) }
    }

    private func checkEverything(scope: Scope) -> [ConsistencyProblem] {
        var problems: [ConsistencyProblem] = []
        let sectionCount = controller.numberOfSections
        if table.numberOfSections != sectionCount {
            problems.append(.init(.sectionCount, "the table has \(table.numberOfSections) sections but the controller has \(sectionCount)"))
        }
        let visible = scope == .incremental ? visibleRowsBySection() : [:]
        let lastChanges = scope == .incremental ? lastChangesReview() : LastChangesReview()
        let suspects = lastChanges.misplacedSections
        let hasTitles = controller.fetchRequest.sectionNameKeyPath != nil
        // The full scope checks the controller's order in the same walk as the rows.
        var order = OrderWalk(keys: scope == .full ? sortKeyIndexes() : [], readsCurrentValues: !readsDeliveredValues)
        let sharedSections = min(table.numberOfSections, sectionCount)
        for section in 0..<sharedSections {
            let name = controller.sectionName(at: section) ?? ""
            let title = table.headerTitle(forSection: section)
            if hasTitles, title != name {
                problems.append(.init(.sectionTitle, "section \(section) is titled \(quoted(title)) but the controller calls it \(quoted(name))"))
            }
            let rows = table.numberOfRows(inSection: section), expected = controller.numberOfObjects(inSection: section)
            if rows != expected {
                problems.append(.init(.rowCount, "section \(section) has \(rows) rows but the controller has \(expected)"))
            }
            let showsSameObjects = scope == .incremental && rows == expected && !suspects.contains(section)
                && table.fingerprint(ofSection: section) == controller.fingerprint(ofSection: section)
            if scope == .full {
                // Appended only when there are any: appending a section's empty list cost a
                // call into the standard library per section and check.
                let found = walkProblems(section: section, objectCount: expected, comparedRows: min(rows, expected), order: &order)
                if !found.isEmpty { problems += found }
            } else if !showsSameObjects {
                problems += rowProblems(section: section, rows: 0..<min(rows, expected))
            } else {
                // The rows show the right objects; only cells can be wrong, and only visible rows have one.
                problems += rowProblems(section: section, rows: visible[section] ?? [])
            }
            if rows > expected {
                for row in expected..<rows {
                    problems.append(.init(.extraRow, "row \(section).\(row) shows \(label(table.rowIdentifier(at: IndexPath(row: row, section: section)) ?? 0)) but the controller has no row there"))
                }
            }
        }
        if scope == .full {
            for section in sharedSections..<max(sharedSections, sectionCount) {
                _ = walkProblems(section: section, objectCount: controller.numberOfObjects(inSection: section), comparedRows: 0, order: &order)
            }
            if let problem = order.problem { problems.append(problem) }
        } else {
            problems += lastChanges.orderProblems
        }
        if problems.count > limit {
            let extra = problems.count - limit
            problems = Array(problems.prefix(limit)) + [.init(.omitted, "… and \(extra) more")]
        }
        return problems
    }

    /// The problems of a range of rows of `section`, read in one walk of the controller's tree.
    func rowProblems(section: Int, rows: Range<Int>) -> [ConsistencyProblem] {
        var problems: [ConsistencyProblem] = []
        let shown = table.shownRows(inSection: section, rows: rows)
        controller.forEachObject(inSection: section, rows: rows) { row, object in
            let index = row - rows.lowerBound
            guard shown.indices.contains(index) else { return }
            if let problem = rowProblem(section: section, row: row, object: object, shown: shown[index]) {
                problems.append(problem)
            }
        }
        return problems
    }

    /// The full scope's walk of every object of `section` (`objectCount`, which the caller has
    /// read), in one pass of the controller's tree: the first `comparedRows` rows are compared
    /// with the table, and every object is fed to `order`, which checks the controller's sort
    /// order across the whole list.
    func walkProblems(section: Int, objectCount: Int, comparedRows: Int, order: inout OrderWalk) -> [ConsistencyProblem] {
        var problems: [ConsistencyProblem] = []
        // The rows are plain integers and an unretained source: read in place, nothing to copy,
        // from a buffer the table keeps (`withShownRows`).
        table.withShownRows(inSection: section, rows: 0..<comparedRows) { shown in
            controller.forEachObject(inSection: section, rows: 0..<objectCount) { row, object in
                // The values are compared where the object holds them (`ManagedObject+Reading`):
                // unpacking them for every row would be most of the check.
                if row < shown.count, let problem = rowProblem(section: section, row: row, object: object, shown: shown[row]) {
                    problems.append(problem)
                }
                visit(object, &order)
            }
        }
        return problems
    }

    /// The problems of the given rows of `section`: the object shown, then the cell.
    func rowProblems(section: Int, rows: some Sequence<Int>) -> [ConsistencyProblem] {
        rows.compactMap { row in
            let path = IndexPath(row: row, section: section)
            guard let object = controller.object(at: path) else { return nil }
            return rowProblem(section: section, row: row, object: object,
                              identifier: table.rowIdentifier(at: path) ?? 0, cell: table.cellForRow(at: path))
        }
    }

    /// What is wrong with the row the controller fills with `object`, the table showing `shown` there.
    /// The cell's text is copied out only when it must be compared: not when the cell was formatted
    /// from exactly the values the check reads, which is what `rowProblem(…cell:)` checks first.
    private func rowProblem(section: Int, row: Int, object: ManagedObject, shown: ShownRow) -> ConsistencyProblem? {
        let id = object.objectID.rawValue
        // The row's stored identifier, read directly: `shown.identifier` is a call into the table's module.
        let shownIdentifier = shown.row.identifier
        guard shownIdentifier == id else {
            return rowProblem(section: section, row: row, object: object, identifier: shownIdentifier, cell: nil)
        }
        guard let cellIdentifier = shown.cellIdentifier else { return nil }
        if cellIdentifier == id, let source = shown.cellSource, formatsLike(source, object) { return nil }
        return rowProblem(section: section, row: row, object: object, identifier: shownIdentifier, cell: table.cell(of: shown))
    }

    /// What is wrong with the row the controller fills with `object`: the object shown, then the cell.
    /// `identifier` and `cell`: the object the table shows in that row, and the row's cell.
    private func rowProblem(section: Int, row: Int, object: ManagedObject, identifier: Int, cell: TableCell?) -> ConsistencyProblem? {
        if identifier != object.objectID.rawValue {
            let path = IndexPath(row: row, section: section)
            return .init(.wrongRow, "row \(path.shortDescription) shows \(label(identifier)) but the controller has \(label(object)) there")
        }
        guard let cell else { return nil }
        // Formatted from exactly the values the check reads: the text is what they format to.
        if cell.identifier == object.objectID.rawValue, let source = cell.source as? CellValues, formatsLike(source, object) {
            return nil
        }
        let path = IndexPath(row: row, section: section)
        let fresh = dataSource.cell(for: object, values: values(of: object))
        if cell.identifier != fresh.identifier {
            return .init(.wrongCell, "row \(path.shortDescription) is \(label(object)) but its cell shows \(label(cell.identifier))")
        } else if cell.columns != fresh.columns {
            return .init(.staleCell, "row \(path.shortDescription) shows a stale cell for \(object.objectID): "
                + "\(quoted(cell.columns.joined(separator: " | "))) but it should show \(quoted(fresh.columns.joined(separator: " | ")))")
        }
        return nil
    }

    /// The visible rows of each section, by section.
    private func visibleRowsBySection() -> [Int: [Int]] {
        var rows: [Int: [Int]] = [:]
        for path in table.indexPathsForVisibleRows { rows[path.section, default: []].append(path.row) }
        return rows
    }

    /// The controller's own invariant — its objects are in sort-descriptor order — checked pair
    /// by pair along the full scope's walk of every section: the first violation in list order.
    struct OrderWalk {
        let keys: [OrderKey]
        /// Every key's attribute position when each has one and the current values are read:
        /// then a pair is compared in one call (`ManagedObject.firstDifference`).
        let indexes: [Int]?

        init(keys: [OrderKey], readsCurrentValues: Bool) {
            self.keys = keys
            // Built at its final size, and only when every key has a position: `compactMap` grew
            // the list from one element, an allocation per doubling, in every check.
            guard readsCurrentValues, keys.allSatisfy({ $0.index != nil && $0.selector == .compare }) else {
                indexes = nil
                return
            }
            var indexes: [Int] = []
            indexes.reserveCapacity(keys.count)
            for key in keys { if let index = key.index { indexes.append(index) } }
            self.indexes = indexes
        }
        /// The previous object of the walk; its values are compared in place with the next one's.
        /// Not retained: the controller holds every object it walks until the check ends (holding
        /// each in turn would cost a retain and a release per row).
        var previous: Unmanaged<ManagedObject>?
        var problem: ConsistencyProblem?
    }

    /// Checks that `object` may follow the previous object of the walk. Inlined into the walk,
    /// which calls it for every row.
    @inline(__always)
    private func visit(_ object: ManagedObject, _ walk: inout OrderWalk) {
        guard walk.problem == nil else { return }
        if let previous = walk.previous {
            let keys = walk.keys, indexes = walk.indexes
            if let problem = previous._withUnsafeGuaranteedRef({ previous in
                let ordered = if let indexes { isOrdered(previous, object, keys: keys, indexes: indexes) }
                    else { isOrdered(previous, object, keys: keys) }
                return ordered ? nil : orderProblem(previous, object)
            }) {
                walk.problem = problem
            }
        }
        walk.previous = Unmanaged.passUnretained(object)
    }

    /// What the incremental scope checks around the objects of the last change event.
    struct LastChangesReview {
        /// Sections where the table does not show such an object at the controller's index path
        /// for it: read in full even if the fingerprints agree.
        var misplacedSections: Set<Int> = []
        /// The controller's order checked between each such object and its neighbours: the first
        /// violation in list order, as the full scope's `OrderWalk` reports it.
        var orderProblems: [ConsistencyProblem] = []
    }

    /// One pass over the objects of the last change event.
    /// - Complexity: O(k log n) for k changed objects.
    func lastChangesReview() -> LastChangesReview {
        var review = LastChangesReview()
        let keys = sortKeyIndexes()
        var first: (path: IndexPath, problem: ConsistencyProblem)?
        for change in controller.lastChangeSet?.objects ?? [] {
            guard let path = controller.indexPath(forObject: change.object) else { continue }
            if table.rowIdentifier(at: path) != change.object.objectID.rawValue { review.misplacedSections.insert(path.section) }
            let pairs = [neighbour(of: path, step: -1).map { ($0, path) }, neighbour(of: path, step: 1).map { (path, $0) }]
            for case let (left, right)? in pairs {
                guard let a = controller.object(at: left), let b = controller.object(at: right), !isOrdered(a, b, keys: keys),
                      first.map({ left < $0.path }) ?? true else { continue }
                first = (left, orderProblem(a, b))
            }
        }
        review.orderProblems = first.map { [$0.problem] } ?? []
        return review
    }

    /// The index path `step` rows before or after `path` across sections, skipping empty ones.
    private func neighbour(of path: IndexPath, step: Int) -> IndexPath? {
        var section = path.section, row = path.row + step
        while section >= 0, section < controller.numberOfSections {
            let count = controller.numberOfObjects(inSection: section)
            if row >= 0, row < count { return IndexPath(row: row, section: section) }
            section += step
            guard section >= 0, section < controller.numberOfSections else { return nil }
            row = step > 0 ? 0 : controller.numberOfObjects(inSection: section) - 1
        }
        return nil
    }

    /// Each sort descriptor's attribute position (nil for a key path through relationships,
    /// `list.name`, read with `value(forKeyPath:)`) and direction; a descriptor on an unknown
    /// key, which the controller would have refused, is skipped.
    private func sortKeyIndexes() -> [OrderKey] {
        let request = controller.fetchRequest
        let entity = controller.context.schema.entity(named: request.entityName)
        // Room for every descriptor up front: `compactMap` grew the list from one element, an
        // allocation per doubling, in every check.
        var keys: [OrderKey] = []
        keys.reserveCapacity(request.sortDescriptors.count)
        for descriptor in request.sortDescriptors {
            // Byte by byte: Foundation's `contains(_: StringProtocol)` costs more than the walk of a short list.
            // On the key's contiguous UTF-8 where it has it (the generic walk of the view goes
            // through several calls a byte, every check).
            let isKeyPath = descriptor.key.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: ".")) }
                ?? descriptor.key.utf8.contains(UInt8(ascii: "."))
            if isKeyPath {
                keys.append(OrderKey(key: descriptor.key, index: nil, ascending: descriptor.ascending, selector: descriptor.selector))
            } else if let index = entity?.index(of: descriptor.key) {
                keys.append(OrderKey(key: descriptor.key, index: index, ascending: descriptor.ascending, selector: descriptor.selector))
            }
        }
        return keys
    }

    /// One sort descriptor as the check reads it: the attribute's position (nil for a key path
    /// through relationships) and the direction.
    struct OrderKey {
        let key: String
        let index: Int?
        let ascending: Bool
        /// The comparison selector: anything but `compare:` compares the strings' keys
        /// (`SortSelector.key(for:)`).
        var selector = SortSelector.compare
    }

    /// Whether `a` may come before `b` under the sort descriptors, ties broken by object ID.
    private func isOrdered(_ a: ManagedObject, _ b: ManagedObject, keys: [OrderKey]) -> Bool {
        // By position: iterating the keys would copy each one (and retain its name) per pair.
        for position in keys.indices {
            let c = if let index = keys[position].index, !readsDeliveredValues, keys[position].selector == .compare {
                a.compareValue(at: index, with: b, at: index)
            } else {
                compare(a, b, by: keys[position])
            }
            if c != 0 { return keys[position].ascending ? c < 0 : c > 0 }
        }
        return a.objectID < b.objectID
    }

    /// `isOrdered(_:_:keys:)` when every key has an attribute position (`indexes`, in key order)
    /// and the current values are read: the keys compared in one call.
    private func isOrdered(_ a: ManagedObject, _ b: ManagedObject, keys: [OrderKey], indexes: [Int]) -> Bool {
        guard let (offset, c) = a.firstDifference(from: b, at: indexes) else { return a.objectID < b.objectID }
        return keys[offset].ascending ? c < 0 : c > 0
    }

    /// `a` against `b` under one sort key, with the values the check reads (`values(of:)`):
    /// the current ones are compared where the objects hold them.
    private func compare(_ a: ManagedObject, _ b: ManagedObject, by key: OrderKey) -> Int {
        guard key.selector == .compare else {
            let read = { (object: ManagedObject) -> Value in
                let value = key.index.map { self.readsDeliveredValues ? self.values(of: object)[$0] : object.value(at: $0) }
                    ?? object.value(forKeyPath: key.key)
                guard case .string(let text) = value else { return value }
                return .string(key.selector.key(for: text))
            }
            return Value.compare(read(a), read(b))
        }
        guard let index = key.index else { return Value.compare(a.value(forKeyPath: key.key), b.value(forKeyPath: key.key)) }
        if readsDeliveredValues { return Value.compare(values(of: a)[index], values(of: b)[index]) }
        return a.compareValue(at: index, with: b, at: index)
    }

    private func orderProblem(_ a: ManagedObject, _ b: ManagedObject) -> ConsistencyProblem {
        .init(.order, "the controller's objects are out of order: \(label(a)) comes before \(label(b))")
    }

    private func label(_ id: Int) -> String {
        controller.context.object(with: ObjectID(id)).map(label) ?? "#\(id)"
    }

    /// `#12 "Milk"`: the ID and the object's first string attribute.
    private func label(_ object: ManagedObject) -> String {
        guard let title = values(of: object).first(where: { $0.stringValue != nil })?.stringValue else { return "\(object.objectID)" }
        return "\(object.objectID) \(quoted(title))"
    }

    /// The values the check compares: current, or those of the last delivered event.
    private func values(of object: ManagedObject) -> [Value] {
        readsDeliveredValues ? controller.context.deliveredValues(of: object) : object.values
    }

    /// Whether `source`, which a cell was formatted from, is exactly the values the check reads
    /// for `object` (`CellValues.formatsLike`); the current ones are compared in place.
    private func formatsLike(_ source: CellValues, _ object: ManagedObject) -> Bool {
        readsDeliveredValues ? source.formatsLike(values(of: object)) : object.holdsExactly(source.values)
    }

    /// `formatsLike(_:_:)` for a cell's source as `shownRows` gives it: unretained, borrowed from
    /// the table's cell, which lives through the check (nothing changes the table meanwhile).
    /// The class is compared by its metadata and the reference cast without a check:
    /// `as? CellValues` would retain the source and call the runtime's cast per row. The metadata
    /// is read once per check (`cellValuesType`), not through its accessor per row.
    @inline(__always)
    private func formatsLike(_ source: Unmanaged<AnyObject>, _ object: ManagedObject) -> Bool {
        source._withUnsafeGuaranteedRef { source in
            type(of: source) == cellValuesType && formatsLike(unsafeDowncast(source, to: CellValues.self), object)
        }
    }

    private func quoted(_ text: String?) -> String {
        text.map { "\"\($0)\"" } ?? "none"
    }
}
