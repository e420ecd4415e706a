import Adapters
import TableSimulation

/// How a collection view lays out its items, as `UICollectionViewLayout`. FetchSim lays out
/// nothing: every item counts as one row of `itemHeight` points, to know which are on screen.
///
/// ```swift
/// final class TallRows: UICollectionViewLayout {
///     override var itemHeight: CGFloat { 88 }   // FetchSim's hook; UIKit's layouts compute attributes
/// }
/// ```
@MainActor
open class UICollectionViewLayout: NSObject {
    /// The height FetchSim counts each item at (44, a list cell's).
    open var itemHeight: CGFloat { 44 }
    public override init() { super.init() }
}

/// A grid layout, as `UICollectionViewFlowLayout`; its `itemSize.height` is an item's height.
///
/// ```swift
/// let layout = UICollectionViewFlowLayout()
/// layout.itemSize = CGSize(width: 390, height: 60)   // items on screen: the view's height / 60
/// let collectionView = UICollectionView(frame: bounds, collectionViewLayout: layout)
/// ```
///
/// Items are counted one per row, whatever their width: FetchSim does not lay out a grid.
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The size of each item (UIKit's default, 50 × 50).
    open var itemSize = CGSize(width: 50, height: 50)
    open override var itemHeight: CGFloat { itemSize.height }
}

/// An item of a collection view, as `UICollectionViewCell`; FetchSim compares what its content
/// configuration shows.
///
/// ```swift
/// let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
/// var content = UIListContentConfiguration.cell()
/// content.text = fruit
/// cell.contentConfiguration = content
/// ```
@MainActor
open class UICollectionViewCell: UIView {
    /// The identifier the cell is reused under (set by the dequeue).
    open internal(set) var reuseIdentifier: String?
    /// The cell's content configuration (iOS 14): what the cell shows.
    open var contentConfiguration: (any UIContentConfiguration)?

    /// A cell with `frame`. `required`, as a collection view makes registered classes through it;
    /// a subclass that overrides it writes `required` (docs/apple-api.md).
    public required override init(frame: CGRect) { super.init(frame: frame) }

    public required init?(coder: NSCoder) { return nil }

    /// Called before the collection view hands the cell out again.
    open func prepareForReuse() {}

    var shownContent: CellContent {
        let texts = contentConfiguration?.shownTexts
        return CellContent(text: texts?.text, secondaryText: texts?.secondaryText)
    }
}

/// A list cell of a collection view, as `UICollectionViewListCell` (iOS 14).
///
/// ```swift
/// collectionView.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "Cell")
/// let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
///     as! UICollectionViewListCell
/// var content = cell.defaultContentConfiguration()
/// content.text = fruit
/// cell.contentConfiguration = content
/// ```
///
/// `accessories` holds names (`["disclosureIndicator"]`), not UIKit's `UICellAccessory` values,
/// and nothing is drawn.
@MainActor
open class UICollectionViewListCell: UICollectionViewCell {
    /// The accessories on the cell's edges (recorded).
    open var accessories: [String] = []
    /// An empty list configuration.
    open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
}

extension UICollectionViewCell: ListCell {}

/// The object that answers a collection view's questions, as `UICollectionViewDataSource`; the
/// optional methods have UIKit's answers as defaults.
///
/// ```swift
/// extension FruitsViewController: UICollectionViewDataSource {
///     func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
///         fruits.count
///     }
///     func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
///         -> UICollectionViewCell {
///         let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
///         var content = UIListContentConfiguration.cell()
///         content.text = fruits[indexPath.item]
///         cell.contentConfiguration = content
///         return cell
///     }
/// }
/// ```
///
/// FetchSim's `IndexPath` has UIKit's `row` and `section` but not `item`: write `row`.
@MainActor
public protocol UICollectionViewDataSource: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// Optional: 1 when not implemented.
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// Optional: false when not implemented.
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// Optional: the user dropped a dragged item; the view already shows it at its new place.
    func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    public func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
}

/// The object told about selection in a collection view, as `UICollectionViewDelegate`, as far as
/// list code needs it: selection only (no highlighting, display or layout callbacks).
///
/// ```swift
/// extension FruitsViewController: UICollectionViewDelegate {
///     func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
///         selected = fruits[indexPath.item]
///     }
/// }
/// ```
@MainActor
public protocol UICollectionViewDelegate: NSObjectProtocol {
    /// Optional: the user selected an item.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
}

/// Items in sections, as UIKit's `UICollectionView`, over the same simulated table as
/// `UITableView` with UIKit's collection-view wording ("items", "collection view").
///
/// ```swift
/// let collectionView = UICollectionView(frame: bounds, collectionViewLayout: UICollectionViewFlowLayout())
/// collectionView.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "Cell")
/// ```
@MainActor
open class UICollectionView: UIView {
    /// The layout, read only for the height of an item.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet { updateViewport() }
    }
    /// The object that answers the view's questions. Weak, as UIKit's. Setting it makes the view
    /// forget its items: it asks the new data source on its next layout or question.
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { engine.setNeedsReload() }
    }
    /// The object told about selection. Weak, as UIKit's.
    open weak var delegate: (any UICollectionViewDelegate)?
    /// The exceptions UIKit would have raised, with Apple's text (FetchSim's addition).
    public let raisedExceptions = ExceptionLog()
    /// Whether the view is editing (iOS 14).
    open var isEditing = false
    /// How far the items are scrolled; the first on screen is `contentOffset.y / itemHeight`.
    open var contentOffset = CGPoint.zero {
        didSet { updateViewport() }
    }
    open override var frame: CGRect {
        didSet { updateViewport() }
    }

    let engine: ListEngine

    /// A collection view with `frame`, laid out by `layout`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        engine = ListEngine(style: .collection, exceptions: raisedExceptions)
        super.init(frame: frame)
        engine.questions = self
        updateViewport()
    }

    public required init?(coder: NSCoder) { return nil }

    private func updateViewport() {
        let height = max(collectionViewLayout.itemHeight, 1)
        engine.viewport = Viewport(
            firstRow: max(0, Int((contentOffset.y / height).rounded(.down))),
            height: max(0, Int((frame.height / height).rounded(.up))))
    }

    /// Registers `cellClass` for `identifier`; nil removes the registration.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass = cellClass as? UICollectionViewCell.Type else {
            engine.registrations[identifier] = nil
            return
        }
        engine.registrations[identifier] = {
            let cell = cellClass.init(frame: .zero)
            cell.reuseIdentifier = identifier
            return cell
        }
    }

    /// A cell for `identifier` and the item at `indexPath`. An unregistered identifier is UIKit's
    /// `NSInternalInconsistencyException`, recorded; the app gets a blank cell and goes on.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> UICollectionViewCell
    {
        if let cell = engine.dequeue(identifier) as? UICollectionViewCell { return cell }
        engine.raiseFromApp(
            .internalInconsistencyException,
            "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
        )
        return UICollectionViewCell(frame: .zero)
    }

    /// The cell of the item at `indexPath` if it is on screen, else nil.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        engine.loadIfNeeded()
        return engine.cell(at: indexPath) as? UICollectionViewCell
    }

    /// Where the view shows `cell`, if it shows it.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { engine.indexPath(of: cell) }

    /// The index paths of the items on screen, in order.
    open var indexPathsForVisibleItems: [IndexPath] {
        engine.loadIfNeeded()
        return engine.table.indexPathsForVisibleRows
    }

    /// The cells on screen, in order.
    open var visibleCells: [UICollectionViewCell] {
        engine.loadIfNeeded()
        return engine.visibleCells.compactMap { $0 as? UICollectionViewCell }
    }

    /// The number of items the view has in `section` (its cached count).
    open func numberOfItems(inSection section: Int) -> Int {
        engine.loadIfNeeded()
        return engine.table.numberOfRows(inSection: section)
    }

    /// The number of sections the view has (its cached count).
    open var numberOfSections: Int {
        engine.loadIfNeeded()
        return engine.table.numberOfSections
    }

    /// Asks the data source for everything again.
    open func reloadData() {
        engine.log("reloadData")
        engine.reloadData()
    }

    open override func layoutIfNeeded() { engine.layoutIfNeeded() }

    /// Runs `updates` as one batch, validated against the data source's counts when it ends (an
    /// invalid one records UIKit's exception), then `completion` with `true`. A view that has not
    /// loaded yet loads first, from the data source's current counts.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        engine.log("performBatchUpdates")
        engine.beginBatch()
        updates?()
        engine.endBatch()
        completion?(true)
    }

    /// Inserts items at these index paths of the layout after the batch.
    open func insertItems(at indexPaths: [IndexPath]) {
        engine.log("insertItems", indexPaths)
        update { (table: SimulatedTableView) throws(TableViewError) in try table.insertRows(at: indexPaths) }
    }
    /// Deletes the items at these index paths of the layout before the batch.
    open func deleteItems(at indexPaths: [IndexPath]) {
        engine.log("deleteItems", indexPaths)
        update { (table: SimulatedTableView) throws(TableViewError) in try table.deleteRows(at: indexPaths) }
    }
    /// Replaces the items at these index paths with new ones and new cells.
    open func reloadItems(at indexPaths: [IndexPath]) {
        engine.log("reloadItems", indexPaths)
        update { (table: SimulatedTableView) throws(TableViewError) in try table.reloadRows(at: indexPaths) }
    }
    /// Configures the existing cells of these items again (iOS 15).
    open func reconfigureItems(at indexPaths: [IndexPath]) {
        engine.log("reconfigureItems", indexPaths)
        update { (table: SimulatedTableView) throws(TableViewError) in try table.reconfigureRows(at: indexPaths) }
    }
    /// Moves an item, with its cell as it is.
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        engine.log("moveItem \(indexPath.shortDescription) → \(newIndexPath.shortDescription)")
        update { (table: SimulatedTableView) throws(TableViewError) in
            try table.moveRow(at: indexPath, to: newIndexPath)
        }
    }
    /// Inserts sections at these indexes of the layout after the batch.
    open func insertSections(_ sections: IndexSet) {
        engine.log("insertSections \(Array(sections))")
        update { (table: SimulatedTableView) throws(TableViewError) in try table.insertSections(sections) }
    }
    /// Deletes the sections at these indexes of the layout before the batch.
    open func deleteSections(_ sections: IndexSet) {
        engine.log("deleteSections \(Array(sections))")
        update { (table: SimulatedTableView) throws(TableViewError) in try table.deleteSections(sections) }
    }
    /// Reloads sections: a delete and an insert of each, in one batch.
    open func reloadSections(_ sections: IndexSet) {
        engine.log("reloadSections \(Array(sections))")
        performBatchUpdates {
            self.update { (table: SimulatedTableView) throws(TableViewError) in
                try table.deleteSections(sections)
                try table.insertSections(sections)
            }
        }
    }
    /// Moves a section with its items.
    open func moveSection(_ section: Int, toSection newSection: Int) {
        engine.log("moveSection \(section) → \(newSection)")
        update { (table: SimulatedTableView) throws(TableViewError) in
            try table.moveSection(section, toSection: newSection)
        }
    }

    private func update(_ operation: (SimulatedTableView) throws(TableViewError) -> Void) {
        engine.loadIfNeeded()
        engine.perform { () throws(TableViewError) in try operation(engine.table) }
    }
}

extension UICollectionView: ListQuestions {
    func listNumberOfSections() -> Int { dataSource?.numberOfSections(in: self) ?? 0 }
    func listNumberOfRows(inSection section: Int) -> Int {
        dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
    }
    func listCell(at indexPath: IndexPath) -> (any ListCell)? {
        dataSource?.collectionView(self, cellForItemAt: indexPath)
    }
    func listTitle(forSection section: Int) -> String? { nil }
    func listIndexTitles() -> [String]? { nil }
    func listMoveRow(from source: IndexPath, to destination: IndexPath) {
        dataSource?.collectionView(self, moveItemAt: source, to: destination)
    }
}

extension UICollectionView {
    /// The user drags the item at `source` to `destination`: the view moves it, then tells the
    /// data source through `moveItemAt`, as UIKit's interactive movement ends.
    package func userMoveItem(from source: IndexPath, to destination: IndexPath) throws(TableViewError) {
        engine.loadIfNeeded()
        try engine.userMoveRow(from: source, to: destination)
    }

    package func dropRows(from source: IndexPath, inSection section: Int) -> ClosedRange<Int>? {
        engine.loadIfNeeded()
        return engine.table.dropRows(from: source, inSection: section)
    }

    package func layoutForEndOfTurn() { engine.layoutIfNeeded() }
    package func consistencyProblems(limit: Int = 20) -> [ConsistencyProblem] {
        engine.consistencyProblems(limit: limit)
    }
    package var lastOperations: [TableOperation] { engine.table.lastBatch }
    /// The simulated table that holds the items, for FetchSimCLI's `show` of an app's view.
    package var simulatedTable: SimulatedTableView { engine.table }
    /// What the cell of the item at `indexPath` shows now (the app may have changed it since it
    /// configured it), or nil when the item has no cell.
    package func shownColumns(at indexPath: IndexPath) -> [String]? { engine.cell(at: indexPath)?.shownContent.columns }
    package func takeCalls() -> [String] { engine.takeCalls() }
    package var isOutOfStep: Bool { engine.table.isOutOfStep }
}
