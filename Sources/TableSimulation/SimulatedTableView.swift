import FetchSimCore
import FetchSimStorage

/// A deterministic stand-in for `UITableView` that knows only what a table view knows.
///
/// It caches its section count, row counts and header titles, remembers which object each row
/// shows (`rowIdentifier(at:)`), and holds configured cells only for the rows inside its
/// `viewport`. It learns about changes only through `reloadData()`, batch updates (see
/// `SimulatedTableView+Updates.swift`) and the user's drag (`userMoveRow(from:to:)`), and it
/// validates every batch with UIKit's rules and wording.
///
/// Like `UITableView` it loads nothing until asked: call `reloadData()` once the data source is
/// ready (UIKit does so on its first layout). Until then it has no sections.
///
/// **After an invalid batch** the table throws `TableViewError`, keeps exactly its pre-batch
/// state and sets `isOutOfStep`. It never repairs itself: every later batch is validated against
/// that stale state, and only `reloadData()` clears the flag. UIKit would crash instead; keeping
/// the old state lets the consistency check and the log show what went wrong.
///
/// ```swift
/// let groceries = Groceries()  // the TableViewDataSource example: Milk (1), Eggs (2)
/// let table = SimulatedTableView(dataSource: groceries)
/// table.reloadData()
/// groceries.items.append((id: 3, title: "Bread"))
/// table.beginUpdates()
/// try table.insertRows(at: [IndexPath(row: 2, section: 0)])
/// try table.endUpdates()
/// table.rowIdentifiers(inSection: 0)                                // [1, 2, 3]
/// table.cellForRow(at: IndexPath(row: 2, section: 0))?.description  // "#3 Bread"
/// ```
public final class SimulatedTableView {
    /// The object that answers the table's questions. Held weakly, as UIKit does.
    public weak var dataSource: (any TableViewDataSource)?

    /// The rows on screen. Setting it configures cells for rows that come into view and drops the
    /// cells of rows that leave it.
    public var viewport: Viewport {
        didSet { refreshViewport() }
    }

    /// Whether an invalid batch or a failed update block left the table out of step with its data
    /// source. Cleared only by `reloadData()`.
    public internal(set) var isOutOfStep = false

    /// The operations of the last batch, valid or not, the last `reloadData()` or the last drag.
    public internal(set) var lastBatch: [TableOperation] = []

    /// The section index titles, as last read from the data source (on `reloadData()` and after
    /// every applied batch).
    public internal(set) var sectionIndexTitles: [String]?

    /// Whether this view stands for a `UITableView` or a `UICollectionView`: the batch rules are
    /// the same, UIKit's messages differ ("items", "collection view"; see `TableViewStyle`).
    public var style = TableViewStyle.table
    /// Whether a reload at a move's destination fails as UIKit's tables of the iOS 9 era did,
    /// "Attempt to create two animations for cell", rather than as the later "attempt to perform
    /// an insert and a move to the same index path" (docs/semantics.md, "Two animations for a cell").
    package var reportsReloadAndMoveAsTwoAnimations = false

    let storage = RowStorage()
    /// The storage's generation and the viewport after the last refresh that left every visible
    /// row with a cell and no cell off screen (`refreshViewport`); nil when it did not.
    var settledLayout: (generation: Int, viewport: Viewport)?
    /// The refresh's marks, one per cell slot, kept between refreshes so that each refresh
    /// clears them instead of allocating and freeing an array.
    var viewportMarks: [Bool] = []
    /// Nesting depth of `beginUpdates()`.
    var updateDepth = 0
    /// Operations recorded since the outermost `beginUpdates()`.
    var pendingOperations: [TableOperation] = []

    /// An empty table that shows `viewport`'s rows once `reloadData()` has asked `dataSource`.
    public init(dataSource: (any TableViewDataSource)? = nil, viewport: Viewport = Viewport(height: 20)) {
        self.dataSource = dataSource
        self.viewport = viewport
    }

    // MARK: What the table knows

    /// The cached number of sections.
    public var numberOfSections: Int { storage.numberOfSections }

    /// The cached number of rows in `section`; 0 for a section the table does not have.
    public func numberOfRows(inSection section: Int) -> Int { storage.numberOfRows(inSection: section) }

    /// The object the row at `indexPath` shows, or `nil` if the table has no such row.
    public func rowIdentifier(at indexPath: IndexPath) -> Int? { storage.row(at: indexPath)?.identifier }

    /// The objects the rows of `section` show, in order; empty for a missing section.
    public func rowIdentifiers(inSection section: Int) -> [Int] { storage.identifiers(inSection: section) }

    /// The objects every section shows, section by section.
    public var rowIdentifiersBySection: [[Int]] {
        (0..<storage.numberOfSections).map { storage.identifiers(inSection: $0) }
    }

    /// Where the table shows `identifier` (the first such row), or `nil`.
    /// - Complexity: O(rows): a search, for inspection and tests.
    public func indexPath(forRowIdentifier identifier: Int) -> IndexPath? {
        storage.indexPath(forIdentifier: identifier)
    }

    /// The cached header title of `section`. Read on `reloadData()` and when a batch inserts the
    /// section; a surviving section keeps the title it had.
    public func headerTitle(forSection section: Int) -> String? { storage.title(ofSection: section) }

    /// The configured cell of the row at `indexPath`; `nil` when the row is outside the viewport
    /// or does not exist.
    public func cellForRow(at indexPath: IndexPath) -> TableCell? { storage.cell(at: indexPath) }

    /// The index paths of the rows inside the viewport, in order.
    /// - Complexity: O(sections + visible rows × log n).
    public var indexPathsForVisibleRows: [IndexPath] {
        storage.rows(inFlatRange: viewport.visibleRows(rowCount: storage.totalRowCount)).map(\.path)
    }

    /// The number of rows in all sections together.
    public var numberOfRowsInAllSections: Int { storage.totalRowCount }

    /// An order-sensitive hash of the identifiers of the rows of `section`, kept up to date by
    /// every row operation (see `SequenceFingerprint`); `nil` for a section the table does not have.
    /// - Complexity: O(1).
    package func fingerprint(ofSection section: Int) -> SequenceFingerprint? { storage.fingerprint(ofSection: section) }

    /// Whether the table is between `beginUpdates()` and the matching `endUpdates()`.
    public var isPerformingUpdates: Bool { updateDepth > 0 }

    // MARK: Loading

    /// Forgets everything and asks the data source again: section count, titles, row counts and
    /// every row's identifier, then cells for the visible rows. Clears `isOutOfStep`. Called
    /// inside a batch, it also drops the operations recorded so far.
    public func reloadData() {
        pendingOperations = []
        lastBatch = [.reloadData]
        let sectionCount = dataSource?.numberOfSections(in: self) ?? 0
        storage.reset((0..<sectionCount).map(loadSection))
        sectionIndexTitles = dataSource?.sectionIndexTitles(for: self)
        isOutOfStep = false
        refreshViewport()
    }

    /// A section as the data source describes it now, without cells.
    func loadSection(_ section: Int) -> TableSection {
        guard let dataSource else { return TableSection(title: nil, rows: []) }
        let count = dataSource.tableView(self, numberOfRowsInSection: section)
        // The data source held once for the section's rows, rather than loaded from its weak
        // reference for each (`freshRow`): a reload asks for every row's identifier.
        return TableSection(
            title: dataSource.tableView(self, titleForHeaderInSection: section),
            rows: (0..<count).map {
                storage.makeRow(
                    identifier: dataSource.tableView(self, identifierForRowAt: IndexPath(row: $0, section: section)))
            })
    }

    /// A row whose identifier comes from the data source, without a cell yet.
    func freshRow(at indexPath: IndexPath) -> TableRow {
        storage.makeRow(identifier: dataSource?.tableView(self, identifierForRowAt: indexPath) ?? 0)
    }

    /// Drops the cells of rows outside the viewport and configures the visible rows that have
    /// none. Cells already on screen are left as they are, however stale.
    /// - Complexity: O(sections + (visible rows + cells) × log n): only rows inside the viewport
    ///   have cells, so nothing else needs visiting.
    func refreshViewport(configuringNewRows: Bool = true) {
        // Nothing moved, came, went or lost its cell since a refresh that left every visible row
        // with a cell and no cell off screen, and the viewport is where it was: nothing to do.
        if configuringNewRows, let settled = settledLayout, settled.generation == storage.generation,
            settled.viewport == viewport
        {
            return
        }
        let visible = viewport.visibleRows(rowCount: storage.totalRowCount)
        var needCells: [IndexPath] = []
        // The slots of the cells of visible rows are marked as the walk finds them. Serials are
        // unique: when every cell belongs to a visible row, none is off screen; otherwise the
        // cells in unmarked slots go (cheaper than sorting the visible serials to search them, or
        // a set of them).
        var offScreen: [Int] = []
        do {
            let cells = storage.cells  // released before the cells change: no copy on write
            var seen: [Bool] = []
            swap(&seen, &viewportMarks)  // taken out, so that marking it copies nothing
            seen.removeAll(keepingCapacity: true)
            seen.append(contentsOf: repeatElement(false, count: cells.slotCount))
            defer { swap(&seen, &viewportMarks) }
            var visibleCells = 0
            storage.forEachRun(inFlatRange: visible) { section, firstRow, rows in
                for offset in rows.indices {
                    if let slot = cells.slotIndex(of: rows[offset].serial) {
                        seen[slot] = true
                        visibleCells += 1
                    } else if configuringNewRows {
                        needCells.append(IndexPath(row: firstRow + offset, section: section))
                    }
                }
            }
            if visibleCells != cells.count { offScreen = cells.serials(unmarkedIn: seen) }
        }
        for serial in offScreen { storage.cells[serial] = nil }
        // Ask the data source only after the storage is no longer being mutated: it may query us.
        let before = storage.generation
        for path in needCells {
            configureCell(at: path)
        }
        // Settled when each new cell was filed (one change each) and nothing else changed meanwhile.
        if configuringNewRows {
            settledLayout = storage.generation == before &+ needCells.count ? (storage.generation, viewport) : nil
        }
    }

    /// The layout pass at the end of a run-loop turn: configures the visible rows that have no
    /// cell yet (after a drag brought them into view), leaving existing cells as they are.
    public func layoutIfNeeded() {
        refreshViewport()
    }

    /// Runs the data source's `cellForRowAt` for the row at `indexPath` and keeps the result.
    func configureCell(at indexPath: IndexPath) {
        guard let cell = dataSource?.tableView(self, cellForRowAt: indexPath),
            let row = storage.row(at: indexPath)
        else { return }
        storage.cells[row.serial] = cell
    }
}
