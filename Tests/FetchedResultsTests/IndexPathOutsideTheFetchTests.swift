import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// `indexPath(forObject:)` of an object the fetch does not hold is nil (Apple's documentation:
/// "The index path of object in the receiver's fetch results, or nil if object could not be
/// found"; issue 33 item 11): one the predicate leaves out, one of another entity, a deleted one.
@Suite struct IndexPathOutsideTheFetchTests {
    @Test func objectsOutsideTheResultsHaveNoIndexPath() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "Note", attributes: [Attribute("title", .string), Attribute("order", .int)]))
        try context.define(Entity(name: "List", attributes: [Attribute("name", .string)]))
        let kept = try context.insert("Note", values: [("title", .string("a")), ("order", .int(1))])
        let filtered = try context.insert("Note", values: [("title", .string("b")), ("order", .int(50))])
        let other = try context.insert("List", values: [("name", .string("Groceries"))])
        try context.processPendingChanges()
        let request = FetchRequest(
            entityName: "Note", predicate: try Predicate(format: "order < 10"),
            sortDescriptors: [SortDescriptor(key: "order")])
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        #expect(controller.indexPath(forObject: kept) == IndexPath(row: 0, section: 0))
        #expect(controller.indexPath(forObject: filtered) == nil)
        #expect(controller.indexPath(forObject: other) == nil)
        try context.delete(kept.objectID)
        try context.processPendingChanges()
        #expect(controller.indexPath(forObject: kept) == nil)
        #expect(delegate.take().contains("object #1 delete 0.0 nil"), "tracked while the delegate lives")
    }
}
