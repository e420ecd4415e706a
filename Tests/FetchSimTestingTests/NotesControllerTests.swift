import FetchSimTesting
import Testing

/// The app's entity, written as Xcode generates it, with the two edits Linux forces
/// (`@objc(Note)` gone, `@NSManaged` become `@Managed`).
final class Note: NSManagedObject {
    @nonobjc public class func fetchRequest() -> NSFetchRequest<Note> {
        NSFetchRequest<Note>(entityName: "Note")
    }

    @Managed var title: String?
    @Managed var group: String?
    @Managed var order: Int64
}

/// The model, built in code, and a loaded in-memory container with notes in two groups.
@MainActor
enum NotesStore {
    static func container(groups: [(String, [String])]) throws -> NSPersistentContainer {
        let note = NSEntityDescription()
        note.name = "Note"
        note.managedObjectClassName = NSStringFromClass(Note.self)
        note.properties = [
            attribute("title", .stringAttributeType, optional: true, default: nil),
            attribute("group", .stringAttributeType, optional: true, default: nil),
            attribute("order", .integer64AttributeType, optional: false, default: Int64(0)),
        ]
        let model = NSManagedObjectModel()
        model.entities = [note]
        let container = NSPersistentContainer(name: "Notes", managedObjectModel: model)
        var failure: (any Error)?
        container.loadPersistentStores { _, error in failure = error }
        if let failure { throw failure }
        for (group, titles) in groups {
            for (index, title) in titles.enumerated() {
                let item = Note(context: container.viewContext)
                item.title = title
                item.group = group
                item.order = Int64(index)
            }
        }
        try container.viewContext.save()
        return container
    }

    private static func attribute(_ name: String, _ type: NSAttributeType, optional: Bool, default value: Any?)
        -> NSAttributeDescription
    {
        let attribute = NSAttributeDescription()
        attribute.name = name
        attribute.attributeType = type
        attribute.isOptional = optional
        attribute.defaultValue = value
        return attribute
    }
}

/// A notes list as iOS apps write it: a table view controller, a fetched results controller
/// grouped by `group` and sorted by `order`, Apple's Xcode template delegate (`switch type`), and
/// a reorderable data source whose `moveRowAt` renumbers the notes — with the user-driven flag
/// (`isUserDrivenChange`) or without it.
class NotesViewController: UITableViewController {
    let context: NSManagedObjectContext
    let usesUserDrivenFlag: Bool
    var isUserDrivenChange = false

    init(context: NSManagedObjectContext, usesUserDrivenFlag: Bool) {
        self.context = context
        self.usesUserDrivenFlag = usesUserDrivenFlag
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) { nil }

    lazy var fetchedResultsController: NSFetchedResultsController<Note> = {
        let fetchRequest: NSFetchRequest<Note> = Note.fetchRequest()
        fetchRequest.sortDescriptors = [
            NSSortDescriptor(key: "group", ascending: true), NSSortDescriptor(key: "order", ascending: true),
        ]
        let controller = NSFetchedResultsController(
            fetchRequest: fetchRequest, managedObjectContext: context,
            sectionNameKeyPath: "group", cacheName: nil)
        controller.delegate = self
        try? controller.performFetch()
        return controller
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    }

    // MARK: - Table view data source

    override func numberOfSections(in tableView: UITableView) -> Int {
        fetchedResultsController.sections?.count ?? 0
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        let sectionInfo = fetchedResultsController.sections![section]
        return sectionInfo.numberOfObjects
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        fetchedResultsController.sections?[section].name
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        let note = fetchedResultsController.object(at: indexPath)
        configureCell(cell, withNote: note)
        return cell
    }

    func configureCell(_ cell: UITableViewCell, withNote note: Note) {
        cell.textLabel?.text = note.title
    }

    override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    override func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {
        if editingStyle == .delete {
            context.delete(fetchedResultsController.object(at: indexPath))
        }
    }

    /// The renumbering loop: the dragged note takes its new group, and every note of the groups
    /// involved gets its new position as its order.
    override func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        if usesUserDrivenFlag { isUserDrivenChange = true }
        guard let sections = fetchedResultsController.sections else { return }
        var groups = sections.map { ($0.objects as? [Note]) ?? [] }
        let note = groups[sourceIndexPath.section].remove(at: sourceIndexPath.row)
        groups[destinationIndexPath.section].insert(note, at: destinationIndexPath.row)
        note.group = sections[destinationIndexPath.section].name
        for section in Set([sourceIndexPath.section, destinationIndexPath.section]) {
            for (index, note) in groups[section].enumerated() where note.order != Int64(index) {
                note.order = Int64(index)
            }
        }
    }
}

// MARK: - Fetched results controller (Apple's Xcode template)

extension NotesViewController: @preconcurrency NSFetchedResultsControllerDelegate {
    func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        guard !isUserDrivenChange else { return }
        tableView.beginUpdates()
    }

    // Section changes are applied even after the user's drag: a drag that empties a section
    // leaves it in the table, and only the controller's delete removes it.
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChange sectionInfo: NSFetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType
    ) {
        switch type {
        case .insert:
            tableView.insertSections(IndexSet(integer: sectionIndex), with: .fade)
        case .delete:
            tableView.deleteSections(IndexSet(integer: sectionIndex), with: .fade)
        default:
            return
        }
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        guard !isUserDrivenChange else { return }
        switch type {
        case .insert:
            tableView.insertRows(at: [newIndexPath!], with: .fade)
        case .delete:
            tableView.deleteRows(at: [indexPath!], with: .fade)
        case .update:
            // The template force-unwraps the cell, which traps for a row off screen; `if let` here.
            if let cell = tableView.cellForRow(at: indexPath!) { configureCell(cell, withNote: anObject as! Note) }
        case .move:
            if let cell = tableView.cellForRow(at: indexPath!) { configureCell(cell, withNote: anObject as! Note) }
            tableView.moveRow(at: indexPath!, to: newIndexPath!)
        @unknown default:
            return
        }
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        guard !isUserDrivenChange else {
            isUserDrivenChange = false
            return
        }
        tableView.endUpdates()
    }
}

// Expectations derived by hand from UIKit's rules (docs/semantics.md rules 2, 8, 13–19) and the
// controller's reports (rule 19: since iOS 10 the dragged note is a move and the notes it shifts
// are updates).
@MainActor
@Suite struct NotesControllerTests {
    /// Groups A = [a0, a1] and B = [b0, b1]: sections 0 and 1.
    private func simulator(flag: Bool) throws -> (Simulator, NotesViewController, NSPersistentContainer) {
        let container = try NotesStore.container(groups: [("A", ["a0", "a1"]), ("B", ["b0", "b1"])])
        let controller = NotesViewController(context: container.viewContext, usesUserDrivenFlag: flag)
        let simulator = try #require(Simulator(viewController: controller, context: container.viewContext))
        return (simulator, controller, container)
    }

    private func titles(_ table: UITableView) -> [String?] { table.visibleCells.map { $0.textLabel?.text } }

    @Test func theFlaggedControllerStaysConsistentThroughADragAcrossSections() throws {
        let (simulator, controller, container) = try simulator(flag: true)
        #expect(titles(controller.tableView) == ["a0", "a1", "b0", "b1"])
        try simulator.userMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 1))
        let report = simulator.endTurn()
        #expect(report.isConsistent, "\(report)")
        #expect(titles(controller.tableView) == ["a1", "b0", "a0", "b1"])
        #expect(controller.fetchedResultsController.fetchedObjects?.map(\.title) == ["a1", "b0", "a0", "b1"])
        #expect(report.calls == ["user moves row 0.0 to 1.1"])
        _ = container
    }

    @Test func theUnflaggedControllerIsCaughtWithUIKitsWords() throws {
        let (simulator, controller, container) = try simulator(flag: false)
        try simulator.userMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 1))
        let report = simulator.endTurn()
        #expect(!report.isConsistent)
        // The table already shows the drag (section 0 has 1 row, section 1 has 3); the template
        // moves a0 again, out of section 0: 1 row before, 1 after, 1 moved out cannot add up.
        #expect(report.exception?.name == .internalInconsistencyException)
        #expect(
            report.exception?.reason
                == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (1) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 1 moved out). Table view: <UITableView: 0x7fa5c0008000>"
        )
        #expect(report.calls.first == "user moves row 0.0 to 1.1")
        #expect(report.calls.contains("moveRow 0.0 → 1.1"))
        _ = (controller, container)
    }

    @Test func aDeleteAndAnEditGoThroughTheTemplate() throws {
        let (simulator, controller, container) = try simulator(flag: true)
        try simulator.userDeleteRow(at: IndexPath(row: 1, section: 1))
        var report = simulator.endTurn()
        #expect(report.isConsistent, "\(report)")
        #expect(report.calls == ["user deletes row 1.1", "beginUpdates", "deleteRows [1.1]", "endUpdates"])
        let first = controller.fetchedResultsController.object(at: IndexPath(row: 0, section: 0))
        simulator.userEditsObject(first) { $0.title = "a0 renamed" }
        report = simulator.endTurn()
        #expect(report.isConsistent, "\(report)")
        #expect(titles(controller.tableView) == ["a0 renamed", "a1", "b0"])
        _ = container
    }

    @Test func aFlaggedDragThatEmptiesASectionLetsTheControllerDeleteIt() throws {
        let container = try NotesStore.container(groups: [("A", ["a0"]), ("B", ["b0"])])
        let controller = NotesViewController(context: container.viewContext, usesUserDrivenFlag: true)
        let simulator = try #require(Simulator(viewController: controller, context: container.viewContext))
        try simulator.userMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 1))
        let report = simulator.endTurn()
        // The drag leaves section 0 empty in the table; the controller's section delete removes it.
        #expect(report.isConsistent, "\(report)")
        #expect(report.calls == ["user moves row 0.0 to 1.1", "deleteSections [0]"])
        #expect(controller.tableView.numberOfSections == 1)
        #expect(titles(controller.tableView) == ["b0", "a0"])
    }

    @Test func anUnregisteredIdentifierReachesTheTurnReport() throws {
        final class Forgetful: NotesViewController {
            override func viewDidLoad() {}  // registers nothing
        }
        let container = try NotesStore.container(groups: [("A", ["a0"])])
        let controller = Forgetful(context: container.viewContext, usesUserDrivenFlag: true)
        let simulator = try #require(Simulator(viewController: controller, context: container.viewContext))
        let report = simulator.endTurn()
        #expect(
            report.exceptions.map(\.description) == [
                "NSInternalInconsistencyException: unable to dequeue a cell with identifier Cell - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
            ])
    }

    private func fuzzTarget(flag: Bool) -> FuzzTarget {
        let container = try! NotesStore.container(groups: [
            ("A", ["a0", "a1", "a2"]), ("B", ["b0", "b1"]), ("C", ["c0"]),
        ])
        let context = container.viewContext
        let controller = NotesViewController(context: context, usesUserDrivenFlag: flag)
        let simulator = Simulator(viewController: controller, context: context)!
        return FuzzTarget(
            simulator: simulator, keepAlive: [container, controller],
            insert: { n in
                let groups = ["A", "B", "C"]
                let note = Note(context: context)
                note.title = "new \(n)"
                note.group = groups[n % groups.count]
                note.order = Int64(100 + n)
            },
            edit: { n in
                let notes = (try? context.fetch(Note.fetchRequest() as NSFetchRequest<Note>)) ?? []
                guard !notes.isEmpty else { return }
                notes[n % notes.count].title = "note \(n)"
            })
    }

    @Test func theFuzzerKeepsTheFlaggedControllerConsistent() {
        let result = Simulator.fuzz(seed: 3, batches: 200) { fuzzTarget(flag: true) }
        #expect(result.failure == nil, "\(result)")
    }

    @Test func theFuzzerCatchesTheUnflaggedControllerAndShrinksIt() throws {
        let result = Simulator.fuzz(seed: 3, batches: 200) { fuzzTarget(flag: false) }
        let failure = try #require(result.failure)
        // Shrunk to one drag across sections. By hand: a2 (row 0.2) dropped after c0 leaves the
        // table with 2 rows in section 0; the template moves row 0.2 again, which no longer exists.
        #expect(failure.originalStepCount > 2)
        #expect(
            failure.steps == [.drag(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 1, section: 2)), .endTurn])
        #expect(
            failure.transcript == """
                # fuzz failure: 2 steps (shrunk from \(failure.originalStepCount))
                user drags row 0.2 to 2.1
                end turn
                → NSInternalInconsistencyException: attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 2}) that does not exist - there are only 2 rows in section 0 before the update

                """)
    }
}
