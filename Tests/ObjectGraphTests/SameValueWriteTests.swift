import ObjectGraph
import Testing

/// Issue 17 item 5: Core Data marks an object updated when a setter runs, whatever the value —
/// `isUpdated` true with an empty `changedValues()` (openradar 23037698; Mantle #284; RZImport
/// #19; the guntistreulands.github.io "controllerDidChangeContent" page: disable then enable a
/// store, save, and the store is still reported changed).
@Suite struct SameValueWriteTests {
    @Test func writingTheValueAnObjectHasIsAnUpdateWithNoChangedValues() throws {
        let context = try makeNoteContext()
        let log = NotificationLog(context)
        let milk = try context.insert("Note", values: [("title", .string("Milk")), ("order", .int(0))])
        try context.processPendingChanges()

        try context.setValue(.string("Milk"), forKey: "title", of: milk.objectID)
        #expect(context.hasPendingChanges)
        let event = try #require(try context.processPendingChanges())
        #expect(event.updated.map(\.objectID) == [milk.objectID])
        #expect(event.changedValues[milk.objectID] == [])
        #expect(log.lines.last == ##"didChange ins=[] upd=["#1[]"] del=[]"##)
    }

    @Test func aValueSetAndSetBackInOneEventIsStillAnUpdate() throws {
        let context = try makeNoteContext()
        let log = NotificationLog(context)
        let store = try context.insert("Note", values: [("title", .string("Store 1")), ("done", .bool(true))])
        try context.processPendingChanges()

        // The page's scenario: disable, enable again, end of the event.
        try context.setValue(.bool(false), forKey: "done", of: store.objectID)
        try context.setValue(.bool(true), forKey: "done", of: store.objectID)
        try context.processPendingChanges()
        #expect(log.lines.last == ##"didChange ins=[] upd=["#1[]"] del=[]"##)
    }

    @Test func undoingASameValueWriteUpdatesTheObjectAgain() throws {
        let context = try makeNoteContext()
        let log = NotificationLog(context)
        let milk = try context.insert("Note", values: [("title", .string("Milk"))])
        try context.processPendingChanges()
        try context.setValue(.string("Milk"), forKey: "title", of: milk.objectID)
        try context.processPendingChanges()

        // Undo sets the old value again (the same one), so the object is updated once more.
        try context.undo()
        #expect(log.lines.last == ##"didChange ins=[] upd=["#1[]"] del=[]"##)
        #expect(milk["title"] == .string("Milk"))
    }

    @Test func aSameValueWriteToANewObjectIsPartOfItsInsert() throws {
        let context = try makeNoteContext()
        let log = NotificationLog(context)
        let milk = try context.insert("Note", values: [("title", .string("Milk"))])
        try context.setValue(.string("Milk"), forKey: "title", of: milk.objectID)
        try context.processPendingChanges()
        #expect(log.lines == ["didChange ins=[#1] upd=[] del=[]"])
    }
}
