import Foundation
import ObjectGraph
import SQLiteStore
import Testing

/// `SQLiteStore.load(schema:object:)`, which a context opens with: the same objects as `load()`,
/// handed over row by row, entity by entity.
@Suite struct StreamingLoadTests {
    @Test func rowByRowGivesWhatLoadGives() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/notes.fetchsim"
            let (store, context) = try notesAndTagsStore(at: path)
            // Entities interleaved by ID, one deletion, a NaN and a nil among the values.
            try context.insert("Tag", values: [("label", .string("home"))])
            try context.insert("Note", values: [("title", .string("A")), ("order", .int(1)), ("score", .double(.nan))])
            try context.insert("Tag", values: [("label", .string("work"))])
            try context.insert("Note", values: [("title", .string("B")), ("order", .int(2)), ("done", .null)])
            try context.delete(ObjectID(3))
            try context.save()

            var schema: Schema?
            var next = 0
            var rows: [String] = []
            try store.load(
                schema: {
                    schema = $0
                    next = $1
                },
                object: { id, entityIndex, values in
                    rows.append(
                        "\(id) \(entityIndex) " + values.indices.map { exactKey(values[$0]) }.joined(separator: " | "))
                })
            let loaded = try store.load()
            #expect(schema == loaded.schema)
            #expect(next == 5)
            // Entity by entity (Note is entity 0, Tag 1), in ID order within each; B's score is
            // the default -0.0, "none" is the tag's default.
            #expect(
                rows == [
                    "#2 0 string 41 | int 1 | double nan | nil | nil | string 6e.6f.6e.65",
                    "#4 0 string 42 | int 2 | double 8000000000000000 | nil | nil | string 6e.6f.6e.65",
                    "#1 1 string 68.6f.6d.65",
                ])
            try store.close()

            let reopened = try ObjectContext(store: SQLiteStore(path: path))
            #expect(exactDump(reopened) == exactDump(loaded).dropLast())
            #expect(reopened.objects(ofEntity: "Tag").map(\.objectID) == [ObjectID(1)])
        }
    }
}
