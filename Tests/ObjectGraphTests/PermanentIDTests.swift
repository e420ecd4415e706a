import ObjectGraph
import Testing

/// Temporary IDs become permanent at save, or earlier with obtainPermanentIDs (issue 33 item 7;
/// Core Data's `NSManagedObjectID.isTemporaryID` and `obtainPermanentIDs(for:)` documentation:
/// "a new object's ID is temporary until the object is saved").
@Suite struct PermanentIDTests {
    private func context() throws -> ObjectContext {
        let context = try ObjectContext()
        try context.define(Entity(name: "Note", attributes: [Attribute("title", .string)]))
        return context
    }

    @Test func anInsertedObjectIsTemporaryUntilSaved() throws {
        let context = try context()
        let note = try context.insert("Note", values: [("title", .string("Milk"))])
        #expect(context.isTemporaryID(note.objectID))
        try context.processPendingChanges()
        #expect(context.isTemporaryID(note.objectID))
        var mutated: [[ObjectID]] = []
        context.addObserver { if case .objectIDsMutated(let ids) = $0 { mutated.append(ids) } }
        try context.save()
        #expect(!context.isTemporaryID(note.objectID))
        #expect(mutated == [[note.objectID]])
        // Editing a saved object does not make its ID temporary again, nor does a second save.
        try context.setValue(.string("Oat milk"), forKey: "title", of: note.objectID)
        try context.save()
        #expect(!context.isTemporaryID(note.objectID))
        #expect(mutated.count == 1)
    }

    @Test func obtainPermanentIDsPostsOnceAndTheSaveThenNothing() throws {
        let context = try context()
        let a = try context.insert("Note", values: [("title", .string("A"))]).objectID
        let b = try context.insert("Note", values: [("title", .string("B"))]).objectID
        try context.processPendingChanges()
        var mutated: [[ObjectID]] = []
        context.addObserver { if case .objectIDsMutated(let ids) = $0 { mutated.append(ids) } }
        #expect(try context.obtainPermanentIDs(for: [b, a, b]) == [a, b])
        #expect(!context.isTemporaryID(a) && !context.isTemporaryID(b))
        #expect(try context.obtainPermanentIDs(for: [a]) == [], "already permanent")
        try context.save()
        #expect(mutated == [[a, b]], "the save has no temporary ID left to change")
    }

    @Test func aRollbackForgetsObtainedIDs() throws {
        let context = try context()
        let a = try context.insert("Note", values: [("title", .string("A"))]).objectID
        try context.processPendingChanges()
        try context.obtainPermanentIDs(for: [a])
        try context.rollback()
        #expect(context.object(with: a) == nil)
        #expect(!context.isTemporaryID(a), "no object, no temporary ID")
    }
}
