import FetchSimCore
import FetchedResults
import ObjectGraph
import Testing

/// The README's "As a library" example, line for line, so that it keeps compiling and doing
/// what the README says: one change event, delivered in Apple's order.
@Suite struct ReadmeExampleTests {
    @Test func theLibraryExampleRunsAsTheReadmeSays() throws {
        let myDelegate = RecordingDelegate()

        let context = try ObjectContext()
        try context.define(Entity(name: "Note", attributes: [Attribute("title", .string), Attribute("order", .int)]))
        let request = FetchRequest(
            entityName: "Note",
            predicate: try Predicate(format: "title BEGINSWITH[c] %@", arguments: [.value(.string("m"))]),
            sortDescriptors: [SortDescriptor(key: "order")])
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        controller.delegate = myDelegate  // tracking is opt-in, as with Apple's
        try controller.performFetch()
        try context.insert("Note", values: [("title", .string("Milk")), ("order", .int(0))])
        try context.processPendingChanges()  // one change event: willChange → sections → objects → didChange

        #expect(myDelegate.take() == ["willChange", "object #1 insert nil 0.0", "didChange"])
        // "Tea" does not begin with "m": not fetched, not reported.
        try context.insert("Note", values: [("title", .string("Tea")), ("order", .int(1))])
        try context.processPendingChanges()
        #expect(myDelegate.take() == [])
        #expect(controller.fetchedObjects?.map(\.objectID) == [ObjectID(1)])
    }
}
