import FetchSimTesting
import Testing

/// The diffable variant of the notes list, as iOS 13+ apps write it: the controller's snapshot
/// delegate applies each snapshot to a `UITableViewDiffableDataSource` keyed by object ID.
final class DiffableNotesViewController: UIViewController {
    let context: NSManagedObjectContext
    var tableView: UITableView!
    var dataSource: UITableViewDiffableDataSource<String, NSManagedObjectID>!

    init(context: NSManagedObjectContext) {
        self.context = context
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    lazy var fetchedResultsController: NSFetchedResultsController<Note> = {
        let fetchRequest: NSFetchRequest<Note> = Note.fetchRequest()
        fetchRequest.sortDescriptors = [NSSortDescriptor(key: "group", ascending: true), NSSortDescriptor(key: "order", ascending: true)]
        let controller = NSFetchedResultsController(fetchRequest: fetchRequest, managedObjectContext: context,
                                                    sectionNameKeyPath: "group", cacheName: nil)
        controller.delegate = self
        return controller
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView = UITableView(frame: view.bounds, style: .plain)
        view.addSubview(tableView)
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        dataSource = UITableViewDiffableDataSource(tableView: tableView) { [context] tableView, indexPath, objectID in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = (context.object(with: objectID) as? Note)?.title
            cell.contentConfiguration = content
            return cell
        }
        try? fetchedResultsController.performFetch()
    }
}

extension DiffableNotesViewController: @preconcurrency NSFetchedResultsControllerDelegate {
    func controller(_ controller: NSFetchedResultsController<NSFetchRequestResult>, didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference) {
        // iOS: `snapshot as NSDiffableDataSourceSnapshot<String, NSManagedObjectID>`.
        let snapshot = NSDiffableDataSourceSnapshot<String, NSManagedObjectID>(snapshot)
        dataSource.apply(snapshot, animatingDifferences: true)
    }
}

// Expectations by hand from rule 24 (the snapshot delivery: the controller's sections and object
// IDs, moved and updated objects marked for reload) and rule D1 (apply diffs by identifier).
@MainActor
@Suite struct DiffableNotesTests {
    private func texts(_ table: UITableView) -> [String?] {
        table.visibleCells.map { ($0.contentConfiguration as? UIListContentConfiguration)?.text }
    }

    @Test func theSnapshotDelegateKeepsTheTableInStep() throws {
        let container = try NotesStore.container(groups: [("A", ["a0", "a1"]), ("B", ["b0"])])
        let context = container.viewContext
        let controller = DiffableNotesViewController(context: context)
        let simulator = try #require(Simulator(viewController: controller, context: context))
        let table = controller.tableView!
        #expect(texts(table) == ["a0", "a1", "b0"])
        #expect(simulator.endTurn().isConsistent)

        let a1 = controller.fetchedResultsController.object(at: IndexPath(row: 1, section: 0))
        simulator.userEditsObject(a1) { $0.title = "a1 edited" }
        var report = simulator.endTurn()
        #expect(report.isConsistent, "\(report)")
        #expect(texts(table) == ["a0", "a1 edited", "b0"])

        simulator.userEdits("a new note in C") {
            let note = Note(context: context)
            note.title = "c0"
            note.group = "C"
        }
        report = simulator.endTurn()
        #expect(report.isConsistent, "\(report)")
        #expect(table.numberOfSections == 3)
        #expect(texts(table) == ["a0", "a1 edited", "b0", "c0"])

        simulator.userEditsObject(a1) { $0.order = -1 }   // a1 moves before a0
        report = simulator.endTurn()
        #expect(report.isConsistent, "\(report)")
        #expect(texts(table) == ["a1 edited", "a0", "b0", "c0"])
        _ = container
    }
}
