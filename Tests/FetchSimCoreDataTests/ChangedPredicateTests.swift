import FetchSimCoreData
import Foundation
import Testing

/// Setting an existing controller's `fetchRequest.predicate` without refetching (issue 33 item
/// 11): Core Data reads the predicate again at every change, so the next insert is judged by the
/// new one while the fetched objects stay as fetched.
@Suite struct ChangedPredicateTests {
    @Test func theNextChangeIsJudgedByTheNewPredicate() throws {
        let context = try NotesModel.container().viewContext
        FetchedResultsControllerTests.note(context, "Milk", 1)
        FetchedResultsControllerTests.note(context, "Cake", 50)
        try context.save()
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        request.predicate = NSPredicate(format: "order < 10")
        let controller = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context,
            sectionNameKeyPath: nil, cacheName: nil)
        let delegate = TemplateDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        #expect(controller.fetchedObjects?.map { $0.title ?? "" } == ["Milk"])

        controller.fetchRequest.predicate = NSPredicate(format: "order < 100")
        FetchedResultsControllerTests.note(context, "Jam", 60)
        context.processPendingChanges()
        #expect(delegate.log == ["will", "insert Jam [0, 1]", "did"])
        #expect(controller.fetchedObjects?.map { $0.title ?? "" } == ["Milk", "Jam"], "Cake waits for a refetch")
        try controller.performFetch()
        #expect(controller.fetchedObjects?.map { $0.title ?? "" } == ["Milk", "Cake", "Jam"])
    }
}
