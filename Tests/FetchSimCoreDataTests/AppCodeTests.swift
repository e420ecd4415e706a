import FetchSimCoreData
import Foundation
import Testing

/// A view controller's Core Data code in the Swift 6 language mode. Core Data's delegate protocol
/// is not main-actor isolated (in Apple's SDK neither), so a main-actor class conforms with
/// `@preconcurrency` — the compiler's own fix-it, the same as on iOS.
@MainActor
final class NotesViewController {
    let container: NSPersistentContainer
    var rows: [String] = []
    var log: [String] = []

    lazy var fetchedResultsController: NSFetchedResultsController<Note> = {
        let fetchRequest: NSFetchRequest<Note> = Note.fetchRequest()
        fetchRequest.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        let controller = NSFetchedResultsController(
            fetchRequest: fetchRequest, managedObjectContext: container.viewContext,
            sectionNameKeyPath: nil, cacheName: nil)
        controller.delegate = self
        return controller
    }()

    init(container: NSPersistentContainer) {
        self.container = container
    }

    func viewDidLoad() throws {
        try fetchedResultsController.performFetch()
        rows = fetchedResultsController.fetchedObjects?.map { $0.title ?? "" } ?? []
    }

    func deleteRow(at indexPath: IndexPath) {
        let note = fetchedResultsController.object(at: indexPath)
        fetchedResultsController.managedObjectContext.delete(note)
    }
}

extension NotesViewController: @preconcurrency NSFetchedResultsControllerDelegate {
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?,
        for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        guard controller === fetchedResultsController else { return }
        switch type {
        case .insert:
            if let newIndexPath { rows.insert((anObject as? Note)?.title ?? "", at: newIndexPath.row) }
        case .delete:
            if let indexPath { rows.remove(at: indexPath.row) }
        case .move:
            // A moved object may have changed too: its row shows it as it is now.
            if let indexPath, let newIndexPath {
                rows.remove(at: indexPath.row)
                rows.insert((anObject as? Note)?.title ?? "", at: newIndexPath.row)
            }
        case .update:
            if let indexPath { rows[indexPath.row] = fetchedResultsController.object(at: indexPath).title ?? "" }
        @unknown default:
            log.append("unknown change")
        }
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        log.append("did \(controller.fetchedObjects?.count ?? 0)")
    }
}

@Suite struct AppCodeTests {
    @Test @MainActor func aMainActorViewControllerKeepsItsRowsInStep() throws {
        let container = try NotesModel.container()
        let context = container.viewContext
        for (title, order) in [("Milk", 1), ("Bread", 2)] {
            let note = Note(context: context)
            note.title = title
            note.order = Int64(order)
        }
        try context.save()
        let controller = NotesViewController(container: container)
        try controller.viewDidLoad()
        #expect(controller.rows == ["Milk", "Bread"])

        let eggs = Note(context: context)
        eggs.title = "Eggs"
        eggs.order = 0
        context.processPendingChanges()
        controller.deleteRow(at: IndexPath(row: 2, section: 0))
        context.processPendingChanges()
        eggs.order = 5
        eggs.title = "Brown eggs"
        context.processPendingChanges()
        #expect(controller.rows == ["Milk", "Brown eggs"])
        #expect(controller.rows == controller.fetchedResultsController.fetchedObjects?.map { $0.title ?? "" })
        #expect(controller.log == ["did 3", "did 2", "did 2"])
    }
}
