#if canImport(UIKit)
import CoreData
import UIKit
#else
import FetchSimCoreData
import FetchSimUIKit
#endif

/// A notes list as iOS apps write it: a table view controller, a fetched results controller
/// grouped by `group` and sorted by `order`, Apple's Xcode template delegate (`switch type`), and
/// a reorderable data source whose `moveRowAt` renumbers the notes — with the user-driven flag
/// (`isUserDrivenChange`) or without it.
open class NotesViewController: UITableViewController {
    public let context: NSManagedObjectContext
    public let usesUserDrivenFlag: Bool
    public var isUserDrivenChange = false
    /// The sections the change event being delivered inserts and deletes (section changes come
    /// before object changes): UIKit refuses `moveRow(at:to:)` into a section inserted in the
    /// same batch ("cannot move a row into a newly inserted section") and out of a deleted one.
    var sectionsInsertedNow = IndexSet()
    var sectionsDeletedNow = IndexSet()

    public init(context: NSManagedObjectContext, usesUserDrivenFlag: Bool) {
        self.context = context
        self.usesUserDrivenFlag = usesUserDrivenFlag
        super.init(style: .plain)
    }

    public required init?(coder: NSCoder) { nil }

    public lazy var fetchedResultsController: NSFetchedResultsController<Note> = {
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

    override open func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    }

    // MARK: - Table view data source

    override open func numberOfSections(in tableView: UITableView) -> Int {
        fetchedResultsController.sections?.count ?? 0
    }

    override open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        let sectionInfo = fetchedResultsController.sections![section]
        return sectionInfo.numberOfObjects
    }

    override open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        fetchedResultsController.sections?[section].name
    }

    override open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        let note = fetchedResultsController.object(at: indexPath)
        configureCell(cell, withNote: note)
        return cell
    }

    public func configureCell(_ cell: UITableViewCell, withNote note: Note) {
        cell.textLabel?.text = note.title
    }

    override open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    override open func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {
        if editingStyle == .delete {
            context.delete(fetchedResultsController.object(at: indexPath))
        }
    }

    /// The renumbering loop: the dragged note takes its new group, and every note of the groups
    /// involved gets its new position as its order.
    override open func tableView(
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
    public func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        sectionsInsertedNow = []
        sectionsDeletedNow = []
        guard !isUserDrivenChange else { return }
        tableView.beginUpdates()
    }

    // Section changes are applied even after the user's drag: a drag that empties a section
    // leaves it in the table, and only the controller's delete removes it.
    public func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChange sectionInfo: NSFetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType
    ) {
        switch type {
        case .insert:
            sectionsInsertedNow.insert(sectionIndex)
            tableView.insertSections(IndexSet(integer: sectionIndex), with: .fade)
        case .delete:
            sectionsDeletedNow.insert(sectionIndex)
            tableView.deleteSections(IndexSet(integer: sectionIndex), with: .fade)
        default:
            return
        }
    }

    public func controller(
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
            // A note moved into a group this event creates (or out of one it removes) cannot be a
            // row move: UIKit raises for it, so it is a delete and an insert, as Apple's
            // documentation's own delegate writes every move.
            if sectionsInsertedNow.contains(newIndexPath!.section) || sectionsDeletedNow.contains(indexPath!.section) {
                tableView.deleteRows(at: [indexPath!], with: .fade)
                tableView.insertRows(at: [newIndexPath!], with: .fade)
                return
            }
            if let cell = tableView.cellForRow(at: indexPath!) { configureCell(cell, withNote: anObject as! Note) }
            tableView.moveRow(at: indexPath!, to: newIndexPath!)
        @unknown default:
            return
        }
    }

    public func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        guard !isUserDrivenChange else {
            isUserDrivenChange = false
            return
        }
        tableView.endUpdates()
    }
}
