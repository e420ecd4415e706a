import Foundation
import ObjectGraph
import SQLiteStore
import Testing

@Suite struct StoreRoundTripTests {
    @Test func schemaObjectsAndNextIDSurviveReopening() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/notes.fetchsim"
            let (store, context) = try notesAndTagsStore(at: path)
            let a = try context.insert(
                "Note", values: [("title", .string("Milk \"2%\"\nand eggs")), ("order", .int(1))])
            let b = try context.insert(
                "Note", values: [("title", .string("日本語 🎉")), ("order", .int(Int.min)), ("done", .bool(true))])
            let c = try context.insert(
                "Note",
                values: [
                    ("title", .string("C")), ("order", .int(0)),
                    ("due", .date(Date(timeIntervalSince1970: 1_714_559_400.123_456))), ("score", .double(2.5)),
                ])
            try context.insert("Tag", values: [("label", .string("home"))])
            try context.save()
            try context.setValue(.string("Milk"), forKey: "title", of: a.objectID)
            try context.setValue(.null, forKey: "done", of: b.objectID)
            try context.delete(c.objectID)
            try context.save()
            let schema = context.schema
            let objects = exactDump(context)
            try store.close()

            let reopened = try ObjectContext(store: SQLiteStore(path: path))
            #expect(reopened.schema == schema)
            #expect(exactDump(reopened) == objects)
            #expect(reopened.object(with: a.objectID)?["title"] == .string("Milk"))
            #expect(reopened.object(with: a.objectID)?["tag"] == .string("none"), "defaults are applied and kept")
            #expect(try reopened.insert("Note").objectID == ObjectID(5))
        }
    }

    @Test func rollbackAfterReopeningRestoresTheCommittedValues() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/notes.fetchsim"
            do {
                let store = try SQLiteStore(path: path)
                let context = try ObjectContext(store: store)
                try context.define(noteEntity())
                try context.insert("Note", values: [("title", .string("A")), ("order", .int(1))])
                try context.insert("Note", values: [("title", .string("B")), ("order", .int(2))])
                try context.save()
                try store.close()
            }
            let store = try SQLiteStore(path: path)
            let context = try ObjectContext(store: store)
            let committed = exactDump(context)
            try context.setValue(.string("A2"), forKey: "title", of: ObjectID(1))
            try context.delete(ObjectID(2))
            let c = try context.insert("Note", values: [("title", .string("C"))])
            try context.processPendingChanges()
            try context.setValue(.int(9), forKey: "order", of: ObjectID(1))  // still pending

            let event = try context.rollback()
            #expect(event?.inserted.map(\.objectID) == [ObjectID(2)])
            #expect(event?.deleted.map(\.objectID) == [c.objectID])
            #expect(exactDump(context) == committed)
            #expect(!context.hasChanges)
            #expect(try store.load().objects.count == 2, "the file never saw the edits")
        }
    }

    @Test func idsAreNotReusedAfterReopening() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/ids.fetchsim"
            do {
                let store = try SQLiteStore(path: path)
                let context = try ObjectContext(store: store)
                try context.define(noteEntity())
                for n in 0..<3 { try context.insert("Note", values: [("title", .string("n")), ("order", .int(n))]) }
                try context.save()
                try context.delete(ObjectID(3))  // the highest ID: only the stored counter remembers it
                try context.save()
                try store.close()
            }
            let store = try SQLiteStore(path: path)
            #expect(try store.load().nextObjectID == 4)
            let context = try ObjectContext(store: store)
            #expect(try context.insert("Note").objectID == ObjectID(4))
        }
    }

    @Test func theHeaderNamesTheFormatAndTheJournalIsWAL() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/header.fetchsim"
            try SQLiteStore(path: path).close()
            #expect(try RawFile.strings(path, "PRAGMA application_id") == ["\(0x4653_696D)"])  // "FSim"
            #expect(try RawFile.strings(path, "PRAGMA user_version") == ["1"])
            #expect(try RawFile.strings(path, "PRAGMA journal_mode") == ["wal"])
            #expect(
                try RawFile.strings(path, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
                    == ["attribute", "entity", "metadata", "object"])
        }
    }

    @Test func anEmptyFileBecomesAStore() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/empty.fetchsim"
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            let store = try SQLiteStore(path: path)
            let contents = try store.load()
            #expect(contents.schema.entities.isEmpty && contents.objects.isEmpty && contents.nextObjectID == 1)
        }
    }

    @Test func namesThatClashInSQLiteGetTheirOwnTables() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/names.fetchsim"
            let entities = [
                try Entity(
                    name: "object",
                    attributes: [Attribute("id", .int), Attribute("ID", .string), Attribute("Id_1", .bool)]),
                try Entity(name: "Object", attributes: [Attribute("x", .int)]),
                try Entity(name: "sqlite_thing", attributes: [Attribute("y", .int)]),
            ]
            let schema = try Schema(entities: entities)
            let store = try SQLiteStore(path: path)
            let objects = [
                StoredObject(id: ObjectID(1), entity: "object", values: [.int(7), .string("seven"), .bool(true)]),
                StoredObject(id: ObjectID(2), entity: "Object", values: [.int(8)]),
                StoredObject(id: ObjectID(3), entity: "sqlite_thing", values: [.int(9)]),
            ]
            try store.save(StoreChanges(schema: schema, upserted: objects, deleted: [], nextObjectID: 4))
            try store.close()
            let contents = try SQLiteStore(path: path).load()
            #expect(contents.schema == schema)
            #expect(contents.objects == objects)
        }
    }

    @Test func redefiningAStoredEntityWithRowsIsRefusedAndWritesNothing() throws {
        try withTemporaryFolder { folder in
            let store = try SQLiteStore(path: folder + "/s.fetchsim")
            let first = try Schema(entities: [Entity(name: "Note", attributes: [Attribute("title", .string)])])
            let row = StoredObject(id: ObjectID(1), entity: "Note", values: [.string("kept")])
            try store.save(StoreChanges(schema: first, upserted: [row], deleted: [], nextObjectID: 2))
            let changed = try Schema(entities: [Entity(name: "Note", attributes: [Attribute("title", .int)])])
            #expect(throws: ObjectGraphError.entityRedefined("Note")) {
                try store.save(StoreChanges(schema: changed, upserted: [], deleted: [], nextObjectID: 7))
            }
            let contents = try store.load()
            #expect(contents.schema == first && contents.nextObjectID == 2 && contents.objects == [row])
        }
    }

    /// A context may redefine an entity once its objects are gone; saving deletes the last rows
    /// and replaces the table in one transaction, and the file reopens with the new definition
    /// in the entity's old place.
    @Test func anEntityRedefinedAfterItsObjectsWereDeletedIsReplacedInTheFile() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/s.fetchsim"
            let store = try SQLiteStore(path: path)
            let context = try ObjectContext(store: store)
            try context.define(Entity(name: "Task", attributes: [Attribute("titel", .string)]))
            try context.define(Entity(name: "Tag", attributes: [Attribute("label", .string)]))
            let typo = try context.insert("Task", values: [("titel", .string("a"))])
            try context.insert("Tag", values: [("label", .string("home"))])
            try context.save()
            try context.delete(typo.objectID)
            try context.processPendingChanges()
            try context.define(
                Entity(name: "Task", attributes: [Attribute("title", .string), Attribute("rank", .int)]))
            let task = try context.insert("Task", values: [("title", .string("b")), ("rank", .int(1))])
            try context.save()
            try store.close()
            let reopened = try ObjectContext(store: SQLiteStore(path: path))
            #expect(reopened.schema.entities.map(\.name) == ["Task", "Tag"])
            #expect(reopened.schema.entity(named: "Task")?.attributes.map(\.name) == ["title", "rank"])
            #expect(reopened.object(with: task.objectID)?["rank"] == .int(1))
            #expect(reopened.objects(ofEntity: "Tag").count == 1)
        }
    }

    @Test func closedStoresSaySo() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/s.fetchsim"
            let store = try SQLiteStore(path: path)
            try store.close()
            expectStoreError(path, .closed) { _ = try store.load() }
        }
    }
}

/// To-one relationships in the file (docs/store.md, "Relationships"): an INTEGER column and a
/// metadata row naming the destination.
@Suite struct RelationshipStoreTests {
    @Test func aRelationshipAndItsValuesSurviveReopening() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/lists.fetchsim"
            do {
                let context = try ObjectContext(store: try SQLiteStore(path: path))
                try context.define(Entity(name: "List", attributes: [Attribute("name", .string)]))
                try context.define(
                    Entity(
                        name: "Note", attributes: [Attribute("title", .string), .toOne("list", destination: "List")]))
                try context.insert("List", values: [("name", .string("Groceries"))])
                try context.insert("Note", values: [("title", .string("Milk")), ("list", .object(ObjectID(1)))])
                try context.insert("Note", values: [("title", .string("Loose"))])
                try context.save()
            }
            let reopened = try ObjectContext(store: try SQLiteStore(path: path))
            let note = try #require(reopened.schema.entity(named: "Note"))
            #expect(note.attributes[1] == .toOne("list", destination: "List"))
            #expect(reopened.object(with: ObjectID(2))?["list"] == .object(ObjectID(1)))
            #expect(reopened.object(with: ObjectID(3))?["list"] == .null)
            #expect(reopened.object(with: ObjectID(2))?.value(forKeyPath: "list.name") == .string("Groceries"))
        }
    }
}
