import Foundation
import ObjectGraph
import SQLiteStore
import Testing

/// `RowWriter`'s multi-row inserts: full batches of 64, short ones, and batches cut where the
/// entity changes.
@Suite struct BatchedInsertTests {
    @Test func manyNewObjectsOfTwoEntitiesSurviveReopening() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/notes.fetchsim"
            let (store, context) = try notesAndTagsStore(at: path)
            // 150 notes (two full batches of 64 and a short one), with a tag after the 71st and
            // the 101st note, which cuts those batches short.
            for n in 0..<150 {
                try context.insert(
                    "Note",
                    values: [
                        ("title", .string("note \(n)")), ("order", .int(n * 7 - 500)),
                        ("score", n % 3 == 0 ? .null : .double(Double(n) / 4)),
                        ("done", n % 2 == 0 ? .bool(true) : .null),
                    ])
                if n == 70 || n == 100 { try context.insert("Tag", values: [("label", .string("tag \(n)"))]) }
            }
            try context.save()
            let saved = exactDump(context)
            #expect(saved.count == 152)
            try store.close()

            let reopened = try ObjectContext(store: SQLiteStore(path: path))
            #expect(exactDump(reopened) == saved)
            #expect(reopened.objects(ofEntity: "Tag").map(\.objectID) == [ObjectID(72), ObjectID(103)])
            #expect(reopened.object(with: ObjectID(152))?["order"] == .int(149 * 7 - 500))
            #expect(reopened.object(with: ObjectID(152))?["score"] == .double(37.25))
        }
    }

    @Test func aBadValueAfterAFullBatchWritesNothing() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/notes.fetchsim"
            let store = try SQLiteStore(path: path)
            let schema = try Schema(entities: [noteEntity()])
            try store.save(StoreChanges(schema: schema, upserted: [], deleted: [], nextObjectID: 1))
            let before = exactDump(try store.load())
            // The 100th object's title is an int: the save fails after a full batch of 64 rows was written.
            let objects = (1...130).map { n in
                StoredObject(
                    id: ObjectID(n), entity: "Note",
                    values: [n == 100 ? .int(1) : .string("n\(n)"), .int(n), .null, .null, .null, .string("none")])
            }
            #expect(
                throws: ObjectGraphError.typeMismatch(key: "title", entity: "Note", expected: .string, got: .int(1))
            ) {
                try store.save(StoreChanges(schema: schema, upserted: objects, deleted: [], nextObjectID: 131))
            }
            #expect(exactDump(try store.load()) == before)
            #expect(try store.committedObject(ObjectID(1)) == nil)
        }
    }
}
