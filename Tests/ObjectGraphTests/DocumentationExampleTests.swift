import Foundation
import ObjectGraph
import Testing

/// The examples in ObjectGraph's doc comments, as written there, with what each one claims
/// checked by hand-derived expectations: an example that stops compiling or stops being true
/// fails here.
@Suite struct ObjectGraphDocumentationExampleTests {
    /// A context with the one-attribute `Note` entity most examples start from.
    private static func notes() throws -> ObjectContext {
        let context = try ObjectContext()
        try context.define(Entity(name: "Note", attributes: [Attribute("title", .string)]))
        return context
    }

    @Test func objectContext() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "Note", attributes: [Attribute("title", .string)]))
        let milk = try context.insert("Note", values: [("title", .string("Milk"))])
        let event = try context.processPendingChanges()  // one objectsDidChange for the turn
        #expect(event?.inserted.map(\.objectID) == [milk.objectID])
        let saved = try context.save()
        #expect(saved.insertedIDs == [milk.objectID])
    }

    @Test func managedObject() throws {
        let context = try Self.notes()
        let note = try context.insert("Note", values: [("title", .string("Milk"))])
        #expect(note.objectID == ObjectID(1))
        #expect(note["title"] == .string("Milk"))
        try context.setValue(.string("Eggs"), forKey: "title", of: note.objectID)
        #expect(note["title"] == .string("Eggs"))
    }

    @Test func objectID() {
        let id = ObjectID(7)
        #expect(id.description == "#7")
        #expect(ObjectID(3) < id)
    }

    @Test func value() {
        #expect(Value.compare(.null, .string("a")) < 0)
        #expect(Value.compare(.int(2), .double(2.5)) < 0)
        #expect(Value.compare(.bool(true), .int(1)) == 0)
        #expect(Value.string("Milk").description == "Milk")
        #expect(Value.string("Milk").literal == "\"Milk\"")
    }

    @Test func attributeType() {
        let done = Attribute("done", .bool)
        #expect(done.type == .bool)
        #expect(AttributeType(rawValue: "int") == .int)
        #expect(!AttributeType.dataTypes.contains(.relationship))
    }

    @Test func attribute() {
        let order = Attribute("order", .int, defaultValue: .int(0))
        let note = Attribute("note", .string, isOptional: true)
        #expect(order.initialValue == .int(0))
        #expect(note.initialValue == .null)
    }

    @Test func entity() throws {
        let note = try Entity(name: "Note", attributes: [Attribute("title", .string), Attribute("done", .bool)])
        #expect(note.index(of: "done") == 1)
        #expect(note.attribute(named: "title")?.type == .string)
        #expect(note.index(of: "color") == nil)
    }

    @Test func schema() throws {
        let schema = try Schema(entities: [Entity(name: "Note", attributes: [Attribute("title", .string)])])
        #expect(schema.entity(named: "Note")?.attributes.count == 1)
        #expect(throws: ObjectGraphError.unknownEntity("Tag")) { try schema.requireEntity("Tag") }
    }

    @Test func deleteRule() throws {
        let context = try ObjectContext()
        try context.define([
            Entity(
                name: "Folder",
                attributes: [.toMany("notes", destination: "Note", inverse: "folder", deleteRule: .cascade)]),
            Entity(name: "Note", attributes: [.toOne("folder", destination: "Folder", inverse: "notes")]),
        ])
        let folder = try context.insert("Folder")
        let note = try context.insert("Note", values: [("folder", .object(folder.objectID))])
        try context.processPendingChanges()
        try context.delete(folder.objectID)
        let event = try context.processPendingChanges()
        #expect(event?.deletedIDs == [folder.objectID, note.objectID])
    }

    @Test func objectsDidChangeAndValueChange() throws {
        let context = try Self.notes()
        let note = try context.insert("Note", values: [("title", .string("Milk"))])
        try context.processPendingChanges()
        try context.setValue(.string("Eggs"), forKey: "title", of: note.objectID)
        let event = try #require(try context.processPendingChanges())
        #expect(event.updatedIDs == [note.objectID])
        #expect(event.inserted.isEmpty && event.deleted.isEmpty)
        let change = try #require(event.changedValues[note.objectID]?.first)
        #expect(change.key == "title")
        #expect(change.index == 0)
        #expect(change.oldValue == .string("Milk"))
        #expect(change.newValue == .string("Eggs"))
    }

    @Test func saveSummary() throws {
        let context = try Self.notes()
        let note = try context.insert("Note", values: [("title", .string("Milk"))])
        let first = try context.save()
        #expect(first.insertedIDs == [note.objectID])
        try context.delete(note.objectID)
        let second = try context.save()
        #expect(second.deletedIDs == [note.objectID])
        #expect(second.insertedIDs.isEmpty)
    }

    @Test func contextNotification() throws {
        let context = try Self.notes()
        var heard: [String] = []
        context.addObserver { notification in
            switch notification {
            case .objectsDidChange(let event): heard.append("changed \(event.count)")
            case .didSave(let summary): heard.append("saved \(summary.insertedIDs.count)")
            case .willSave, .objectIDsMutated: break
            }
        }
        try context.insert("Note", values: [("title", .string("Milk"))])
        try context.save()
        // The save processes the pending insert (one event), then writes it.
        #expect(heard == ["changed 1", "saved 1"])
    }

    @Test func observerToken() throws {
        let context = try Self.notes()
        var saves = 0
        let token = context.addObserver { notification in
            if case .didSave = notification { saves += 1 }
        }
        try context.insert("Note", values: [("title", .string("Milk"))])
        try context.save()
        context.removeObserver(token)
        try context.insert("Note", values: [("title", .string("Eggs"))])
        try context.save()
        #expect(saves == 1)
    }

    @Test func mergeReporting() throws {
        let main = try Self.notes()
        let note = try main.insert("Note", values: [("title", .string("Milk"))])
        try main.save()
        let background = try ObjectContext(sibling: main)
        try background.setValue(.string("Eggs"), forKey: "title", of: note.objectID)
        let summary = try background.save()
        let event = try main.mergeChanges(fromContextDidSave: summary, reporting: .allRegistered)
        #expect(event?.updatedIDs == [note.objectID])
        #expect(note["title"] == .string("Eggs"))
    }

    @Test func inMemoryStore() throws {
        let store = InMemoryStore()
        let context = try ObjectContext(store: store)
        try context.define(Entity(name: "Note", attributes: [Attribute("title", .string)]))
        try context.insert("Note", values: [("title", .string("Milk"))])
        try context.save()
        #expect(store.saveCount == 1)
        let reopened = try ObjectContext(store: store)
        #expect(reopened.objects(ofEntity: "Note").map { $0["title"] } == [.string("Milk")])
    }

    @Test func persistentStore() throws {
        func noteCount(in store: any PersistentStore) throws -> Int {
            try store.load().objects.count { $0.entity == "Note" }
        }
        let context = try Self.notes()
        try context.insert("Note", values: [("title", .string("Milk"))])
        #expect(try noteCount(in: context.store) == 0)
        try context.save()
        #expect(try noteCount(in: context.store) == 1)
        #expect(context.store.storeType == "InMemory")
    }

    @Test func storedObjectStoreContentsAndStoreChanges() throws {
        let schema = try Schema(entities: [Entity(name: "Note", attributes: [Attribute("title", .string)])])
        let milk = StoredObject(id: ObjectID(1), entity: "Note", values: [.string("Milk")])
        let store = InMemoryStore(schema: schema, objects: [milk], nextObjectID: 2)
        let context = try ObjectContext(store: store)
        #expect(context.object(with: ObjectID(1))?["title"] == .string("Milk"))

        let contents = store.load()
        #expect(contents.objects == [milk])
        #expect(contents.nextObjectID == 2)

        let eggs = StoredObject(id: ObjectID(2), entity: "Note", values: [.string("Eggs")])
        store.save(StoreChanges(schema: schema, upserted: [eggs], deleted: [ObjectID(1)], nextObjectID: 3))
        #expect(store.load().objects == [eggs])
        #expect(store.load().nextObjectID == 3)
    }

    @Test func objectGraphError() throws {
        let context = try Self.notes()
        do {
            try context.insert("Tag")
            Issue.record("inserting an undefined entity succeeded")
        } catch {
            #expect(error == .unknownEntity("Tag"))
            #expect(error.description == "unknown entity 'Tag'")
        }
    }

    @Test func missingMandatoryProperty() throws {
        let context = try Self.notes()  // "title" is not optional and has no default
        let note = try context.insert("Note")
        let missing = MissingMandatoryProperty(objectID: note.objectID, entity: "Note", key: "title")
        #expect(throws: ObjectGraphError.missingMandatoryProperties([missing])) { try context.save() }
    }

    @Test func relationshipValidationFailure() throws {
        let context = try ObjectContext()
        try context.define([
            Entity(name: "Note", attributes: [Attribute("title", .string)]),
            Entity(name: "Folder", attributes: [.toMany("notes", destination: "Note", minCount: 2)]),
        ])
        let note = try context.insert("Note", values: [("title", .string("Milk"))])
        let folder = try context.insert("Folder", values: [("notes", .objects([note.objectID]))])
        // One note where at least two are required (an empty set would count as absent).
        let failure = RelationshipValidationFailure(
            kind: .tooFew, objectID: folder.objectID, entity: "Folder", key: "notes")
        #expect(throws: ObjectGraphError.relationshipValidation([failure])) { try context.save() }
        #expect(failure.kind.code == 1580)
    }

    @Test func relationshipValidationFailureKind() {
        let kind = RelationshipValidationFailure.Kind.tooFew
        #expect(kind.code == 1580)
        #expect(kind.name == "NSValidationRelationshipLacksMinimumCountError")
    }

    @Test func storeFileProblem() {
        let error = ObjectGraphError.storeFile(path: "notes.sqlite", problem: .locked)
        #expect(error.description == "store file 'notes.sqlite' is locked by another process")
    }
}
