import Foundation
import Testing

// App code as Xcode's Core Data templates and tutorials write it, built in the Swift 5 language
// mode (this target's setting) with only the import changed.
#if canImport(CoreData)
import CoreData
#else
import FetchSimCoreData
#endif

// Xcode's generated class, with the two Linux edits: `@objc(Event)` gone, `@NSManaged` become `@Managed`.
public class Event: NSManagedObject {
    @nonobjc public class func fetchRequest() -> NSFetchRequest<Event> {
        return NSFetchRequest<Event>(entityName: "Event")
    }

    @Managed public var timestamp: Date?
    @Managed public var title: String?
}

/// The template's Core Data stack and master view controller logic, minus the table (so not on
/// the main actor: a main-actor class conforming to the delegate protocol is a warning in this
/// mode and an error in Swift 6, as on iOS — see AppCodeTests in FetchSimCoreDataTests).
final class MasterViewController: NSFetchedResultsControllerDelegate {
    var log: [String] = []

    lazy var persistentContainer: NSPersistentContainer = {
        let container = NSPersistentContainer(name: "Events", managedObjectModel: Self.model())
        container.loadPersistentStores(completionHandler: { (storeDescription, error) in
            if let error = error as NSError? {
                fatalError("Unresolved error \(error), \(error.userInfo)")
            }
        })
        return container
    }()

    var managedObjectContext: NSManagedObjectContext { persistentContainer.viewContext }

    func saveContext() {
        let context = persistentContainer.viewContext
        if context.hasChanges {
            do {
                try context.save()
            } catch {
                let nserror = error as NSError
                fatalError("Unresolved error \(nserror), \(nserror.userInfo)")
            }
        }
    }

    func insertNewObject(_ sender: Any) {
        let context = self.fetchedResultsController.managedObjectContext
        let newEvent = Event(context: context)
        newEvent.timestamp = Date(timeIntervalSinceReferenceDate: Double(log.count))
        newEvent.title = "Event \(log.count)"
        saveContext()
    }

    var fetchedResultsController: NSFetchedResultsController<Event> {
        if _fetchedResultsController != nil {
            return _fetchedResultsController!
        }
        let fetchRequest: NSFetchRequest<Event> = Event.fetchRequest()
        fetchRequest.fetchBatchSize = 20
        let sortDescriptor = NSSortDescriptor(key: "timestamp", ascending: false)
        fetchRequest.sortDescriptors = [sortDescriptor]
        let aFetchedResultsController = NSFetchedResultsController(
            fetchRequest: fetchRequest, managedObjectContext: self.managedObjectContext,
            sectionNameKeyPath: nil, cacheName: "Master")
        aFetchedResultsController.delegate = self
        _fetchedResultsController = aFetchedResultsController
        do {
            try _fetchedResultsController!.performFetch()
        } catch {
            let nserror = error as NSError
            fatalError("Unresolved error \(nserror), \(nserror.userInfo)")
        }
        return _fetchedResultsController!
    }
    var _fetchedResultsController: NSFetchedResultsController<Event>? = nil

    func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        log.append("beginUpdates")
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChange sectionInfo: NSFetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType
    ) {
        switch type {
        case .insert: log.append("insertSections \(sectionIndex)")
        case .delete: log.append("deleteSections \(sectionIndex)")
        default: return
        }
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?,
        for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        switch type {
        case .insert:
            log.append("insertRows \(newIndexPath!)")
        case .delete:
            log.append("deleteRows \(indexPath!)")
        case .update:
            log.append("configureCell \(indexPath!) \((anObject as! Event).title ?? "")")
        case .move:
            log.append("moveRow \(indexPath!) \(newIndexPath!)")
        @unknown default:
            fatalError()
        }
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        log.append("endUpdates")
    }

    func commitDelete(at indexPath: IndexPath) {
        let context = fetchedResultsController.managedObjectContext
        context.delete(fetchedResultsController.object(at: indexPath))
        saveContext()
    }

    static func model() -> NSManagedObjectModel {
        let timestamp = NSAttributeDescription()
        timestamp.name = "timestamp"
        timestamp.attributeType = .dateAttributeType
        let title = NSAttributeDescription()
        title.name = "title"
        title.attributeType = .stringAttributeType
        let event = NSEntityDescription()
        event.name = "Event"
        event.managedObjectClassName = NSStringFromClass(Event.self)
        event.properties = [timestamp, title]
        let model = NSManagedObjectModel()
        model.entities = [event]
        return model
    }
}

@Suite struct Swift5ModeTests {
    @Test func theTemplatesCodeRunsInTheSwift5Mode() {
        let controller = MasterViewController()
        NSFetchedResultsController<NSFetchRequestResult>.deleteCache(withName: "Master")
        #expect(controller.fetchedResultsController.fetchedObjects?.count == 0)
        controller.insertNewObject(controller)
        controller.insertNewObject(controller)
        #expect(
            controller.log == [
                "beginUpdates", "insertRows [0, 0]", "endUpdates", "beginUpdates", "insertRows [0, 0]", "endUpdates",
            ])
        controller.log = []
        controller.commitDelete(at: IndexPath(row: 1, section: 0))
        #expect(controller.log == ["beginUpdates", "deleteRows [0, 1]", "endUpdates"])
        // Titles name the log's length at insertion: 0, then 3; newest first, row 1 is "Event 0".
        #expect(controller.fetchedResultsController.fetchedObjects?.map(\.title) == ["Event 3"])
    }
}
