import TableSimulation

/// A table view's data source that holds its data as a snapshot, as UIKit's
/// `UITableViewDiffableDataSource` (iOS 13): `apply(_:animatingDifferences:)` diffs the new
/// snapshot against the current one and updates the table in one batch.
///
/// ```swift
/// dataSource = UITableViewDiffableDataSource<String, NSManagedObjectID>(tableView: tableView) { tableView, indexPath, id in
///     let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
///     …
///     return cell
/// }
/// dataSource.apply(snapshot, animatingDifferences: true)
/// ```
///
/// The table holds the data source weakly, as UIKit's: the app keeps it.
@MainActor
open class UITableViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: NSObject, UITableViewDataSource {
    /// Makes the cell for an item, as UIKit's `CellProvider`; nil is UIKit's exception (recorded).
    ///
    /// ```swift
    /// let dataSource = UITableViewDiffableDataSource<Int, String>(tableView: tableView) {
    ///     tableView, indexPath, fruit in
    ///     let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
    ///     cell.textLabel?.text = fruit
    ///     return cell
    /// }
    /// ```
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    /// The animation of the batches `apply` makes (ignored).
    open var defaultRowAnimation = UITableView.RowAnimation.automatic

    /// A data source for `tableView` that makes each item's cell with `cellProvider`; it becomes
    /// the table's data source.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    /// A copy of the current snapshot.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        DiffableApplier.unmarked(current)
    }

    /// Makes `snapshot` current and updates the table in one batch from the difference, then
    /// calls `completion`. What UIKit raises (a misuse recorded on the snapshot, an invalid batch)
    /// is recorded on the table.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        if let tableView {
            DiffableApplier.apply(snapshot, over: current, on: tableView.engine) {
                current = DiffableApplier.unmarked(snapshot)
            }
        } else {
            current = DiffableApplier.unmarked(snapshot)
        }
        completion?()
    }

    /// Makes `snapshot` current and reloads the table without diffing (iOS 15).
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        completion: (() -> Void)? = nil
    ) {
        for exception in snapshot.raisedExceptions.take() { tableView?.raisedExceptions.raise(exception) }
        current = DiffableApplier.unmarked(snapshot)
        tableView?.reloadData()
        completion?()
    }

    /// The item at `indexPath`, or nil.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        // By position: the table asks for every row it shows, and a section's identifier would be
        // hashed to find the items again.
        current.item(atSectionIndex: indexPath.section, row: indexPath.row)
    }

    /// Where `itemIdentifier` is, or nil.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        guard let section = current.sectionIdentifier(containingItem: itemIdentifier),
            let s = current.indexOfSection(section),
            let row = current.itemIdentifiers(inSection: section).firstIndex(of: itemIdentifier)
        else { return nil }
        return IndexPath(row: row, section: s)
    }

    /// The section at `index`, or nil (iOS 15).
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }

    /// The index of `sectionIdentifier`, or nil (iOS 15).
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: UITableViewDataSource

    open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        current.numberOfItems(atSectionIndex: section)
    }

    /// The cell provider's cell; nil from it is UIKit's exception, recorded, and a blank cell.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = itemIdentifier(for: indexPath) else {
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        if let cell = cellProvider(tableView, indexPath, item) { return cell }
        tableView.engine.raiseFromApp(
            .internalInconsistencyException,
            "UITableView (\(UIKitEra.tableViewDescription)) failed to obtain a cell from its dataSource (<\(type(of: self))>)"
        )
        return UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// False unless overridden, as UIKit's: no swipe to delete.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    /// False unless overridden, as UIKit's: no reordering.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        index
    }
    open func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {}

    /// The user dropped a dragged row: the data source moves the item in its own snapshot, as
    /// UIKit's does. A subclass that overrides this without calling `super` leaves the snapshot
    /// with the old order, and the next `apply` moves the row a second time (docs/semantics.md D4).
    open func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        current = DiffableReorder.moved(current, from: sourceIndexPath, to: destinationIndexPath)
    }
}

/// The move of one item in a snapshot, as a diffable data source makes it for the user's drag.
enum DiffableReorder {
    /// `snapshot` with the item at `source` moved to `destination` (numbered after its removal);
    /// an emptied section stays.
    static func moved<S, I>(
        _ snapshot: NSDiffableDataSourceSnapshot<S, I>, from source: IndexPath, to destination: IndexPath
    ) -> NSDiffableDataSourceSnapshot<S, I> {
        var sections = snapshot.sectionIdentifiers.map { ($0, snapshot.itemIdentifiers(inSection: $0)) }
        guard sections.indices.contains(source.section), sections[source.section].1.indices.contains(source.row),
            sections.indices.contains(destination.section)
        else { return snapshot }
        let item = sections[source.section].1.remove(at: source.row)
        sections[destination.section].1.insert(item, at: min(destination.row, sections[destination.section].1.count))
        return NSDiffableDataSourceSnapshot(uncheckedSections: sections)
    }
}
