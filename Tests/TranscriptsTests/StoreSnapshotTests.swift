import Foundation
import ObjectGraph
import Testing

@testable import Transcripts

/// A store's committed state as a transcript embeds it: read back to exactly the same schema,
/// objects, IDs, next ID and settings; a damaged snapshot names its line.
@Suite struct StoreSnapshotTests {
    static func folderAndNotes() throws -> InMemoryStore {
        let folder = try Entity(
            name: "Folder",
            attributes: [
                Attribute("name", .string),
                Attribute.toMany(
                    "notes", destination: "Note", isOrdered: true, inverse: "folder", deleteRule: .cascade),
            ])
        let note = try Entity(
            name: "Note",
            attributes: [
                Attribute("title", .string),
                Attribute("rank", .int),
                Attribute("score", .double, isOptional: true),
                Attribute("done", .bool, isOptional: true),
                Attribute("due", .date, isOptional: true),
                Attribute.toOne("folder", destination: "Folder", inverse: "notes"),
            ])
        let objects = [
            StoredObject(
                id: ObjectID(2), entity: "Folder", values: [.string("Inbox"), .objects([ObjectID(7), ObjectID(3)])]),
            StoredObject(
                id: ObjectID(3), entity: "Note",
                values: [
                    .string("tab\there \"quoted\" back\\slash\nnew line ☕ 日本"), .int(-9_223_372_036_854_775_807),
                    .double(0.1), .bool(true), .date(Date(timeIntervalSinceReferenceDate: 736_000_123.000_456_7)),
                    .object(ObjectID(2)),
                ]),
            StoredObject(
                id: ObjectID(7), entity: "Note",
                values: [
                    .string(""), .int(0), .double(-0.0), .bool(false), .null, .object(ObjectID(2)),
                ]),
            StoredObject(
                id: ObjectID(9), entity: "Note", values: [.string("n"), .int(1), .double(1e300), .null, .null, .null]),
        ]
        let store = InMemoryStore(schema: try Schema(entities: [folder, note]), objects: objects, nextObjectID: 12)
        store.saveSessionSettings(["fetch": "Note sort rank", "profile": "ios10"])
        return store
    }

    @Test func aSnapshotReadsBackToTheSameStore() throws {
        let original = try Self.folderAndNotes()
        let text = try StoreSnapshot.text(of: original)
        let copy = try StoreSnapshot.store(from: text, name: "s")
        let (before, after) = (original.load(), copy.load())
        #expect(after.schema == before.schema)
        #expect(after.objects == before.objects)
        #expect(after.nextObjectID == 12)
        #expect(copy.sessionSettings() == ["fetch": "Note sort rank", "profile": "ios10"])
        // -0.0 == 0.0 for Value's equality; the bits must survive too.
        guard case .double(let zero) = after.objects[2].values[2] else {
            Issue.record("not a double")
            return
        }
        #expect(zero.sign == .minus)
        #expect(try StoreSnapshot.text(of: copy) == text, "a snapshot of the copy is the same text")
        #expect(!text.contains("\t") && text.split(separator: "\n").count == 1 + 2 + 2 + 4, "one record per line")
    }

    @Test(arguments: [
        ("next 0\n", "store snapshot 's' line 1: 'next' needs a positive object ID, got '0'"),
        (
            "entity Note title:string\nobject 1 Task [\"sx\"]\n",
            "store snapshot 's' line 2: object #1 belongs to 'Task', which no earlier line defines"
        ),
        (
            "entity Note title:string\nobject 1 Note [\"x\"]\n",
            "store snapshot 's' line 2: 'x' is not a value (attribute 'title' of #1)"
        ),
        (
            "entity Note title:string\nobject 1 Note [\"sa\", \"sb\"]\n",
            "store snapshot 's' line 2: object #1 needs a JSON array of 1 values"
        ),
        ("entity Note title:\n", "store snapshot 's' line 1: not an entity definition: 'entity Note title:'"),
        (
            "fetch Note\n",
            "store snapshot 's' line 1: unknown record 'fetch' (expected next, setting, entity or object)"
        ),
    ])
    func aDamagedSnapshotNamesItsLine(text: String, message: String) {
        let error = #expect(throws: SnapshotError.self) { try StoreSnapshot.store(from: text, name: "s") }
        #expect(error?.description == message)
    }
}
