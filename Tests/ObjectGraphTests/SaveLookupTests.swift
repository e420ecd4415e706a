import ObjectGraph
import Testing

/// An in-memory store that counts how often the context asks it for committed values.
private final class CountingStore: PersistentStore {
    let inner = InMemoryStore()
    var lookups: [ObjectID] = []

    func load() -> StoreContents { inner.load() }
    func committedObject(_ id: ObjectID) -> StoredObject? {
        lookups.append(id)
        return inner.committedObject(id)
    }
    func save(_ changes: StoreChanges) { inner.save(changes) }
}

/// Save and rollback ask the store only about objects it may hold: IDs are never reused, so an
/// ID handed out since the last save cannot be committed yet (docs/store.md, "Saving and crash safety").
@Suite struct SaveLookupTests {
    @Test func objectsCreatedSinceTheLastSaveAreNotLookedUp() throws {
        let store = CountingStore()
        let context = try makeNoteContext(store: store)
        for i in 0..<5 {
            try context.insert(
                "Note", values: [("title", .string("n\(i)")), ("group", .string("G")), ("order", .int(0))])
        }
        try context.save()
        #expect(store.lookups.isEmpty)
        #expect(store.inner.count == 5)

        // #2 is committed: its change needs the committed values (a set-then-restore saves nothing).
        try context.setValue(.string("changed"), forKey: "title", of: ObjectID(2))
        let added = try context.insert(
            "Note", values: [("title", .string("new")), ("group", .string("G")), ("order", .int(0))])
        try context.save()
        #expect(store.lookups == [ObjectID(2)])
        #expect(store.inner.committedObject(added.objectID)?.values.first == .string("new"))

        store.lookups = []
        try context.setValue(.string("x"), forKey: "title", of: ObjectID(4))
        try context.processPendingChanges()
        try context.setValue(.string("n3"), forKey: "title", of: ObjectID(4))  // back to the committed value
        let unsaved = try context.insert(
            "Note", values: [("title", .string("gone")), ("group", .string("G")), ("order", .int(0))])
        let summary = try context.save()
        #expect(store.lookups == [ObjectID(4)])
        #expect(summary.updatedIDs.isEmpty, "an object back at its committed values is not written")
        #expect(summary.insertedIDs == [unsaved.objectID])
    }

    @Test func rollbackLooksUpOnlyCommittedObjects() throws {
        let store = CountingStore()
        let context = try makeNoteContext(store: store)
        try context.insert("Note", values: [("title", .string("kept")), ("group", .string("G")), ("order", .int(0))])
        try context.save()
        try context.setValue(.string("edited"), forKey: "title", of: ObjectID(1))
        let fresh = try context.insert(
            "Note", values: [("title", .string("fresh")), ("group", .string("G")), ("order", .int(0))])
        try context.processPendingChanges()
        try context.rollback()
        #expect(store.lookups == [ObjectID(1)])
        #expect(context.object(with: fresh.objectID) == nil)
        #expect(context.object(with: ObjectID(1))?["title"] == .string("kept"))
    }

    @Test func aReopenedContextLooksUpWhatTheStoreHeld() throws {
        let store = CountingStore()
        let first = try makeNoteContext(store: store)
        try first.insert("Note", values: [("title", .string("a")), ("group", .string("G")), ("order", .int(0))])
        try first.save()
        let second = try ObjectContext(store: store)
        try second.setValue(.string("b"), forKey: "title", of: ObjectID(1))
        try second.insert("Note", values: [("title", .string("c")), ("group", .string("G")), ("order", .int(0))])
        try second.save()
        #expect(store.lookups == [ObjectID(1)])
        #expect(store.inner.committedObject(ObjectID(1))?.values.first == .string("b"))
        #expect(store.inner.count == 2)
    }
}
