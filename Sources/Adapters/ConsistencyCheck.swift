import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// Compares what the table shows with what the controller fetched, section by section and row by
/// row, cell content included, and says precisely where they differ (docs/semantics.md, "The invariant").
///
/// The check is the oracle every other part of FetchSim is judged by, so the full scope is the
/// plainest code that states the invariant: for each section, for each row, the table's row shows
/// the controller's object there, and its cell shows that object's values, each formatted afresh;
/// then the controller's objects are checked pair by pair with `Value.compare`. Nothing is cached
/// between runs.
///
/// ```swift
/// let check = ConsistencyCheck(table: table, dataSource: dataSource)
/// for problem in check.run() { print(problem) }   // nothing when table and controller agree
/// ```
public struct ConsistencyCheck {
    /// How much a run reads.
    ///
    /// ```swift
    /// let check = ConsistencyCheck(table: table, dataSource: dataSource, scope: .incremental)
    /// check.run()              // after each event: cheap at a million rows
    /// check.run(scope: .full)  // every row and cell, whatever changed
    /// ```
    public enum Scope: String, Sendable, CaseIterable {
        /// Every row and cell, and the controller's order over all its objects: O(n log n).
        case full
        /// Section counts, titles and fingerprints, the visible cells, the changed objects and
        /// their neighbours, and the rows of any section whose fingerprint differs: O(s log s +
        /// (viewport + k) log n) for s sections and k changed objects when table and controller
        /// agree (`IncrementalConsistencyCheck`, which tests hold equal to `.full` event by event).
        case incremental
    }

    /// The table whose rows and cells are checked.
    public let table: SimulatedTableView
    /// The data source: its controller is the truth.
    public let dataSource: ListDataSource
    /// At most this many problems are listed; the rest are counted.
    public var limit = 20
    /// What `run()` reads; `.full` unless set.
    public var scope = Scope.full
    /// Compare cells and order with the values of the last delivered change event, not with the
    /// current ones: inside `begin … commit` the context holds edits nobody has been told about.
    package var readsDeliveredValues = false

    /// A check of `table` against `dataSource`'s controller.
    public init(table: SimulatedTableView, dataSource: ListDataSource, scope: Scope = .full) {
        self.table = table
        self.dataSource = dataSource
        self.scope = scope
    }

    var controller: FetchedResultsController { dataSource.controller }

    /// Every difference, empty when table and controller agree, read with `scope`.
    public func run() -> [ConsistencyProblem] {
        run(scope: scope)
    }

    /// Every difference, empty when table and controller agree, read with `scope`.
    public func run(scope: Scope) -> [ConsistencyProblem] {
        // The check is FetchSim's, not the app's: its reads fire no faults (fetchBatchSize).
        let problems = controller.withoutFiringFaults {
            switch scope {
            case .full: fullProblems()
            case .incremental: IncrementalConsistencyCheck(check: self).problems()
            }
        }
        guard problems.count > limit else { return problems }
        return Array(problems.prefix(limit)) + [.init(.omitted, "… and \(problems.count - limit) more")]
    }

    /// The full scope: every section, every row, every cell, then the controller's order.
    private func fullProblems() -> [ConsistencyProblem] {
        var problems = sectionCountProblems()
        for section in 0..<min(table.numberOfSections, controller.numberOfSections) {
            problems += headerProblems(section: section)
            // Each side's rows of the section in one walk, not one lookup from the top per row;
            // the controller's walk stops at the shorter of the two.
            let shown = table.rowIdentifiers(inSection: section)
            controller.forEachObject(inSection: section, rows: 0..<shown.count) { row, object in
                let path = IndexPath(row: row, section: section)
                if let problem = rowProblem(at: path, shows: shown[row], object: object) { problems.append(problem) }
            }
            problems += extraRowProblems(section: section)
        }
        if let problem = orderProblem() { problems.append(problem) }
        return problems
    }

    // MARK: Sections and rows

    /// The section count, when the table's differs from the controller's.
    func sectionCountProblems() -> [ConsistencyProblem] {
        let expected = controller.numberOfSections
        guard table.numberOfSections != expected else { return [] }
        return [
            .init(.sectionCount, "the table has \(table.numberOfSections) sections but the controller has \(expected)")
        ]
    }

    /// The title (for a sectioned request) and the row count of `section`, which both have.
    func headerProblems(section: Int) -> [ConsistencyProblem] {
        var problems: [ConsistencyProblem] = []
        let name = controller.sectionName(at: section) ?? ""
        let title = table.headerTitle(forSection: section)
        if controller.fetchRequest.sectionNameKeyPath != nil, title != name {
            problems.append(
                .init(
                    .sectionTitle,
                    "section \(section) is titled \(quoted(title)) but the controller calls it \(quoted(name))"))
        }
        let rows = table.numberOfRows(inSection: section)
        let expected = controller.numberOfObjects(inSection: section)
        if rows != expected {
            problems.append(.init(.rowCount, "section \(section) has \(rows) rows but the controller has \(expected)"))
        }
        return problems
    }

    /// The rows the table shows in `section` past the controller's last one there.
    func extraRowProblems(section: Int) -> [ConsistencyProblem] {
        let rows = table.numberOfRows(inSection: section)
        let expected = controller.numberOfObjects(inSection: section)
        guard rows > expected else { return [] }
        return (expected..<rows).map { row in
            let shown = table.rowIdentifier(at: IndexPath(row: row, section: section)) ?? 0
            return .init(.extraRow, "row \(section).\(row) shows \(label(shown)) but the controller has no row there")
        }
    }

    /// What is wrong with the row at `path`, which both the table and the controller have: the
    /// object it shows, then its cell (a row outside the viewport has none).
    func rowProblem(at path: IndexPath) -> ConsistencyProblem? {
        guard let object = controller.object(at: path) else { return nil }
        return rowProblem(at: path, shows: table.rowIdentifier(at: path) ?? 0, object: object)
    }

    /// What is wrong with the row at `path`, which shows the object with ID `shown` where the
    /// controller has `object`: the object it shows, then its cell (a row outside the viewport
    /// has none).
    func rowProblem(at path: IndexPath, shows shown: Int, object: ManagedObject) -> ConsistencyProblem? {
        if shown != object.objectID.rawValue {
            return .init(
                .wrongRow,
                "row \(path.shortDescription) shows \(label(shown)) but the controller has \(label(object)) there")
        }
        guard let cell = table.cellForRow(at: path) else { return nil }
        return cellProblem(cell, at: path, object: object)
    }

    /// What is wrong with `cell`, shown at `path` where the controller has `object`: it should
    /// show `object`, one column per value the check reads, each as the value's `description`
    /// (what `ListDataSource.cell(for:values:)` configures).
    func cellProblem(_ cell: TableCell, at path: IndexPath, object: ManagedObject) -> ConsistencyProblem? {
        if cell.identifier != object.objectID.rawValue {
            return .init(
                .wrongCell,
                "row \(path.shortDescription) is \(label(object)) but its cell shows \(label(cell.identifier))")
        }
        // Value by value: a cell that shows its object's values costs no array of values or texts.
        let showsValues =
            cell.columns.count == object.valueCount
            && cell.columns.enumerated().allSatisfy { index, text in text == value(of: object, at: index).description }
        if !showsValues {
            let expected = values(of: object).map(\.description)
            return .init(
                .staleCell,
                "row \(path.shortDescription) shows a stale cell for \(object.objectID): "
                    + "\(quoted(cell.columns.joined(separator: " | "))) but it should show \(quoted(expected.joined(separator: " | ")))"
            )
        }
        return nil
    }

    // MARK: The controller's order

    /// The controller's own invariant — its objects are in sort-descriptor order — checked on
    /// each adjacent pair of the whole list, across sections: the first violation in list order.
    private func orderProblem() -> ConsistencyProblem? {
        let keys = sortKeys()
        let objects = controller.fetchedObjects ?? []
        for (a, b) in zip(objects, objects.dropFirst()) where !isOrdered(a, b, keys: keys) {
            return orderProblem(a, b)
        }
        return nil
    }

    /// One sort descriptor as the check reads it: the attribute's position in the fetched
    /// entity, nil for a key path through relationships (`list.name`, read with
    /// `value(forKeyPath:)`).
    struct OrderKey {
        let descriptor: SortDescriptor
        let index: Int?
    }

    /// The fetch request's sort descriptors; one on an unknown key, which the controller would
    /// have refused, is left out.
    func sortKeys() -> [OrderKey] {
        let request = controller.fetchRequest
        let entity = controller.context.schema.entity(named: request.entityName)
        return request.sortDescriptors.compactMap { descriptor in
            if descriptor.key.contains(Character(".")) { return OrderKey(descriptor: descriptor, index: nil) }
            return entity?.index(of: descriptor.key).map { OrderKey(descriptor: descriptor, index: $0) }
        }
    }

    /// Whether `a` may come before `b` under the sort descriptors, ties broken by object ID.
    func isOrdered(_ a: ManagedObject, _ b: ManagedObject, keys: [OrderKey]) -> Bool {
        for key in keys {
            let c = Value.compare(sortValue(of: a, key), sortValue(of: b, key))
            if c != 0 { return key.descriptor.ascending ? c < 0 : c > 0 }
        }
        return a.objectID < b.objectID
    }

    /// The value `object` is sorted by under `key`: an attribute's value as the check reads it
    /// (`value(of:at:)`), a key path's as it is now; a string under a selector other than
    /// `compare:` is compared by the key the selector orders it by (`SortSelector.key(for:)`).
    private func sortValue(of object: ManagedObject, _ key: OrderKey) -> Value {
        let value = key.index.map { self.value(of: object, at: $0) } ?? object.value(forKeyPath: key.descriptor.key)
        guard key.descriptor.selector != .compare, case .string(let text) = value else { return value }
        return .string(key.descriptor.selector.key(for: text))
    }

    func orderProblem(_ a: ManagedObject, _ b: ManagedObject) -> ConsistencyProblem {
        .init(.order, "the controller's objects are out of order: \(label(a)) comes before \(label(b))")
    }

    // MARK: Wording

    /// The values the check compares: current, or those of the last delivered event.
    func values(of object: ManagedObject) -> [Value] {
        readsDeliveredValues ? controller.context.deliveredValues(of: object) : object.values
    }

    /// The value of `object`'s attribute at `index` that the check compares: current, or that of
    /// the last delivered event.
    func value(of object: ManagedObject, at index: Int) -> Value {
        readsDeliveredValues ? controller.context.deliveredValues(of: object)[index] : object.value(at: index)
    }

    private func label(_ id: Int) -> String {
        controller.context.object(with: ObjectID(id)).map(label) ?? "#\(id)"
    }

    /// `#12 "Milk"`: the ID and the object's first string attribute.
    private func label(_ object: ManagedObject) -> String {
        guard let title = values(of: object).first(where: { $0.stringValue != nil })?.stringValue else {
            return "\(object.objectID)"
        }
        return "\(object.objectID) \(quoted(title))"
    }

    private func quoted(_ text: String?) -> String {
        text.map { "\"\($0)\"" } ?? "none"
    }
}
