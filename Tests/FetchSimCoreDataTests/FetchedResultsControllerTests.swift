import FetchSimCoreData
import Foundation
import Testing

/// A delegate written as Xcode's template writes it, logging what a table would be told.
final class TemplateDelegate: NSFetchedResultsControllerDelegate {
    var log: [String] = []
    var controllers: [NSFetchedResultsController<NSFetchRequestResult>] = []

    func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        controllers.append(controller)
        log.append("will")
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChange sectionInfo: NSFetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType
    ) {
        switch type {
        case .insert: log.append("section insert \(sectionIndex) \(sectionInfo.name)")
        case .delete: log.append("section delete \(sectionIndex) \(sectionInfo.name)")
        default: return
        }
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?,
        for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        let title = (anObject as? Note)?.title ?? "?"
        switch type {
        case .insert: log.append("insert \(title) \(newIndexPath!)")
        case .delete: log.append("delete \(title) \(indexPath!)")
        case .update: log.append("update \(title) \(indexPath!)")
        case .move: log.append("move \(title) \(indexPath!) \(newIndexPath!)")
        @unknown default: log.append("unknown")
        }
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        log.append("did")
    }
}

@Suite struct FetchedResultsControllerTests {
    /// A controller over `context` ordered by `order`, sectioned by `group` when asked.
    static func controller(_ context: NSManagedObjectContext, sectioned: Bool = false) -> NSFetchedResultsController<
        Note
    > {
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors =
            sectioned
            ? [NSSortDescriptor(key: "group", ascending: true), NSSortDescriptor(key: "order", ascending: true)]
            : [NSSortDescriptor(key: "order", ascending: true)]
        return NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context,
            sectionNameKeyPath: sectioned ? "group" : nil, cacheName: nil)
    }

    @discardableResult
    static func note(_ context: NSManagedObjectContext, _ title: String, _ order: Int64, group: String = "A") -> Note {
        let note = Note(context: context)
        note.title = title
        note.order = order
        note.group = group
        return note
    }

    @Test func templateCodeGetsCallbacksWithTheAppsObjects() throws {
        let context = try NotesModel.container().viewContext
        let milk = Self.note(context, "Milk", 1)
        let bread = Self.note(context, "Bread", 2)
        try context.save()
        let fetchedResultsController = Self.controller(context)
        let delegate = TemplateDelegate()
        fetchedResultsController.delegate = delegate
        try fetchedResultsController.performFetch()
        #expect(fetchedResultsController.fetchedObjects == [milk, bread])
        #expect(fetchedResultsController.sections?.map(\.numberOfObjects) == [2])
        #expect(fetchedResultsController.object(at: IndexPath(row: 1, section: 0)) === bread)
        #expect(fetchedResultsController.indexPath(forObject: milk) == IndexPath(row: 0, section: 0))
        #expect(delegate.log.isEmpty)  // performFetch reports nothing

        Self.note(context, "Eggs", 0)
        context.processPendingChanges()
        #expect(delegate.log == ["will", "insert Eggs [0, 0]", "did"])

        delegate.log = []
        fetchedResultsController.managedObjectContext.delete(milk)
        bread.order = -1
        context.processPendingChanges()
        #expect(delegate.log == ["will", "delete Milk [0, 1]", "move Bread [0, 2] [0, 0]", "did"])

        delegate.log = []
        bread.title = "Rye bread"
        context.processPendingChanges()
        #expect(delegate.log == ["will", "update Rye bread [0, 0]", "did"])
    }

    @Test func sectionsAreReportedWithTheirInfo() throws {
        let context = try NotesModel.container().viewContext
        Self.note(context, "Milk", 1, group: "Groceries")
        let controller = Self.controller(context, sectioned: true)
        let delegate = TemplateDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        Self.note(context, "Report", 1, group: "Work")
        context.processPendingChanges()
        #expect(delegate.log == ["will", "section insert 1 Work", "insert Report [1, 0]", "did"])
        #expect(controller.sections?.map(\.name) == ["Groceries", "Work"])
        #expect(controller.sectionIndexTitles == ["G", "W"])
        #expect(controller.section(forSectionIndexTitle: "W", at: 1) == 1)
        #expect((controller.sections?[1].objects?.first as? Note)?.title == "Report")
    }

    @Test func theDelegatesFaceIsTheSameController() throws {
        let context = try NotesModel.container().viewContext
        let fetchedResultsController = Self.controller(context)
        let delegate = TemplateDelegate()
        fetchedResultsController.delegate = delegate
        try fetchedResultsController.performFetch()
        Self.note(context, "Milk", 1)
        context.processPendingChanges()
        Self.note(context, "Bread", 2)
        context.processPendingChanges()
        let received = try #require(delegate.controllers.first)
        // As app code writes it. Inside `#expect` the operands reach `===` through generic
        // parameters, where Swift's own identity operator is chosen and answers false.
        let identical = received === fetchedResultsController
        #expect(identical)
        #expect(received == fetchedResultsController)
        #expect(!(received as AnyObject === fetchedResultsController as AnyObject))
        #expect(ObjectIdentifier(received) != ObjectIdentifier(fetchedResultsController))
        #expect(delegate.controllers[1] === delegate.controllers[0])
        #expect(ObjectIdentifier(delegate.controllers[1]) == ObjectIdentifier(delegate.controllers[0]))
        #expect(received !== Self.controller(context))
        // The face reads the same results.
        #expect(received.fetchedObjects?.count == 2)
        #expect((received.object(at: IndexPath(row: 0, section: 0)) as? Note)?.title == "Milk")
        #expect(received.managedObjectContext === context)
        #expect(received.delegate === delegate)
    }

    @Test func aControllerDeclaredWithTheProtocolIsTheObjectTheDelegateGets() throws {
        let context = try NotesModel.container().viewContext
        let request = NSFetchRequest<NSFetchRequestResult>(entityName: "Note")
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        let controller = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        let delegate = TemplateDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        Self.note(context, "Milk", 1)
        context.processPendingChanges()
        #expect(ObjectIdentifier(try #require(delegate.controllers.first)) == ObjectIdentifier(controller))
    }

    @Test func objectAtAnIndexPathOutsideTheResultsRecordsApplesException() throws {
        let context = try NotesModel.container().viewContext
        Self.note(context, "Milk", 1)
        let controller = Self.controller(context)
        try controller.performFetch()
        let outside = controller.object(at: IndexPath(row: 3, section: 0))
        #expect(outside.managedObjectContext == nil)
        _ = controller.object(at: IndexPath(row: 0, section: 2))
        let raised = context.raisedExceptions.take()
        #expect(
            raised.map(\.description) == [
                "NSInternalInconsistencyException: no object at index 3 in section at index 0",
                "NSInternalInconsistencyException: no section at index 2",
            ])
    }

    @Test func aRequestWithoutSortDescriptorsIsRefused() throws {
        let context = try NotesModel.container().viewContext
        let controller = NSFetchedResultsController(
            fetchRequest: NSFetchRequest<Note>(entityName: "Note"), managedObjectContext: context,
            sectionNameKeyPath: nil, cacheName: nil)
        #expect(
            context.raisedExceptions.take().map(\.reason) == [
                "An instance of NSFetchedResultsController requires a fetch request with sort descriptors"
            ])
        #expect(throws: CoreDataError.self) { try controller.performFetch() }
    }

    @Test func changingThePredicateAndRefetching() throws {
        let context = try NotesModel.container().viewContext
        Self.note(context, "Milk", 1)
        Self.note(context, "Bread", 2)
        let controller = Self.controller(context)
        try controller.performFetch()
        controller.fetchRequest.predicate = NSPredicate(format: "title == %@", "Bread")
        try controller.performFetch()
        #expect(controller.fetchedObjects?.map(\.title) == ["Bread"])
    }

    @Test func aSortDescriptorFromAKeyPathOfAManagedProperty() throws {
        let context = try NotesModel.container().viewContext
        Self.note(context, "Milk", 2)
        Self.note(context, "Bread", 1)
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(keyPath: \Note.order, ascending: false)]
        #expect(request.sortDescriptors?.first?.key == "order")
        #expect(try context.fetch(request).map(\.title) == ["Milk", "Bread"])
        #expect(NSSortDescriptor(keyPath: \Note.title, ascending: true).key == "title")
    }
}

@Suite struct RefreshTests {
    @Test func refreshingAnObjectReportsItUpdated() throws {
        let context = try NotesModel.container().viewContext
        let groceries = List(context: context)
        groceries.name = "Groceries"
        let milk = FetchedResultsControllerTests.note(context, "Milk", 1)
        milk.list = groceries
        try context.save()
        let controller = FetchedResultsControllerTests.controller(context)
        let delegate = TemplateDelegate()
        controller.delegate = delegate
        try controller.performFetch()

        // A change to the related object alone does not touch the note's row…
        groceries.name = "Shopping"
        context.processPendingChanges()
        #expect(delegate.log.isEmpty)
        // …refreshing the note does.
        context.refresh(milk, mergeChanges: true)
        context.processPendingChanges()
        #expect(delegate.log == ["will", "update Milk [0, 0]", "did"])
        #expect(milk.list?.name == "Shopping")
    }
}
