import FetchedResults
import ObjectGraph
import Testing

/// Batch requests write the store and tell nobody; a controller's disagreement with a fresh
/// fetch is named precisely (docs/semantics.md, rules 30 and 31).
@Suite struct BatchRequestTests {
    /// A, B, C with orders 1, 2, 3 (C archived), saved; a controller over the unarchived ones by order.
    private func fixture() throws -> (ObjectContext, FetchedResultsController, RecordingDelegate) {
        let context = try makeContext()
        for note in [
            try insertNote(context, "A", order: 1), try insertNote(context, "B", order: 2),
            try insertNote(context, "C", order: 3, archived: true),
        ] {
            try set(context, note, "score", .int(0))
        }
        try context.save()
        let controller = try FetchedResultsController(
            fetchRequest: FetchRequest(
                entityName: "Note", predicate: try Predicate(format: "archived == NO"),
                sortDescriptors: [SortDescriptor(key: "order")]),
            context: context)
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        return (context, controller, delegate)
    }

    @Test func batchUpdateWritesTheStoreOnlyAndReturnsTheIDs() throws {
        let (context, controller, delegate) = try fixture()
        let ids = try BatchRequest.update(
            "Note", predicate: try Predicate(format: "order >= 2"), assignments: [("order", .int(0))]
        )
        .execute(in: context)
        #expect(ids == [ObjectID(2), ObjectID(3)])
        #expect(delegate.lines.isEmpty, "no change event")
        #expect(context.object(with: ObjectID(2))?["order"] == .int(2), "the context still has the old value")
        #expect(!context.hasChanges)
        #expect(try context.committedObjects(ofEntity: "Note").map { $0.values[2] } == [.int(1), .int(0), .int(0)])
        // Fresh fetch (archived == NO by order): B(0), A(1); the controller still has A(1), B(2).
        #expect(
            try controller.differencesFromFreshFetch() == [
                "#2 is at 0.1 but a fresh fetch has it at 0.0",
                "#2 has order=2 but the store has 0",
                "#1 is at 0.0 but a fresh fetch has it at 0.1",
            ])
    }

    @Test func mergingTheReturnedIDsIsOneChangeEventAndTheControllerAgreesAgain() throws {
        let (context, controller, delegate) = try fixture()
        let ids = try BatchRequest.delete("Note", predicate: try Predicate(format: "title == 'A'")).execute(in: context)
        #expect(ids == [ObjectID(1)])
        #expect(
            try controller.differencesFromFreshFetch() == [
                "#2 is at 0.1 but a fresh fetch has it at 0.0",
                "#1 at 0.0 is not in a fresh fetch",
            ])
        try ObjectContext.mergeChanges(fromRemoteContextSave: SaveSummary(deleted: Set(ids)), into: [context])
        #expect(delegate.lines.contains { $0.contains("delete") })
        #expect(try controller.differencesFromFreshFetch().isEmpty)
        #expect(!context.hasChanges)
    }

    @Test func unsavedChangesOfTheContextAreWhatAFreshFetchSees() throws {
        let (context, controller, delegate) = try fixture()
        try set(context, try insertNote(context, "D", order: 0), "score", .int(0))
        try context.processPendingChanges()
        #expect(delegate.lines.contains { $0.contains("insert") })
        let differences = try controller.differencesFromFreshFetch()
        #expect(differences == [], "the controller already shows the unsaved insert")
    }

    @Test func unknownEntityAndAttributeAreErrors() throws {
        let (context, _, _) = try fixture()
        #expect(throws: FetchedResultsError.unknownEntity("Nte")) {
            try BatchRequest.delete("Nte", predicate: nil).execute(in: context)
        }
        #expect(throws: ObjectGraphError.self) {
            try BatchRequest.update("Note", predicate: nil, assignments: [("ordr", .int(1))]).execute(in: context)
        }
    }
}
