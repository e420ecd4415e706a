import Foundation
import GRDB
import ObjectGraph
import SQLiteStore
import Testing

/// A transient attribute in a SQLite store (docs/semantics.md, "Transient attributes"): Core
/// Data's `isTransient`, "not saved to the persistent store". The values below are written by
/// hand; after a save and a reopen each transient value is the attribute's initial value — its
/// default, else nil — while the stored ones come back as saved.
@Suite struct TransientStoreTests {
    /// `Event(title: string, section: string transient = "none", note: string? transient)`.
    private func eventEntity() throws -> Entity {
        var section = Attribute("section", .string, defaultValue: .string("none"))
        section.isTransient = true
        var note = Attribute("note", .string, isOptional: true)
        note.isTransient = true
        return try Entity(name: "Event", attributes: [Attribute("title", .string), section, note])
    }

    private func saveTwoEvents(at path: String) throws {
        let context = try ObjectContext(store: try SQLiteStore(path: path))
        try context.define(try eventEntity())
        try context.insert(
            "Event", values: [("title", .string("Launch")), ("section", .string("2024005")), ("note", .string("a"))])
        try context.processPendingChanges()
        try context.save()
        // Written again after the first save: an update of a row the file already holds.
        let launch = try #require(context.objects(ofEntity: "Event").first)
        try context.setValue(.string("2024006"), forKey: "section", of: launch.objectID)
        try context.insert("Event", values: [("title", .string("Retro")), ("section", .string("2024007"))])
        try context.processPendingChanges()
        try context.save()
        // The context that set them still has them.
        #expect(context.objects(ofEntity: "Event").map { $0["section"] } == [.string("2024006"), .string("2024007")])
    }

    @Test func aReopenedStoreGivesTheInitialValues() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/events.store"
            try saveTwoEvents(at: path)
            let reopened = try ObjectContext(store: try SQLiteStore(path: path))
            let events = reopened.objects(ofEntity: "Event")
            #expect(events.map { $0["title"] } == [.string("Launch"), .string("Retro")])
            #expect(events.map { $0["section"] } == [.string("none"), .string("none")])
            #expect(events.map { $0["note"] } == [.null, .null])
            // The file still says which attributes are transient.
            let entity = try #require(reopened.schema.entity(named: "Event"))
            #expect(entity.attributes.map(\.isTransient) == [false, true, true])
        }
    }

    @Test func theColumnsHoldNoValue() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/events.store"
            try saveTwoEvents(at: path)
            let queue = try DatabaseQueue(path: path)
            let rows = try queue.read { db in
                try Row.fetchAll(db, sql: "SELECT title, section, note FROM Event ORDER BY id")
            }
            #expect(rows.map { $0[0] as String? } == ["Launch", "Retro"])
            #expect(rows.map { $0[1] as String? } == [nil, nil])
            #expect(rows.map { $0[2] as String? } == [nil, nil])
        }
    }

    @Test func committedValuesReadTheInitialValue() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/events.store"
            try saveTwoEvents(at: path)
            let store = try SQLiteStore(path: path)
            let committed = try #require(try store.committedObject(ObjectID(1)))
            #expect(committed.values == [.string("Launch"), .string("none"), .null])
            #expect(store.compilesFetchesToSQL)
        }
    }
}
