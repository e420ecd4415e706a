import TableSimulation

/// A list of rows in sections, as UIKit's `UITableView`, over FetchSim's simulated table.
///
/// The table asks its `dataSource` as UIKit does: counts on its first layout (or `reloadData()`),
/// cells for the rows on screen, counts again at the end of every batch to validate it with
/// UIKit's rules and wording. Where UIKit raises — an invalid batch, a dequeue of an unregistered
/// identifier — the table records Apple's exact text in `raisedExceptions` and goes on; after an
/// invalid batch it keeps the rows it had (out of step), as the app's crash would leave them.
/// Animations and geometry are ignored: the rows on screen are the frame's height divided by
/// `rowHeight`, from `contentOffset` on.
///
/// ```swift
/// let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
/// tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
/// tableView.dataSource = self
/// ```
@MainActor
open class UITableView: UIView {
    /// The table's look, as `UITableView.Style` (recorded; it changes nothing simulated).
    ///
    /// ```swift
    /// let controller = NotesViewController(style: .insetGrouped)   // a UITableViewController
    /// ```
    public enum Style: Int, Sendable {
        case plain, grouped, insetGrouped
    }

    /// The animation of inserted, deleted and reloaded rows, as `UITableView.RowAnimation`
    /// (ignored: changes apply at once, and the table checks the batch as UIKit does whatever
    /// the animation).
    ///
    /// ```swift
    /// tableView.insertRows(at: [newIndexPath], with: .automatic)
    /// tableView.deleteSections(IndexSet(integer: 2), with: .fade)
    /// ```
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }

    /// Where `scrollToRow(at:at:animated:)` puts the row, as `UITableView.ScrollPosition`.
    ///
    /// ```swift
    /// tableView.scrollToRow(at: IndexPath(row: 40, section: 0), at: .top, animated: true)
    /// tableView.indexPathsForVisibleRows?.first   // row 40: the rows on screen start there
    /// ```
    ///
    /// FetchSim puts the row at the top whatever the position (UIKit's `.middle` and `.bottom`
    /// depend on layout, which is not simulated) and scrolls at once.
    public enum ScrollPosition: Int, Sendable {
        case none, top, middle, bottom
    }

    /// UIKit's "size to fit" row height; FetchSim counts such rows at 44 points.
    public static let automaticDimension: CGFloat = -1

    /// The style the table was made with.
    public let style: Style
    /// The object that answers the table's questions. Weak, as UIKit's. Setting it makes the
    /// table forget its rows: it asks the new data source on its next layout or question.
    open weak var dataSource: (any UITableViewDataSource)? {
        didSet { engine.setNeedsReload() }
    }
    /// The object told about selection and editing. Weak, as UIKit's.
    open weak var delegate: (any UITableViewDelegate)?
    /// The exceptions UIKit would have raised, with Apple's text, oldest first (FetchSim's addition).
    public let raisedExceptions = ExceptionLog()
    /// Which UIKit release words invalid batches (iOS 14+ by default): chosen by FetchSim's tools and
    /// tests, not by an app, which runs on the UIKit it gets.
    package var uiKitEra: UIKitEra {
        get { engine.era }
        set { engine.era = newValue }
    }
    /// The height FetchSim counts each row at to know which rows are on screen.
    open var rowHeight: CGFloat = 44 {
        didSet { updateViewport() }
    }
    /// Recorded, unused.
    open var estimatedRowHeight: CGFloat = 44
    /// Whether the table shows its editing controls (delete buttons, reorder controls).
    open private(set) var isEditing = false
    /// Whether the user may select rows while not editing.
    open var allowsSelection = true
    /// Whether the user may select several rows (recorded).
    open var allowsMultipleSelection = false
    /// Whether the user may select rows while editing (recorded).
    open var allowsSelectionDuringEditing = false
    /// The view above the first section (recorded; it takes no rows).
    open var tableHeaderView: UIView?
    /// The view below the last section (recorded; it takes no rows).
    open var tableFooterView: UIView?
    /// How rows are separated (recorded).
    open var separatorStyle = UITableViewCell.SeparatorStyle.singleLine
    /// How far the rows are scrolled; the row at the top is `contentOffset.y / rowHeight`.
    open var contentOffset = CGPoint.zero {
        didSet { updateViewport() }
    }
    open override var frame: CGRect {
        didSet { updateViewport() }
    }

    let engine: ListEngine
    private var selectedRow: IndexPath?

    /// A table with `frame` and `style`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        engine = ListEngine(style: .table, exceptions: raisedExceptions)
        super.init(frame: frame)
        engine.questions = self
        updateViewport()
    }

    /// A plain table with `frame`.
    public convenience override init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    /// A table from a nib: FetchSim has none, so this answers nil.
    public required init?(coder: NSCoder) { return nil }

    private func updateViewport() {
        let height = rowHeight > 0 ? rowHeight : 44
        let first = max(0, Int((contentOffset.y / height).rounded(.down)))
        let rows = max(0, Int((frame.height / height).rounded(.up)))
        engine.viewport = Viewport(firstRow: first, height: rows)
    }

    // MARK: Cells

    /// Registers `cellClass` for `identifier`; nil removes the registration.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass = cellClass as? UITableViewCell.Type else {
            engine.registrations[identifier] = nil
            return
        }
        engine.registrations[identifier] = { cellClass.init(style: .default, reuseIdentifier: identifier) }
    }

    /// A cell for `identifier`: one that left the screen (after `prepareForReuse()`), or a new
    /// one of the registered class; nil when neither exists.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        engine.dequeue(identifier) as? UITableViewCell
    }

    /// A cell for `identifier` and the row at `indexPath`. An unregistered identifier is UIKit's
    /// `NSInternalInconsistencyException`, recorded; the app gets a blank cell and goes on.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = engine.dequeue(identifier) as? UITableViewCell { return cell }
        engine.raiseFromApp(
            .internalInconsistencyException,
            "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
        )
        return UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    /// The cell of the row at `indexPath` if the row is on screen, else nil.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        engine.loadIfNeeded()
        return engine.cell(at: indexPath) as? UITableViewCell
    }

    /// Where the table shows `cell`, if it shows it.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? { engine.indexPath(of: cell) }

    /// The index paths of the rows on screen, in order.
    open var indexPathsForVisibleRows: [IndexPath]? {
        engine.loadIfNeeded()
        return engine.table.indexPathsForVisibleRows
    }

    /// The cells on screen, in order.
    open var visibleCells: [UITableViewCell] {
        engine.loadIfNeeded()
        return engine.visibleCells.compactMap { $0 as? UITableViewCell }
    }

    /// The number of rows the table has in `section` (its cached count, as UIKit's).
    open func numberOfRows(inSection section: Int) -> Int {
        engine.loadIfNeeded()
        return engine.table.numberOfRows(inSection: section)
    }

    /// The number of sections the table has (its cached count).
    open var numberOfSections: Int {
        engine.loadIfNeeded()
        return engine.table.numberOfSections
    }

    /// Asks the data source for everything again.
    open func reloadData() {
        engine.log("reloadData")
        engine.reloadData()
    }

    /// Configures cells for rows that came on screen since the last layout.
    open override func layoutIfNeeded() { engine.layoutIfNeeded() }

    /// Scrolls so that the row at `indexPath` is at the top (every position counts as the top).
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        engine.loadIfNeeded()
        var flat = indexPath.row
        for section in 0..<min(indexPath.section, engine.table.numberOfSections) {
            flat += engine.table.numberOfRows(inSection: section)
        }
        contentOffset = CGPoint(x: 0, y: CGFloat(flat) * (rowHeight > 0 ? rowHeight : 44))
    }

    // MARK: Editing and selection

    /// Shows or hides the editing controls.
    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

    /// The selected row, if any.
    open var indexPathForSelectedRow: IndexPath? { selectedRow }

    /// Selects the row at `indexPath` (nil: none); the delegate is not told, as with UIKit.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        selectedRow = indexPath
    }

    /// Deselects the row at `indexPath`.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        if selectedRow == indexPath { selectedRow = nil }
    }

    // MARK: Batch updates

    /// Starts a batch of updates, validated and applied together at the outermost `endUpdates()`.
    /// A table that has not loaded yet loads now, from the data source's current counts.
    open func beginUpdates() {
        engine.log("beginUpdates")
        engine.beginBatch()
    }

    /// Ends a batch; the outermost validates it against the data source's counts and applies it,
    /// or records UIKit's `NSInternalInconsistencyException` and leaves the rows as they were.
    open func endUpdates() {
        engine.log("endUpdates")
        engine.endBatch()
    }

    /// Runs `updates` as one batch, then `completion` with `true` (at once: nothing animates).
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        endUpdates()
        completion?(true)
    }

    /// Inserts rows at these index paths of the layout after the batch.
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        engine.log("insertRows", indexPaths)
        update { (table: SimulatedTableView) throws(TableViewError) in try table.insertRows(at: indexPaths) }
    }

    /// Deletes the rows at these index paths of the layout before the batch.
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        engine.log("deleteRows", indexPaths)
        update { (table: SimulatedTableView) throws(TableViewError) in try table.deleteRows(at: indexPaths) }
    }

    /// Replaces the rows at these index paths (before the batch) with new ones and new cells;
    /// UIKit counts a reload as a delete and an insert.
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        engine.log("reloadRows", indexPaths)
        update { (table: SimulatedTableView) throws(TableViewError) in try table.reloadRows(at: indexPaths) }
    }

    /// Configures the existing cells of these rows again (iOS 15): the dequeue in the data
    /// source's `cellForRowAt` hands back the row's own cell.
    open func reconfigureRows(at indexPaths: [IndexPath]) {
        engine.log("reconfigureRows", indexPaths)
        update { (table: SimulatedTableView) throws(TableViewError) in try table.reconfigureRows(at: indexPaths) }
    }

    /// Moves a row, with its cell as it is, from the layout before the batch to the one after.
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        engine.log("moveRow \(indexPath.shortDescription) → \(newIndexPath.shortDescription)")
        update { (table: SimulatedTableView) throws(TableViewError) in
            try table.moveRow(at: indexPath, to: newIndexPath)
        }
    }

    /// Inserts sections at these indexes of the layout after the batch.
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        engine.log("insertSections \(Array(sections))")
        update { (table: SimulatedTableView) throws(TableViewError) in try table.insertSections(sections) }
    }

    /// Deletes the sections at these indexes of the layout before the batch.
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        engine.log("deleteSections \(Array(sections))")
        update { (table: SimulatedTableView) throws(TableViewError) in try table.deleteSections(sections) }
    }

    /// Reloads sections: UIKit deletes each and inserts it again, in one batch.
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        engine.log("reloadSections \(Array(sections))")
        beginUpdates()
        update { (table: SimulatedTableView) throws(TableViewError) in
            try table.deleteSections(sections)
            try table.insertSections(sections)
        }
        endUpdates()
    }

    /// Moves a section with its rows.
    open func moveSection(_ section: Int, toSection newSection: Int) {
        engine.log("moveSection \(section) → \(newSection)")
        update { (table: SimulatedTableView) throws(TableViewError) in
            try table.moveSection(section, toSection: newSection)
        }
    }

    /// One update: recorded inside a batch, else a batch of its own. A table that has not loaded
    /// yet loads first, from the data source's current counts — so an update for a model change
    /// made before then counts that change twice, as on iOS for a list not yet on screen.
    private func update(_ operation: (SimulatedTableView) throws(TableViewError) -> Void) {
        engine.loadIfNeeded()
        engine.perform { () throws(TableViewError) in try operation(engine.table) }
    }
}

extension UITableView: ListQuestions {
    func listNumberOfSections() -> Int { dataSource?.numberOfSections(in: self) ?? 0 }
    func listNumberOfRows(inSection section: Int) -> Int {
        dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
    }
    func listCell(at indexPath: IndexPath) -> (any ListCell)? { dataSource?.tableView(self, cellForRowAt: indexPath) }
    func listTitle(forSection section: Int) -> String? { dataSource?.tableView(self, titleForHeaderInSection: section) }
    func listIndexTitles() -> [String]? { dataSource?.sectionIndexTitles(for: self) }
    func listMoveRow(from source: IndexPath, to destination: IndexPath) {
        dataSource?.tableView(self, moveRowAt: source, to: destination)
    }
}

extension UITableViewCell: ListCell {}
