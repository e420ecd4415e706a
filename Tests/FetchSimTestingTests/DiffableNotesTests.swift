import FetchSimTesting
import Testing

/// The iOS 13 way to reorder with a diffable table: a subclass that allows moves and writes the
/// new order to the model in `moveRowAt` — calling `super` (which moves the item in the data
/// source's snapshot) or not.
final class ReorderingNotesDataSource: UITableViewDiffableDataSource<String, NSManagedObjectID> {
    var context: NSManagedObjectContext?
    var callsSuper = true

    override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    override func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        let before = snapshot()
        if callsSuper { super.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath) }
        guard let context else { return }
        // The renumbering loop over the destination section's notes in their new order.
        let section = before.sectionIdentifiers[destinationIndexPath.section]
        var ids = before.itemIdentifiers(inSection: section)
        let moved = before.itemIdentifiers(inSection: before.sectionIdentifiers[sourceIndexPath.section])[sourceIndexPath.row]
        ids.removeAll { $0 == moved }
        ids.insert(moved, at: destinationIndexPath.row)
        for (index, id) in ids.enumerated() {
            guard let note = context.object(with: id) as? Note else { continue }
            note.group = section
            note.order = Int64(index)
        }
    }
}

/// The diffable variant of the notes list, as iOS 13+ apps write it: the controller's snapshot
/// delegate applies each snapshot to a `UITableViewDiffableDataSource` keyed by object ID.
final class DiffableNotesViewController: UIViewController {
    let context: NSManagedObjectContext
    var tableView: UITableView!
    var dataSource: UITableViewDiffableDataSource<String, NSManagedObjectID>!
    let reorder: ReorderingNotesDataSource.Type?
    var callsSuper = true

    init(context: NSManagedObjectContext, reorder: ReorderingNotesDataSource.Type? = nil) {
        self.context = context
        self.reorder = reorder
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
        let cellProvider: UITableViewDiffableDataSource<String, NSManagedObjectID>.CellProvider = { [context] tableView, indexPath, objectID in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = (context.object(with: objectID) as? Note)?.title
            cell.contentConfiguration = content
            return cell
        }
        if let reorder {
            let reordering = reorder.init(tableView: tableView, cellProvider: cellProvider)
            reordering.context = context
            reordering.callsSuper = callsSuper
            dataSource = reordering
        } else {
            dataSource = UITableViewDiffableDataSource(tableView: tableView, cellProvider: cellProvider)
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

    private func fuzzTarget(callsSuper: Bool) -> FuzzTarget {
        let container = try! NotesStore.container(groups: [("A", ["a0", "a1", "a2"]), ("B", ["b0", "b1"])])
        let context = container.viewContext
        let controller = DiffableNotesViewController(context: context, reorder: ReorderingNotesDataSource.self)
        controller.callsSuper = callsSuper
        return FuzzTarget(
            simulator: Simulator(viewController: controller, context: context)!, keepAlive: [container, controller],
            insert: { n in
                let note = Note(context: context)
                note.title = "new \(n)"
                note.group = n % 2 == 0 ? "A" : "B"
                note.order = Int64(100 + n)
            },
            edit: { n in
                let notes = (try? context.fetch(Note.fetchRequest() as NSFetchRequest<Note>)) ?? []
                guard !notes.isEmpty else { return }
                notes[n % notes.count].title = "note \(n)"
            })
    }

    @Test func aReorderingSubclassThatCallsSuperStaysConsistentUnderTheFuzzer() {
        let result = Simulator.fuzz(seed: 9, batches: 300) { fuzzTarget(callsSuper: true) }
        #expect(result.failure == nil, "\(result)")
    }

    @Test func aReorderingSubclassWithoutSuperIsCaught() throws {
        // D4: the data source keeps the order from before the drag, so the controller's next
        // snapshot moves the row a second time.
        let result = Simulator.fuzz(seed: 9, batches: 300) { fuzzTarget(callsSuper: false) }
        let failure = try #require(result.failure)
        // By hand: b0 dropped at the end of A leaves the table with A = 4 rows; the snapshot still
        // has b0 in B, so the controller's snapshot moves it into A again (a reloaded item that
        // moves is deleted and inserted) and reloads a0–a2, renumbered: 4 + 4 − 3 ≠ 4.
        #expect(failure.steps == [.drag(from: IndexPath(row: 0, section: 1), to: IndexPath(row: 3, section: 0)), .endTurn])
        #expect(failure.report.exception?.reason?.hasPrefix("Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (4) must be equal to the number of rows contained in that section before the update (4), plus or minus the number of rows inserted or deleted from that section (4 inserted, 3 deleted)") == true)
    }
}
