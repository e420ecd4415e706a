import Foundation
import ObjectGraph
import SQLiteStore
import Testing

@Suite struct SaveTransactionTests {
    @Test func tenThousandChangedObjectsSaveAndReopen() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/big.fetchsim"
            let store = try SQLiteStore(path: path)
            let context = try ObjectContext(store: store)
            try context.define(noteEntity())
            for i in 0..<10_000 {
                try context.insert("Note", values: [("title", .string("note \(i)")), ("order", .int(i))])
            }
            #expect(try context.save().insertedIDs.count == 10_000)
            for i in 1...10_000 {
                try context.setValue(.int(-i), forKey: "order", of: ObjectID(i))
            }
            #expect(try context.save().updatedIDs.count == 10_000)
            try store.close()

            let reopened = try SQLiteStore(path: path)
            let contents = try reopened.load()
            #expect(contents.objects.count == 10_000)
            #expect(contents.objects.allSatisfy { $0.values[1] == .int(-$0.id.rawValue) })
        }
    }

    /// One transaction: an upsert that fails after 10,000 rows were written leaves none of them,
    /// nor the deletions, nor the new entity, nor the new next ID.
    @Test func aFailureMidSaveLeavesNothing() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/atomic.fetchsim"
            let store = try SQLiteStore(path: path)
            let note = try noteEntity()
            let schema = try Schema(entities: [note])
            let originals = (1...100).map { i in
                StoredObject(
                    id: ObjectID(i), entity: "Note",
                    values: [.string("n\(i)"), .int(i), .null, .null, .null, .string("t")])
            }
            try store.save(StoreChanges(schema: schema, upserted: originals, deleted: [], nextObjectID: 101))
            let before = exactDump(try store.load())

            var bigger = schema
            try bigger.add(Entity(name: "Extra", attributes: [Attribute("x", .int)]))
            var upserted = (1...10_000).map { i in
                StoredObject(
                    id: ObjectID(i), entity: "Note",
                    values: [.string("new \(i)"), .int(-i), .double(1), .bool(true), .null, .string("u")])
            }
            upserted.append(
                StoredObject(
                    id: ObjectID(10_001), entity: "Note",
                    values: [.string("bad"), .string("not an int"), .null, .null, .null, .string("")]))
            let changes = StoreChanges(
                schema: bigger, upserted: upserted, deleted: [ObjectID(5), ObjectID(6)], nextObjectID: 20_000)
            let error = #expect(throws: ObjectGraphError.self) { try store.save(changes) }
            #expect(error?.description == #"attribute 'order' of entity 'Note' is int, not string "not an int""#)

            #expect(exactDump(try store.load()) == before)
            #expect(try store.load().schema == schema)
            try store.close()
            let reopened = try SQLiteStore(path: path)
            #expect(exactDump(try reopened.load()) == before)
            #expect(try reopened.committedObject(ObjectID(10_000)) == nil)
        }
    }

    @Test func aRowThatDoesNotDecodeIsReportedAsDamage() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/odd.fetchsim"
            do {
                let store = try SQLiteStore(path: path)
                let schema = try Schema(entities: [noteEntity()])
                let object = StoredObject(
                    id: ObjectID(1), entity: "Note",
                    values: [.string("a"), .int(1), .double(2), .null, .null, .string("t")])
                try store.save(StoreChanges(schema: schema, upserted: [object], deleted: [], nextObjectID: 2))
                try store.close()
            }
            try RawFile.execute(
                path, "PRAGMA ignore_check_constraints = ON; UPDATE Note SET score = 'two' WHERE id = 1")
            let store = try SQLiteStore(path: path)
            expectStoreError(path, .damaged("attribute 'score' of object #1 holds text, not double")) {
                _ = try store.load()
            }
            expectStoreError(path, .damaged("attribute 'score' of object #1 holds text, not double")) {
                _ = try store.committedObject(ObjectID(1))
            }
        }
    }
}
