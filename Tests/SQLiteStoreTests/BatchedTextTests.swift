import Foundation
import ObjectGraph
import SQLiteStore
import Testing

/// The strings of full batches are bound from one buffer per batch (`TextArena`), and the check
/// of each object passes values of exactly their attribute's type without `Attribute.coerce`:
/// what a reopened store reads must still be, byte for byte, what was saved.
@Suite struct BatchedTextTests {
    /// Titles that stress the buffer: empty, NUL bytes inside and at the end, multi-byte
    /// characters, canonically equivalent forms (different bytes), longer than a small string,
    /// and one far longer than the buffer's first capacity (4 KB).
    static let titles = [
        "", "a\u{0}b", "\u{0}", "é", "e\u{301}", "🙂 smile", String(repeating: "long ", count: 10),
        String(repeating: "x", count: 9_000), "NaN", "tail\u{0}",
    ]

    @Test func stringsOfFullBatchesSurviveReopeningByteForByte() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/notes.fetchsim"
            let (store, context) = try notesAndTagsStore(at: path)
            // 200 notes: three full batches of 64 and a short one of 8; a tag after the 130th
            // cuts the third batch, so the tag's statement uses the buffer in between.
            for n in 0..<200 {
                let title = Self.titles[n % Self.titles.count]
                try context.insert(
                    "Note",
                    values: [
                        ("title", .string(title)), ("order", .int(n)), ("tag", .string(n % 3 == 0 ? "" : "t\(n)")),
                        ("score", n % 4 == 0 ? .null : .double(Double(n) + 0.5)),
                    ])
                if n == 130 { try context.insert("Tag", values: [("label", .string(Self.titles[7]))]) }
            }
            try context.save()
            let saved = exactDump(context)
            #expect(saved.count == 201)
            try store.close()
            let reopened = try ObjectContext(store: SQLiteStore(path: path))
            #expect(exactDump(reopened) == saved)
            // Hand-picked: note 1 (ID 1) has title "", tag "" and no score; note 2 (ID 2)
            // "a\0b", tag "t1", 1.5; the tag (ID 132) the 9,000 x's.
            #expect(reopened.object(with: ObjectID(1))?["title"] == .string(""))
            #expect(reopened.object(with: ObjectID(1))?["tag"] == .string(""))
            #expect(reopened.object(with: ObjectID(1))?["score"] == .null)
            #expect(reopened.object(with: ObjectID(2))?["score"] == .double(1.5))
            #expect(reopened.object(with: ObjectID(2))?["title"] == .string("a\u{0}b"))
            #expect(reopened.object(with: ObjectID(2))?["tag"] == .string("t1"))
            #expect(reopened.object(with: ObjectID(132))?["label"] == .string(String(repeating: "x", count: 9_000)))
        }
    }

    @Test func aNilRequiredValueInAFullBatchIsRefused() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/notes.fetchsim"
            let store = try SQLiteStore(path: path)
            let schema = try Schema(entities: [noteEntity()])
            // Object 70 has no order (required): refused by coerce, after one full batch was written.
            let objects = (1...100).map { n in
                StoredObject(
                    id: ObjectID(n), entity: "Note",
                    values: [.string("n\(n)"), n == 70 ? .null : .int(n), .int(2), .null, .null, .string("none")])
            }
            #expect(throws: ObjectGraphError.requiredAttribute("order", entity: "Note")) {
                try store.save(StoreChanges(schema: schema, upserted: objects, deleted: [], nextObjectID: 101))
            }
            #expect(try store.committedObject(ObjectID(1)) == nil)
            // Without it, one full batch: the integer for a double passes (coerce accepts it) and
            // the store gives back exactly what it was given.
            try store.save(
                StoreChanges(schema: schema, upserted: Array(objects[0..<64]), deleted: [], nextObjectID: 101))
            #expect(
                try store.committedObject(ObjectID(64))?.values == [
                    .string("n64"), .int(64), .int(2), .null, .null, .string("none"),
                ])
        }
    }
}
