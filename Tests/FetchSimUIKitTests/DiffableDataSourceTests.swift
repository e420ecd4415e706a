import FetchSimUIKit
import Testing

/// A diffable list as iOS 13+ apps write it: a view controller that owns its table and a
/// diffable data source whose items are identifiers, their names looked up in a dictionary.
final class GroceryViewController: UIViewController {
    var tableView: UITableView!
    var dataSource: UITableViewDiffableDataSource<String, Int>!
    var names: [Int: String] = [1: "Apple", 2: "Bread", 3: "Coffee", 4: "Dates"]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView = UITableView(frame: view.bounds, style: .insetGrouped)
        view.addSubview(tableView)
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        dataSource = UITableViewDiffableDataSource<String, Int>(tableView: tableView) {
            [unowned self] tableView, indexPath, item in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            cell.textLabel?.text = names[item]
            return cell
        }
    }

    func snapshot(_ sections: [(String, [Int])]) -> NSDiffableDataSourceSnapshot<String, Int> {
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        for (section, items) in sections {
            snapshot.appendSections([section])
            snapshot.appendItems(items, toSection: section)
        }
        return snapshot
    }
}

@MainActor
@Suite struct DiffableDataSourceTests {
    private func texts(_ table: UITableView) -> [String?] { table.visibleCells.map { $0.textLabel?.text } }

    private func loaded() -> GroceryViewController {
        let controller = GroceryViewController(nibName: nil, bundle: nil)
        controller.loadViewIfNeeded()
        controller.dataSource.apply(controller.snapshot([("Food", [1, 2, 3])]), animatingDifferences: false)
        controller.tableView.layoutIfNeeded()
        return controller
    }

    @Test func applyUpdatesTheTableFromTheDifference() {
        let controller = loaded()
        let table = controller.tableView!
        #expect(texts(table) == ["Apple", "Bread", "Coffee"])
        controller.dataSource.apply(controller.snapshot([("Food", [3, 1, 4]), ("Drink", [2])]))
        #expect(table.numberOfSections == 2)
        #expect(texts(table) == ["Coffee", "Apple", "Dates", "Bread"])
        #expect(controller.dataSource.itemIdentifier(for: IndexPath(row: 0, section: 1)) == 2)
        #expect(controller.dataSource.indexPath(for: 4) == IndexPath(row: 2, section: 0))
        #expect(controller.dataSource.snapshot().itemIdentifiers == [3, 1, 4, 2])
        #expect(table.raisedExceptions.take().isEmpty)
        #expect(table.consistencyProblems().isEmpty)
    }

    @Test func anItemWhoseDataChangedKeepsItsStaleCellUntilReconfigured() {
        let controller = loaded()
        let table = controller.tableView!
        controller.names[2] = "Bagel"
        controller.dataSource.apply(controller.snapshot([("Food", [1, 2, 3])]))
        #expect(
            table.consistencyProblems().map(\.description) == [
                #"row 0.1 shows a stale cell: "Bread" but it should show "Bagel""#
            ])
        let cell = table.cellForRow(at: IndexPath(row: 1, section: 0))
        var snapshot = controller.dataSource.snapshot()
        snapshot.reconfigureItems([2])
        controller.dataSource.apply(snapshot)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === cell)
        #expect(texts(table) == ["Apple", "Bagel", "Coffee"])
        #expect(table.consistencyProblems().isEmpty)
        controller.names[3] = "Cocoa"
        snapshot = controller.dataSource.snapshot()
        snapshot.reloadItems([3])
        snapshot.moveItem(3, beforeItem: 1)
        controller.dataSource.apply(snapshot)
        #expect(texts(table) == ["Cocoa", "Apple", "Bagel"])
        #expect(table.consistencyProblems().isEmpty)
    }

    @Test func aSnapshotMisuseIsRecordedOnTheTableWhenApplied() {
        let controller = loaded()
        var snapshot = controller.dataSource.snapshot()
        snapshot.appendItems([4, 4])
        controller.dataSource.apply(snapshot)
        #expect(
            controller.tableView.raisedExceptions.take().map(\.description) == [
                "NSInternalInconsistencyException: Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    4\n)}"
            ])
        #expect(texts(controller.tableView) == ["Apple", "Bread", "Coffee"])
    }

    @Test func theTableDataSourceMovesItsOwnItemWhenTheUserDrags() throws {
        let controller = loaded()
        try controller.tableView.userMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
        #expect(controller.dataSource.snapshot().itemIdentifiers == [2, 3, 1])
        #expect(controller.tableView.consistencyProblems().isEmpty)
    }
}

/// A collection view list with reordering, as iOS 14 apps write it.
final class ShelfViewController: UIViewController {
    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Int, String>!
    var order = ["Ant", "Bee", "Cat"]
    var reorders = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewLayout())
        collectionView.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "Cell")
        dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) {
            collectionView, indexPath, item in
            let cell =
                collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
                as? UICollectionViewListCell
            var content = cell?.defaultContentConfiguration() ?? .cell()
            content.text = item
            cell?.contentConfiguration = content
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(order)
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func enableReordering() {
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.didReorder = { [unowned self] transaction in
            order = transaction.finalSnapshot.itemIdentifiers
            reorders += 1
        }
    }
}

@MainActor
@Suite struct CollectionViewTests {
    private func texts(_ view: UICollectionView) -> [String?] {
        view.visibleCells.map { ($0.contentConfiguration as? UIListContentConfiguration)?.text }
    }

    @Test func reorderingHandlersMoveTheSnapshotAndTellTheApp() throws {
        let controller = ShelfViewController(nibName: nil, bundle: nil)
        controller.loadViewIfNeeded()
        controller.enableReordering()
        let view = controller.collectionView!
        #expect(texts(view) == ["Ant", "Bee", "Cat"])
        #expect(controller.dataSource.collectionView(view, canMoveItemAt: IndexPath(row: 0, section: 0)))
        try view.userMoveItem(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0))
        #expect(controller.order == ["Cat", "Ant", "Bee"])
        #expect(controller.reorders == 1)
        #expect(controller.dataSource.snapshot().itemIdentifiers == ["Cat", "Ant", "Bee"])
        #expect(view.consistencyProblems().isEmpty)
    }

    @Test func withoutReorderingHandlersTheSnapshotKeepsTheOldOrder() throws {
        let controller = ShelfViewController(nibName: nil, bundle: nil)
        controller.loadViewIfNeeded()
        let view = controller.collectionView!
        #expect(!controller.dataSource.collectionView(view, canMoveItemAt: IndexPath(row: 0, section: 0)))
        try view.userMoveItem(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 0))
        #expect(controller.dataSource.snapshot().itemIdentifiers == ["Ant", "Bee", "Cat"])
        #expect(
            view.consistencyProblems().map(\.description) == [
                #"row 0.0 shows "Bee" but the data source has "Ant" there (and "Bee" at row 0.1)"#,
                #"row 0.1 shows "Ant" but the data source has "Bee" there (and "Ant" at row 0.0)"#,
            ])
    }

    @Test func collectionViewBatchesUseItsOwnWording() {
        final class Numbers: NSObject, UICollectionViewDataSource {
            var count = 2
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                count
            }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
                -> UICollectionViewCell
            {
                collectionView.dequeueReusableCell(withReuseIdentifier: "Number", for: indexPath)
            }
        }
        let numbers = Numbers()
        let view = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: UICollectionViewFlowLayout())
        view.dataSource = numbers
        view.layoutIfNeeded()
        let dequeue =
            "NSInternalInconsistencyException: could not dequeue a view of kind: UICollectionElementKindCell with identifier Number - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
        #expect(view.raisedExceptions.take().map(\.description) == [dequeue, dequeue])
        numbers.count = 3
        view.performBatchUpdates({ view.deleteItems(at: [IndexPath(row: 0, section: 0)]) })
        // Today's UIKit (iOS 16.4 on) checks a collection view's counts when the batch begins and
        // words it so (docs/semantics.md; forum threads 728797, 730004): 2 items before, 3 after,
        // one delete.
        #expect(
            view.raisedExceptions.take().map(\.description) == [
                "NSInternalInconsistencyException: Invalid batch updates detected: the number of sections and/or items returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [2] } Data source after updates = { 1 section with item counts: [3] } Updates = [ Delete item (0 - 0) ] Collection view: <UICollectionView: 0x7fa5c0008000>"
            ])
        #expect(view.numberOfItems(inSection: 0) == 2)
    }
}
