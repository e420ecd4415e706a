import Adapters
import TableSimulation

/// A cell of a list view — `UITableViewCell` or `UICollectionViewCell` — as the engine keeps it.
@MainActor
protocol ListCell: UIView {
    var reuseIdentifier: String? { get }
    var shownContent: CellContent { get }
    func prepareForReuse()
}

/// What a list view asks the app, in index paths: the view forwards to its data source.
@MainActor
protocol ListQuestions: AnyObject {
    func listNumberOfSections() -> Int
    func listNumberOfRows(inSection section: Int) -> Int
    func listCell(at indexPath: IndexPath) -> (any ListCell)?
    func listTitle(forSection section: Int) -> String?
    func listIndexTitles() -> [String]?
    func listMoveRow(from source: IndexPath, to destination: IndexPath)
}

/// The part a `UITableView` and a `UICollectionView` share: the simulated table that holds the
/// rows, the cell objects the app configured for the rows on screen, the reuse queue, and the
/// check of what the view shows against what its data source answers now.
///
/// The simulated table needs an identity for every row (`TableViewDataSource`'s
/// `identifierForRowAt`, which UIKit has not: UIKit knows rows only by index path). The engine
/// gives each row a serial when the table loads it — a fresh one for a reloaded or inserted row,
/// the same one as the row moves — so a row keeps its cell object through moves and shifts,
/// exactly as a `UITableViewCell` stays with its row, and gets a new cell when reloaded.
@MainActor
final class ListEngine {
    let table: SimulatedTableView
    let exceptions: ExceptionLog
    weak var questions: (any ListQuestions)?
    private let bridge: TableBridge
    /// Which release's wording invalid batches get (docs/semantics.md, rule 17).
    var era = UIKitEra.tableViewSuffix
    private(set) var isLoaded = false
    private var nextRowIdentifier = 0
    /// The app's cell objects of the rows that have a cell, by row serial.
    private var cells: [Int: any ListCell] = [:]
    /// Cells that left the screen, by reuse identifier, handed out again by the dequeue.
    private var reuseQueue: [String: [any ListCell]] = [:]
    /// How to make a cell of each registered identifier.
    var registrations: [String: @MainActor () -> any ListCell] = [:]
    /// The cell a reconfigure hands back from the dequeue (UIKit's reconfigure reuses it).
    private var cellBeingReconfigured: (any ListCell)?
    /// True while the consistency check asks the app for cells: the dequeue then makes scratch
    /// cells, touching neither the reuse queue nor the exception log.
    private(set) var isChecking = false
    /// Whether the engine's cells are the table's since the table last changed: set by a release,
    /// cleared as each table operation begins. The table drops the cells of rows that left the
    /// screen once per operation, before it configures any row, so the first row it configures
    /// in an operation releases them and the others need not walk the rows on screen again.
    private var cellsMatchTable = false

    init(style: TableViewStyle, exceptions: ExceptionLog) {
        table = SimulatedTableView(viewport: Viewport(height: 0))
        table.style = style
        self.exceptions = exceptions
        bridge = TableBridge()
        bridge.engine = self
        table.dataSource = bridge
    }

    /// The view's methods the app called, in order, since the last `takeCalls()`.
    private var calls: [String] = []

    func log(_ call: String, _ indexPaths: [IndexPath]? = nil) {
        calls.append(indexPaths.map { call + " [" + $0.map(\.shortDescription).joined(separator: ", ") + "]" } ?? call)
    }

    func takeCalls() -> [String] {
        defer { calls = [] }
        return calls
    }

    // MARK: Loading and updates

    /// Loads the rows on first need, as UIKit does on its first layout.
    func loadIfNeeded() {
        if !isLoaded { reloadData() }
    }

    /// Forgets the rows until the next need, as UIKit does when the data source changes.
    func setNeedsReload() { isLoaded = false }

    func reloadData() {
        isLoaded = true
        cellsMatchTable = false
        table.reloadData()
        releaseCellsOffScreen()
    }

    /// The batches the app has begun and not ended (`beginUpdates`, `performBatchUpdates`).
    private var openBatches = 0

    /// Begins a batch: the updates until the matching `endBatch()` are recorded, not applied.
    func beginBatch() {
        loadIfNeeded()
        openBatches += 1
        cellsMatchTable = false
        table.beginUpdates()
    }

    /// Ends a batch; the outermost validates and applies it (an invalid one records UIKit's exception).
    func endBatch() {
        openBatches = max(openBatches - 1, 0)
        perform { () throws(TableViewError) in try table.endUpdates() }
    }

    /// Runs an update of the simulated table; an invalid one records UIKit's exception. Inside a
    /// batch the rows stay as they are until it ends, so the cells are released only outside one
    /// (releasing looks at every row on screen: once per update call made an event of k
    /// changes cost k passes over the screen).
    func perform(_ update: () throws(TableViewError) -> Void) {
        cellsMatchTable = false
        do {
            try update()
        } catch {
            raise(error)
        }
        if openBatches == 0 { releaseCellsOffScreen() }
    }

    func raise(_ error: TableViewError) {
        exceptions.raise(.internalInconsistencyException, reason: error.message(in: era))
    }

    var viewport: Viewport {
        get { table.viewport }
        set {
            cellsMatchTable = false
            table.viewport = newValue
            releaseCellsOffScreen()
        }
    }

    func layoutIfNeeded() {
        loadIfNeeded()
        // The table drops cells only in an operation, which clears `cellsMatchTable`: after none
        // since the last release, a layout only configures rows that came on screen, and a walk of
        // the rows on screen would find nothing to release (the end of a turn lays out after the
        // batch that released).
        guard cellsMatchTable else {
            table.layoutIfNeeded()
            releaseCellsOffScreen()
            return
        }
        table.layoutIfNeeded()
    }

    // MARK: Cells

    /// The cell the app configured for the row at `indexPath`, if the row is on screen.
    func cell(at indexPath: IndexPath) -> (any ListCell)? {
        guard table.cellForRow(at: indexPath) != nil, let row = table.rowIdentifier(at: indexPath) else { return nil }
        return cells[row]
    }

    /// Where the table shows `cell`, if it shows it.
    func indexPath(of cell: UIView) -> IndexPath? {
        guard let row = cells.first(where: { $0.value === cell })?.key else { return nil }
        return table.indexPath(forRowIdentifier: row)
    }

    var visibleCells: [any ListCell] { table.indexPathsForVisibleRows.compactMap(cell(at:)) }

    /// A cell for `identifier`: the reconfigured row's own, one from the reuse queue (after
    /// `prepareForReuse()`), or a new one; nil when the identifier is not registered.
    func dequeue(_ identifier: String) -> (any ListCell)? {
        if let cell = cellBeingReconfigured, cell.reuseIdentifier == identifier {
            cellBeingReconfigured = nil
            return cell
        }
        if !isChecking, let cell = reuseQueue[identifier]?.popLast() {
            cell.prepareForReuse()
            return cell
        }
        return registrations[identifier]?()
    }

    /// Records an exception unless the check is asking (it already was recorded when the table asked).
    func raiseFromApp(_ name: NSExceptionName, _ reason: String) {
        if !isChecking { exceptions.raise(name, reason: reason) }
    }

    /// The user's drag of the row at `source` to `destination`: the table moves the row, then
    /// tells the data source.
    func userMoveRow(from source: IndexPath, to destination: IndexPath) throws(TableViewError) {
        cellsMatchTable = false
        try table.userMoveRow(from: source, to: destination)
    }

    fileprivate func nextRow() -> Int {
        nextRowIdentifier += 1
        return nextRowIdentifier
    }

    /// Asks the app for the cell of the row at `indexPath` and keeps it with the row.
    fileprivate func configureCell(at indexPath: IndexPath) -> TableCell {
        // The table drops the cells of rows that left the screen before it configures the rows
        // that came on: queued first, they are the ones the app's dequeue gets back, as in UIKit.
        if !cellsMatchTable { releaseCellsOffScreen() }
        let row = table.rowIdentifier(at: indexPath) ?? 0
        cellBeingReconfigured = cells[row]
        let cell = questions?.listCell(at: indexPath)
        cellBeingReconfigured = nil
        if let old = cells[row], old !== cell { enqueue(old) }
        cells[row] = cell
        return TableCell(identifier: row, columns: cell?.shownContent.columns ?? [])
    }

    /// The rows on screen, in order: each one's index path, row serial and the identifier of the
    /// cell the table keeps for it (nil for none). One walk per section on screen (`shownRows`), where a lookup per row
    /// descended the table's row tree once for each.
    private func visibleRows() -> [(path: IndexPath, row: Int, cell: Int?)] {
        let paths = table.indexPathsForVisibleRows
        var result: [(path: IndexPath, row: Int, cell: Int?)] = []
        result.reserveCapacity(paths.count)
        var start = 0
        while start < paths.count {
            let section = paths[start].section
            var end = start + 1
            while end < paths.count, paths[end].section == section { end += 1 }
            let shown = table.shownRows(inSection: section, rows: paths[start].row..<(paths[end - 1].row + 1))
            for (path, row) in zip(paths[start..<end], shown) {
                result.append((path, row.identifier, row.cellIdentifier))
            }
            start = end
        }
        return result
    }

    /// Puts the cells of rows that no longer have a cell in the table into the reuse queue.
    private func releaseCellsOffScreen() {
        cellsMatchTable = true
        guard !cells.isEmpty else { return }
        let onScreen = Set(visibleRows().compactMap(\.cell))
        for (row, cell) in cells where !onScreen.contains(row) {
            cells[row] = nil
            enqueue(cell)
        }
    }

    private func enqueue(_ cell: any ListCell) {
        guard let identifier = cell.reuseIdentifier else { return }
        reuseQueue[identifier, default: []].append(cell)
    }

    // MARK: The check

    /// What the view shows that its data source no longer answers: counts, header titles, and the
    /// content of every cell on screen against what the app's cell method produces now.
    /// Worded as `ConsistencyCheck`'s problems, with the data source in the controller's place.
    func consistencyProblems(limit: Int = 20) -> [ConsistencyProblem] {
        guard let questions else { return [] }
        loadIfNeeded()
        isChecking = true
        defer { isChecking = false }
        var problems: [ConsistencyProblem] = []
        let sectionCount = questions.listNumberOfSections()
        if table.numberOfSections != sectionCount {
            problems.append(
                .init(
                    .sectionCount,
                    "the table has \(table.numberOfSections) sections but the data source has \(sectionCount)"))
        }
        var expectedRows: [Int: Int] = [:]
        for section in 0..<min(table.numberOfSections, sectionCount) {
            let title = table.headerTitle(forSection: section)
            let expectedTitle = questions.listTitle(forSection: section)
            if title != expectedTitle {
                problems.append(
                    .init(
                        .sectionTitle,
                        "section \(section) is titled \(quoted(title)) but the data source calls it \(quoted(expectedTitle))"
                    ))
            }
            let rows = table.numberOfRows(inSection: section)
            let expected = questions.listNumberOfRows(inSection: section)
            expectedRows[section] = expected
            if rows != expected {
                problems.append(
                    .init(.rowCount, "section \(section) has \(rows) rows but the data source has \(expected)"))
            }
        }
        var sectionContents: [Int: [CellContent?]] = [:]
        for (path, row, cell) in visibleRows() {
            // Rows past the data source's count are not asked about: the app would index out of range.
            guard let expected = expectedRows[path.section], path.row < expected, cell != nil,
                let shown = cells[row]?.shownContent
            else { continue }
            let fresh = questions.listCell(at: path)?.shownContent
            guard let fresh, fresh != shown else { continue }
            let contents =
                sectionContents[path.section]
                ?? (0..<expected).map {
                    questions.listCell(at: IndexPath(row: $0, section: path.section))?.shownContent
                }
            sectionContents[path.section] = contents
            if let elsewhere = contents.firstIndex(of: shown) {
                problems.append(
                    .init(
                        .wrongRow,
                        "row \(path.shortDescription) shows \(shown) but the data source has \(fresh) there (and \(shown) at row \(path.section).\(elsewhere))"
                    ))
            } else {
                problems.append(
                    .init(
                        .staleCell,
                        "row \(path.shortDescription) shows a stale cell: \(shown) but it should show \(fresh)"))
            }
        }
        if problems.count > limit {
            let extra = problems.count - limit
            problems = Array(problems.prefix(limit)) + [.init(.omitted, "… and \(extra) more")]
        }
        return problems
    }

    private func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "none" }
}

/// The simulated table's data source: the engine's answers, on the main actor, where every call
/// of a UIKit view starts.
private final class TableBridge: TableViewDataSource {
    weak var engine: ListEngine?

    func numberOfSections(in tableView: SimulatedTableView) -> Int {
        let engine = engine
        return MainActor.assumeIsolated { engine?.questions?.listNumberOfSections() ?? 0 }
    }

    func tableView(_ tableView: SimulatedTableView, numberOfRowsInSection section: Int) -> Int {
        let engine = engine
        return MainActor.assumeIsolated { engine?.questions?.listNumberOfRows(inSection: section) ?? 0 }
    }

    func tableView(_ tableView: SimulatedTableView, cellForRowAt indexPath: IndexPath) -> TableCell {
        let engine = engine
        return MainActor.assumeIsolated {
            engine?.configureCell(at: indexPath) ?? TableCell(identifier: 0, columns: [])
        }
    }

    func tableView(_ tableView: SimulatedTableView, identifierForRowAt indexPath: IndexPath) -> Int {
        let engine = engine
        return MainActor.assumeIsolated { engine?.nextRow() ?? 0 }
    }

    func tableView(_ tableView: SimulatedTableView, titleForHeaderInSection section: Int) -> String? {
        let engine = engine
        return MainActor.assumeIsolated { engine?.questions?.listTitle(forSection: section) }
    }

    func sectionIndexTitles(for tableView: SimulatedTableView) -> [String]? {
        let engine = engine
        return MainActor.assumeIsolated { engine?.questions?.listIndexTitles() }
    }

    func tableView(
        _ tableView: SimulatedTableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        let engine = engine
        MainActor.assumeIsolated { engine?.questions?.listMoveRow(from: sourceIndexPath, to: destinationIndexPath) }
    }
}
