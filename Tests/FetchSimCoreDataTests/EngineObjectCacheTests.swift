import FetchSimCoreData
import Foundation
import Testing

/// A managed object keeps the engine's object it read last and reads through it while nothing
/// can have replaced it. These are the events that put another engine object under the same
/// object, or take the object's context away: after each, a write and a read of the same object
/// must meet (a stale engine object would take the read to the old one), and what is gone reads
/// its last values, as in Core Data.
@Suite struct EngineObjectCacheTests {
    /// A saved note, read once so that it holds its engine object.
    private static func savedNote(_ context: NSManagedObjectContext, _ title: String) throws -> Note {
        let note = FetchedResultsControllerTests.note(context, title, 1)
        try context.save()
        #expect(note.title == title)
        return note
    }

    /// Rolling back the delete of a saved note brings back its saved values, in an engine object
    /// made anew from the store.
    @Test func rollbackOfADeleteReadsTheSavedObject() throws {
        let context = try NotesModel.container().viewContext
        let note = try Self.savedNote(context, "Milk")
        note.title = "Oat milk"
        context.processPendingChanges()
        context.delete(note)
        context.processPendingChanges()
        #expect(note.title == "Oat milk")  // a deleted object stays readable
        context.rollback()
        #expect(note.isDeleted == false)
        #expect(note.managedObjectContext === context)
        #expect(note.title == "Milk")
        note.title = "Tea"
        #expect(note.title == "Tea")
        #expect(note.value(forKey: "title") as? String == "Tea")
    }

    /// Rolling back an insert takes the object out of its context; it keeps its last values.
    @Test func rollbackOfAnInsertLeavesTheObjectWithoutAContext() throws {
        let context = try NotesModel.container().viewContext
        let note = FetchedResultsControllerTests.note(context, "Milk", 1)
        context.processPendingChanges()
        #expect(note.title == "Milk")
        context.rollback()
        #expect(note.managedObjectContext == nil)
        #expect(note.title == "Milk")
        #expect(try context.count(for: Note.fetchRequest()) == 0)
    }

    /// Undoing a delete brings the object back; redoing it deletes it again.
    @Test func undoOfADeleteBringsTheObjectBack() throws {
        let context = try NotesModel.container().viewContext
        context.undoManager = UndoManager()
        let note = try Self.savedNote(context, "Milk")
        context.delete(note)
        context.processPendingChanges()
        #expect(note.isDeleted)
        #expect(note.title == "Milk")
        context.undo()
        #expect(note.isDeleted == false)
        note.title = "Tea"
        #expect(note.title == "Tea")
        context.processPendingChanges()
        let fetched = try context.fetch(Note.fetchRequest())
        #expect(fetched.map(\.title) == ["Tea"])
        #expect(fetched.first === note)
    }

    /// After `reset()` the object has no context and reads its last values; the context's new
    /// object for the same row is another instance, whose edits do not reach the old one.
    @Test func resetLeavesTheOldObjectItsLastValues() throws {
        let context = try NotesModel.container().viewContext
        let note = try Self.savedNote(context, "Milk")
        note.title = "Oat milk"
        context.reset()
        #expect(note.managedObjectContext == nil)
        #expect(note.title == "Oat milk")
        let fresh = try #require(try context.fetch(Note.fetchRequest()).first)
        #expect(fresh !== note)
        #expect(fresh.title == "Milk")
        fresh.title = "Tea"
        context.processPendingChanges()
        #expect(fresh.title == "Tea")
        #expect(note.title == "Oat milk")
    }

    /// What another context saves, merged, reaches the objects this context holds.
    @Test func aMergeReachesTheObjectsHeld() throws {
        let container = try NotesModel.container()
        let context = container.viewContext
        context.automaticallyMergesChangesFromParent = true
        let note = try Self.savedNote(context, "Milk")
        let other = container.newBackgroundContext()
        let theirs = try #require(try other.fetch(Note.fetchRequest()).first)
        theirs.title = "Tea"
        try other.save()
        #expect(note.title == "Tea")
        note.title = "Coffee"
        #expect(note.title == "Coffee")
    }
}
