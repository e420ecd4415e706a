import FetchSimTesting
import Testing

/// A collection view of tags with a diffable data source; reordering on when `reorderable`.
final class TagsViewController: UIViewController {
    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<String, String>!
    var tags = ["red", "green", "blue"]
    let reorderable: Bool

    init(reorderable: Bool) {
        self.reorderable = reorderable
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewFlowLayout())
        view.addSubview(collectionView)
        collectionView.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "Tag")
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) {
            collectionView, indexPath, tag in
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Tag", for: indexPath)
            var content = UIListContentConfiguration.cell()
            content.text = tag
            cell.contentConfiguration = content
            return cell
        }
        if reorderable {
            dataSource.reorderingHandlers.canReorderItem = { _ in true }
            dataSource.reorderingHandlers.didReorder = { [unowned self] transaction in
                tags = transaction.finalSnapshot.itemIdentifiers
            }
        }
        var snapshot = NSDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Tags"])
        snapshot.appendItems(tags)
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}

@MainActor
@Suite struct CollectionSimulatorTests {
    @Test func aReorderThroughTheHandlersStaysConsistent() throws {
        let controller = TagsViewController(reorderable: true)
        let simulator = try #require(Simulator(viewController: controller, context: nil))
        #expect(simulator.collectionView === controller.collectionView)
        try simulator.userMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
        let report = simulator.endTurn()
        #expect(report.isConsistent, "\(report)")
        #expect(controller.tags == ["green", "blue", "red"])
        #expect(throws: SimulatorError.notATable) { try simulator.userDeleteRow(at: IndexPath(row: 0, section: 0)) }
    }

    @Test func withoutHandlersTheUserCannotPickAnItemUp() throws {
        let controller = TagsViewController(reorderable: false)
        let simulator = try #require(Simulator(viewController: controller, context: nil))
        #expect(throws: SimulatorError.cannotMove(IndexPath(row: 0, section: 0))) {
            try simulator.userMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
        }
        #expect(simulator.endTurn().isConsistent)
    }
}
