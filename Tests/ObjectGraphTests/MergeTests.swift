import ObjectGraph
import Testing

/// A sibling context on one store and `mergeChanges(fromContextDidSave:)` (docs/semantics.md,
/// rules 27–29): what a save of one context does to the other only when it merges.
@Suite struct MergeTests {
    /// A main context with #1 Milk, #2 Eggs, #3 Tea saved, and a sibling opened after the save.
    private func pair() throws -> (main: ObjectContext, background: ObjectContext) {
        let main = try makeNoteContext()
        for (title, order) in [("Milk", 1), ("Eggs", 2), ("Tea", 3)] {
            try main.insert(
                "Note", values: [("title", .string(title)), ("group", .string("G")), ("order", .int(order))])
        }
        try main.save()
        return (main, try ObjectContext(sibling: main))
    }

    @Test func siblingStartsFromTheStoreAndSharesObjectIDs() throws {
        let (main, background) = try pair()
        let unsaved = try main.insert(
            "Note", values: [("title", .string("Rice")), ("group", .string("G")), ("order", .int(0))])
        let late = try ObjectContext(sibling: main)
        #expect(background.objectCount == 3)
        #expect(late.object(with: unsaved.objectID) == nil, "unsaved objects stay in their context")
        let theirs = try late.insert(
            "Note", values: [("title", .string("Oats")), ("group", .string("G")), ("order", .int(0))])
        #expect(unsaved.objectID == ObjectID(4))
        #expect(theirs.objectID == ObjectID(5), "one counter for both contexts: no ID is handed out twice")
    }

    @Test func editsReachTheMainContextOnlyWhenItMerges() throws {
        let (main, background) = try pair()
        let log = NotificationLog(main)
        try background.setValue(.string("Oat milk"), forKey: "title", of: ObjectID(1))
        try background.delete(ObjectID(3))
        let rice = try background.insert(
            "Note", values: [("title", .string("Rice")), ("group", .string("G")), ("order", .int(0))])
        try background.processPendingChanges()
        #expect(main.object(with: ObjectID(1))?["title"] == .string("Milk"))
        let summary = try background.save()
        #expect(
            main.object(with: ObjectID(1))?["title"] == .string("Milk"), "saving alone does not reach the main context")
        #expect(log.events.isEmpty)

        let event = try #require(try main.mergeChanges(fromContextDidSave: summary))
        #expect(event.insertedIDs == [rice.objectID])
        #expect(event.updatedIDs == [ObjectID(1)])
        #expect(event.deletedIDs == [ObjectID(3)])
        #expect(event.changedValues[ObjectID(1)]?.map(\.key) == ["title"])
        #expect(main.object(with: ObjectID(1))?["title"] == .string("Oat milk"))
        #expect(main.object(with: ObjectID(3)) == nil)
        #expect(log.events.count == 1, "one change event for the whole save")
        #expect(!main.hasChanges, "merged changes are not unsaved changes")
        #expect(!main.canUndo)
    }

    @Test func unloadedUpdatesChangeSilentlyUnderTheIOS9Rule() throws {
        let (main, background) = try pair()
        try background.setValue(.int(9), forKey: "order", of: ObjectID(1))
        try background.setValue(.int(8), forKey: "order", of: ObjectID(2))
        let summary = try background.save()
        let event = try main.mergeChanges(fromContextDidSave: summary, reporting: .loadedOnly { $0 == ObjectID(2) })
        #expect(event?.updatedIDs == [ObjectID(2)], "#1 was a fault: the merge does not report it")
        #expect(main.object(with: ObjectID(1))?["order"] == .int(9), "the fault fires with the store's values")
    }

    @Test func unsavedChangesHereWinOverTheMergedValues() throws {
        let (main, background) = try pair()
        try main.setValue(.string("Whole milk"), forKey: "title", of: ObjectID(1))
        try main.processPendingChanges()
        try background.setValue(.string("Oat milk"), forKey: "title", of: ObjectID(1))
        let event = try main.mergeChanges(fromContextDidSave: try background.save())
        #expect(event == nil)
        #expect(main.object(with: ObjectID(1))?["title"] == .string("Whole milk"))
        #expect(main.hasUnsavedEvents)
    }

    @Test func directStoreWritesTellNoContextUntilRefreshed() throws {
        let (main, _) = try pair()
        let log = NotificationLog(main)
        try main.writeToStoreDirectly(
            upserted: [
                StoredObject(id: ObjectID(2), entity: "Note", values: [.string("Eggs"), .string("G"), .int(0), .null])
            ],
            deleted: [ObjectID(3)])
        #expect(log.events.isEmpty)
        #expect(main.object(with: ObjectID(2))?["order"] == .int(2))
        #expect(try main.freshContents().objects.map(\.id) == [ObjectID(1), ObjectID(2)])
        try main.refreshFromStore()
        #expect(main.object(with: ObjectID(2))?["order"] == .int(0))
        #expect(main.object(with: ObjectID(3)) == nil)
        #expect(log.events.isEmpty, "a refresh is silent: controllers must fetch again")
    }
}
