/// What a user's reorder did to a diffable data source's snapshot, as UIKit's
/// `NSDiffableDataSourceTransaction` (iOS 14): the snapshots before and after, and the difference.
///
/// ```swift
/// dataSource.reorderingHandlers.didReorder = { transaction in
///     for change in transaction.difference {
///         if case .insert(let offset, let fruit, _) = change { print("\(fruit) now at \(offset)") }
///     }
///     fruits = transaction.finalSnapshot.itemIdentifiers
/// }
/// ```
///
/// The difference is over all the items, sections flattened, with moves inferred (UIKit's holds
/// one per section, `sectionTransactions`, which FetchSim does not offer).
public struct NSDiffableDataSourceTransaction<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
    /// The snapshot before the drag.
    public let initialSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The snapshot after the drop: the data source's new snapshot.
    public let finalSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The change of the items' order, all sections flattened.
    public let difference: CollectionDifference<ItemIdentifierType>
}

/// A collection view's data source that holds its data as a snapshot, as UIKit's
/// `UICollectionViewDiffableDataSource`, with `reorderingHandlers` (iOS 14).
///
/// ```swift
/// dataSource.reorderingHandlers.canReorderItem = { _ in true }
/// dataSource.reorderingHandlers.didReorder = { transaction in
///     renumber(transaction.finalSnapshot.itemIdentifiers)   // write the order to the model
/// }
/// ```
@MainActor
open class UICollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: NSObject, UICollectionViewDataSource {
    /// Makes the cell for an item, as UIKit's `CellProvider`; nil is UIKit's exception (recorded).
    ///
    /// ```swift
    /// let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) {
    ///     collectionView, indexPath, fruit in
    ///     let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
    ///     var content = UIListContentConfiguration.cell()
    ///     content.text = fruit
    ///     cell.contentConfiguration = content
    ///     return cell
    /// }
    /// ```
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    /// FetchSim's shorthand for the data source's snapshot type in its declarations (UIKit's
    /// class has no such alias: app code that builds on iOS too spells the snapshot type out).
    ///
    /// ```swift
    /// var snapshot = NSDiffableDataSourceSnapshot<Int, String>()   // the data source's Snapshot
    /// snapshot.appendSections([0])
    /// snapshot.appendItems(["Apple", "Banana"])
    /// dataSource.apply(snapshot, animatingDifferences: false)
    /// ```
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// The closures UIKit calls when the user reorders items; reordering is on while
    /// `canReorderItem` is set.
    ///
    /// ```swift
    /// dataSource.reorderingHandlers.canReorderItem = { fruit in fruit != "Apple" }   // Apple stays put
    /// dataSource.reorderingHandlers.willReorder = { _ in isReordering = true }
    /// dataSource.reorderingHandlers.didReorder = { transaction in
    ///     fruits = transaction.finalSnapshot.itemIdentifiers
    ///     isReordering = false
    /// }
    /// ```
    public struct ReorderingHandlers {
        /// Whether the user may pick up the item.
        public var canReorderItem: ((ItemIdentifierType) -> Bool)?
        /// Called before the data source's snapshot changes.
        public var willReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        /// Called after it changed: write the new order to the model here.
        public var didReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        public init() {}
    }

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var current = Snapshot()
    /// The reorder handlers; none set by default (no reordering).
    public var reorderingHandlers = ReorderingHandlers()

    /// A data source for `collectionView`; it becomes the view's data source.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    /// A copy of the current snapshot.
    open func snapshot() -> Snapshot { DiffableApplier.unmarked(current) }

    /// Makes `snapshot` current and updates the view in one batch from the difference.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        if let collectionView {
            DiffableApplier.apply(snapshot, over: current, on: collectionView.engine) {
                current = DiffableApplier.unmarked(snapshot)
            }
        } else {
            current = DiffableApplier.unmarked(snapshot)
        }
        completion?()
    }

    /// Makes `snapshot` current and reloads the view without diffing (iOS 15).
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        for exception in snapshot.raisedExceptions.take() { collectionView?.raisedExceptions.raise(exception) }
        current = DiffableApplier.unmarked(snapshot)
        collectionView?.reloadData()
        completion?()
    }

    /// The item at `indexPath`, or nil.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard current.sectionIdentifiers.indices.contains(indexPath.section) else { return nil }
        let items = current.itemIdentifiers(inSection: current.sectionIdentifiers[indexPath.section])
        return items.indices.contains(indexPath.row) ? items[indexPath.row] : nil
    }

    /// Where `itemIdentifier` is, or nil.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        guard let section = current.sectionIdentifier(containingItem: itemIdentifier),
            let s = current.indexOfSection(section),
            let row = current.itemIdentifiers(inSection: section).firstIndex(of: itemIdentifier)
        else { return nil }
        return IndexPath(row: row, section: s)
    }

    // MARK: UICollectionViewDataSource

    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        current.sectionIdentifiers.indices.contains(section)
            ? current.numberOfItems(inSection: current.sectionIdentifiers[section]) : 0
    }

    /// The cell provider's cell; nil from it is UIKit's exception, recorded, and a blank cell.
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        guard let item = itemIdentifier(for: indexPath) else { return UICollectionViewCell(frame: .zero) }
        if let cell = cellProvider(collectionView, indexPath, item) { return cell }
        collectionView.engine.raiseFromApp(
            .internalInconsistencyException,
            "the collection view's data source did not return a valid cell from -collectionView:cellForItemAtIndexPath: for index path <NSIndexPath> {length = 2, path = \(indexPath.section) - \(indexPath.row)}"
        )
        return UICollectionViewCell(frame: .zero)
    }

    /// Whether the user may pick up the item: what `canReorderItem` answers, false without it.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        guard let canReorder = reorderingHandlers.canReorderItem, let item = itemIdentifier(for: indexPath) else {
            return false
        }
        return canReorder(item)
    }

    /// The user dropped a dragged item. With `reorderingHandlers` set, the data source moves the
    /// item in its snapshot (an emptied section stays) between `willReorder` and `didReorder`;
    /// without them the snapshot keeps the old order (docs/semantics.md D4).
    open func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        guard reorderingHandlers.canReorderItem != nil else { return }
        let initial = DiffableApplier.unmarked(current)
        let final = DiffableReorder.moved(initial, from: sourceIndexPath, to: destinationIndexPath)
        let transaction = NSDiffableDataSourceTransaction(
            initialSnapshot: initial, finalSnapshot: final,
            difference: final.itemIdentifiers.difference(from: initial.itemIdentifiers).inferringMoves())
        reorderingHandlers.willReorder?(transaction)
        current = final
        reorderingHandlers.didReorder?(transaction)
    }
}
