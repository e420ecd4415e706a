import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// A controller reads its request's predicate again at every change event (issue 33 item 11; the
/// decompilation of iOS 18.2's `_core_managedObjectContextDidChange:`): a changed predicate
/// decides the membership of the objects reported changed, while the fetched ones stay as
/// fetched until `performFetch()`. Expectations by hand.
@Suite struct PredicateRereadTests {
    @Test func aChangedPredicateAppliesToChangedObjectsOnly() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "Note", attributes: [Attribute("title", .string), Attribute("order", .int)]))
        for (order, title) in [(1, "a"), (5, "b"), (50, "c")] {
            try context.insert("Note", values: [("title", .string(title)), ("order", .int(order))])
        }
        try context.processPendingChanges()
        let request = FetchRequest(
            entityName: "Note", predicate: try Predicate(format: "order < 10"),
            sortDescriptors: [SortDescriptor(key: "order")])
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        var predicate = try Predicate(format: "order < 10")
        controller.predicateSource = { predicate }
        #expect(controller.fetchedObjects?.map(\.objectID) == [ObjectID(1), ObjectID(2)])

        // The app widens the predicate; c (#3, 50) is not refetched, but an insert at 60 enters.
        predicate = try Predicate(format: "order < 100")
        try context.insert("Note", values: [("title", .string("d")), ("order", .int(60))])
        try context.processPendingChanges()
        #expect(controller.fetchedObjects?.map(\.objectID) == [ObjectID(1), ObjectID(2), ObjectID(4)])
        #expect(controller.currentPredicate == predicate)
        // Editing c makes it a candidate: it enters now.
        try context.setValue(.string("c2"), forKey: "title", of: ObjectID(3))
        try context.processPendingChanges()
        #expect(controller.fetchedObjects?.map(\.objectID) == [ObjectID(1), ObjectID(2), ObjectID(3), ObjectID(4)])
        // Narrowed: b (#2, 5) stays until it changes, then leaves.
        predicate = try Predicate(format: "order < 3")
        try context.setValue(.string("b2"), forKey: "title", of: ObjectID(2))
        try context.processPendingChanges()
        #expect(controller.fetchedObjects?.map(\.objectID) == [ObjectID(1), ObjectID(3), ObjectID(4)])
        #expect(delegate.take().contains("object #2 delete 0.1 nil"))
    }
}
