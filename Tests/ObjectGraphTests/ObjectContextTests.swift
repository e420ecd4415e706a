import Foundation
import ObjectGraph
import Testing

/// A context with `Note(title: string, group: string, order: int, done: bool?)`.
func makeNoteContext(store: PersistentStore = InMemoryStore()) throws -> ObjectContext {
    let context = try ObjectContext(store: store)
    try context.define(
        Entity(
            name: "Note",
            attributes: [
                Attribute("title", .string), Attribute("group", .string), Attribute("order", .int),
                Attribute("done", .bool, isOptional: true),
            ]))
    return context
}

/// Collects every notification a context posts, as short strings.
final class NotificationLog {
    var lines: [String] = []
    var events: [ObjectsDidChange] = []

    init(_ context: ObjectContext) {
        context.addObserver { [unowned self] notification in
            switch notification {
            case .objectsDidChange(let change):
                events.append(change)
                let updated = change.updated.map { object in
                    let keys = change.changedValues[object.objectID, default: []].map {
                        "\($0.key):\($0.oldValue.literal)→\($0.newValue.literal)"
                    }
                    return "\(object.objectID)[\(keys.joined(separator: ","))]"
                }
                lines.append(
                    "didChange ins=\(change.inserted.map(\.objectID)) upd=\(updated) del=\(change.deleted.map(\.objectID))"
                )
            case .willSave:
                lines.append("willSave")
            case .didSave(let summary):
                lines.append(
                    "didSave ins=\(summary.insertedIDs.sorted()) upd=\(summary.updatedIDs.sorted()) del=\(summary.deletedIDs.sorted())"
                )
            case .objectIDsMutated(let ids):
                lines.append("idsMutated \(ids)")
            }
        }
    }
}

@Suite struct ObjectContextTests {
    @Test func objectsOfAnEntityComeInCreationOrder() throws {
        let context = try makeNoteContext()
        // Enough objects that a hash table's order differs from creation order.
        var ids: [ObjectID] = []
        for n in 0..<500 { ids.append(try context.insert("Note", values: [("title", .string("n\(n)"))]).objectID) }
        try context.processPendingChanges()
        #expect(context.objects(ofEntity: "Note").map(\.objectID) == ids)
        for id in ids where id.rawValue % 3 == 0 { try context.delete(id) }
        try context.processPendingChanges()
        #expect(context.objects(ofEntity: "Note").map(\.objectID) == ids.filter { $0.rawValue % 3 != 0 })
        _ = try context.undo()
        #expect(context.objects(ofEntity: "Note").map(\.objectID) == ids, "undone deletions come back in place")
        #expect(context.objects(ofEntity: "Nothing").isEmpty)
    }

    @Test func editsAreCoalescedIntoOneNotificationPerEvent() throws {
        let context = try makeNoteContext()
        let log = NotificationLog(context)
        let a = try context.insert("Note", values: [("title", .string("A")), ("order", .int(0))])
        let b = try context.insert("Note", values: [("title", .string("B")), ("order", .int(1))])
        try context.setValue(.int(5), forKey: "order", of: a.objectID)
        #expect(log.lines.isEmpty, "nothing is posted before the event ends")
        try context.processPendingChanges()
        #expect(log.lines == ["didChange ins=[#1, #2] upd=[] del=[]"])

        try context.setValue(.string("B2"), forKey: "title", of: b.objectID)
        try context.setValue(.string("B3"), forKey: "title", of: b.objectID)
        try context.setValue(.int(9), forKey: "order", of: a.objectID)
        try context.setValue(.int(5), forKey: "order", of: a.objectID)  // back to its start value
        try context.processPendingChanges()
        // #1 was written, so it is updated (as Core Data's isUpdated), with no changed value.
        #expect(log.lines.last == ##"didChange ins=[] upd=["#1[]", "#2[title:\"B\"→\"B3\"]"] del=[]"##)
    }

    @Test func insertThenDeleteInOneEventReportsNothing() throws {
        let context = try makeNoteContext()
        let log = NotificationLog(context)
        let a = try context.insert("Note")
        try context.delete(a.objectID)
        #expect(try context.processPendingChanges() == nil)
        #expect(log.lines.isEmpty)
        #expect(a.isDeleted)
        #expect(throws: ObjectGraphError.deletedObject(a.objectID)) { try context.delete(a.objectID) }
    }

    @Test func updateThenDeleteIsReportedAsDelete() throws {
        let context = try makeNoteContext()
        let a = try context.insert("Note", values: [("title", .string("A"))])
        try context.processPendingChanges()
        let log = NotificationLog(context)
        try context.setValue(.string("Z"), forKey: "title", of: a.objectID)
        try context.delete(a.objectID)
        try context.processPendingChanges()
        #expect(log.lines == ["didChange ins=[] upd=[] del=[#1]"])
        // Undo brings it back with its value from before the event.
        try context.undo()
        #expect(context.object(with: a.objectID)?["title"] == .string("A"))
    }

    @Test func idsAreNeverReused() throws {
        let context = try makeNoteContext()
        let a = try context.insert("Note")
        try context.delete(a.objectID)
        let b = try context.insert("Note")
        #expect(b.objectID.rawValue == a.objectID.rawValue + 1)
    }

    @Test func typeAndKeyErrorsNameWhatAndWhere() throws {
        let context = try makeNoteContext()
        #expect(throws: ObjectGraphError.unknownEntity("Nope")) { try context.insert("Nope") }
        #expect(throws: ObjectGraphError.unknownAttribute("titel", entity: "Note")) {
            try context.insert("Note", values: [("titel", .string("x"))])
        }
        let error = #expect(throws: ObjectGraphError.self) {
            try context.insert("Note", values: [("order", .string("x"))])
        }
        #expect(error?.description == #"attribute 'order' of entity 'Note' is int, not string "x""#)
        // nil for a required attribute is accepted by the edit and refused by the save (Core Data
        // validates mandatory properties only when saving).
        let untitled = try context.insert(
            "Note", values: [("title", .null), ("group", .string("G")), ("order", .int(0))])
        #expect(untitled["title"] == .null)
        #expect(
            throws: ObjectGraphError.missingMandatoryProperties([
                MissingMandatoryProperty(objectID: untitled.objectID, entity: "Note", key: "title")
            ])
        ) { try context.save() }
        try context.delete(untitled.objectID)
        #expect(throws: ObjectGraphError.unknownObject(ObjectID(42))) {
            try context.setValue(.int(1), forKey: "order", of: ObjectID(42))
        }
        // An int is accepted where a double is expected.
        try context.define(Entity(name: "Point", attributes: [Attribute("x", .double)]))
        let p = try context.insert("Point", values: [("x", .int(2))])
        #expect(p["x"] == .double(2))
    }

    @Test func undoAndRedoStepThroughWholeEvents() throws {
        let context = try makeNoteContext()
        let a = try context.insert("Note", values: [("title", .string("A"))])
        try context.processPendingChanges()
        try context.setValue(.string("A2"), forKey: "title", of: a.objectID)
        let b = try context.insert("Note", values: [("title", .string("B"))])
        try context.processPendingChanges()
        let log = NotificationLog(context)

        try context.undo()
        #expect(log.lines == [##"didChange ins=[] upd=["#1[title:\"A2\"→\"A\"]"] del=[#2]"##])
        #expect(context.object(with: b.objectID) == nil)
        try context.redo()
        #expect(log.lines.last == ##"didChange ins=[#2] upd=["#1[title:\"A\"→\"A2\"]"] del=[]"##)
        #expect(context.object(with: b.objectID) === b, "redo restores the same object under the same ID")
        try context.undo()
        try context.undo()
        #expect(context.objectCount == 0)
        #expect(throws: ObjectGraphError.nothingToUndo) { try context.undo() }
        try context.redo()
        #expect(context.object(with: a.objectID)?["title"] == .string("A"))
        // A new edit clears the redo stack.
        _ = try context.insert("Note")
        try context.processPendingChanges()
        #expect(throws: ObjectGraphError.nothingToRedo) { try context.redo() }
    }

    @Test func saveWritesEverythingSinceTheLastSaveAndPostsWillAndDidSave() throws {
        let store = InMemoryStore()
        let context = try makeNoteContext(store: store)
        let a = try context.insert(
            "Note", values: [("title", .string("A")), ("group", .string("G")), ("order", .int(0))])
        let b = try context.insert(
            "Note", values: [("title", .string("B")), ("group", .string("G")), ("order", .int(1))])
        let log = NotificationLog(context)
        try context.save()
        // The save gives the two inserted objects their permanent IDs before didSave.
        #expect(
            log.lines == [
                "didChange ins=[#1, #2] upd=[] del=[]", "willSave", "idsMutated [#1, #2]",
                "didSave ins=[#1, #2] upd=[] del=[]",
            ])
        #expect(store.count == 2)

        try context.setValue(.string("A2"), forKey: "title", of: a.objectID)
        try context.processPendingChanges()
        try context.delete(b.objectID)
        try context.save()
        #expect(log.lines.suffix(2) == ["willSave", "didSave ins=[] upd=[#1] del=[#2]"])
        #expect(store.committedObject(a.objectID)?.values.first == .string("A2"))
        #expect(store.committedObject(b.objectID) == nil)

        // A fresh context on the same store sees the committed state and continues the IDs.
        let reopened = try ObjectContext(store: store)
        #expect(reopened.objectCount == 1)
        #expect(try reopened.insert("Note").objectID == ObjectID(3))
    }

    @Test func rollbackRestoresTheCommittedStateAsOneEvent() throws {
        let context = try makeNoteContext()
        let a = try context.insert(
            "Note", values: [("title", .string("A")), ("group", .string("G")), ("order", .int(0))])
        let b = try context.insert(
            "Note", values: [("title", .string("B")), ("group", .string("G")), ("order", .int(1))])
        try context.save()
        try context.setValue(.string("A2"), forKey: "title", of: a.objectID)
        try context.delete(b.objectID)
        let c = try context.insert("Note", values: [("title", .string("C"))])
        try context.processPendingChanges()
        try context.setValue(.string("A3"), forKey: "title", of: a.objectID)  // still pending
        let log = NotificationLog(context)

        try context.rollback()
        #expect(log.lines == [##"didChange ins=[#2] upd=["#1[title:\"A2\"→\"A\"]"] del=[#3]"##])
        #expect(context.object(with: a.objectID)?["title"] == .string("A"))
        #expect(context.object(with: b.objectID)?["title"] == .string("B"))
        #expect(context.object(with: c.objectID) == nil)
        #expect(!context.hasChanges)
        #expect(throws: ObjectGraphError.nothingToUndo) { try context.undo() }
    }

    @Test func processingFromInsideAnObserverIsRejected() throws {
        let context = try makeNoteContext()
        var nested: ObjectGraphError?
        context.addObserver { notification in
            guard case .objectsDidChange = notification else { return }
            do { try context.processPendingChanges() } catch let error as ObjectGraphError { nested = error } catch {}
        }
        _ = try context.insert("Note")
        try context.processPendingChanges()
        #expect(nested == .reentrantChangeProcessing)
    }

    @Test func observersCanBeRemoved() throws {
        let context = try makeNoteContext()
        var count = 0
        let token = context.addObserver { _ in count += 1 }
        _ = try context.insert("Note")
        try context.processPendingChanges()
        context.removeObserver(token)
        _ = try context.insert("Note")
        try context.processPendingChanges()
        #expect(count == 1)
    }

    @Test func schemaRejectsBadDefinitions() {
        #expect(throws: ObjectGraphError.duplicateAttribute("a", entity: "E")) {
            try Entity(name: "E", attributes: [Attribute("a", .int), Attribute("a", .string)])
        }
        #expect(throws: ObjectGraphError.invalidName("9lives")) { try Entity(name: "9lives", attributes: []) }
        #expect(throws: ObjectGraphError.self) {
            try Entity(name: "E", attributes: [Attribute("a", .int, defaultValue: .string("x"))])
        }
    }
}

@Suite struct SchemaDefaultTests {
    @Test func anIntegerDefaultOfADoubleAttributeIsStoredAsADouble() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "P", attributes: [Attribute("x", .double, defaultValue: .int(3))]))
        #expect(try context.insert("P")["x"] == .double(3))
    }
}

/// Action names travel with their events through undo and redo, as `UndoManager`'s do.
@Suite struct UndoActionNameTests {
    @Test func theNameGoesWithTheEventItWasSetFor() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "Item", attributes: [Attribute("n", .int)]))
        context.setActionName("first")
        let item = try context.insert("Item", values: [("n", .int(1))])
        try context.processPendingChanges()
        try context.setValue(.int(2), forKey: "n", of: item.objectID)
        try context.processPendingChanges()
        #expect(context.undoActionName == nil, "the second event was not named")
        try context.undo()
        #expect(context.undoActionName == "first")
        #expect(context.redoActionName == nil)
        try context.undo()
        #expect(context.redoActionName == "first")
        try context.redo()
        #expect(context.undoActionName == "first")
    }

    @Test func discardingPendingEditsForgetsTheirName() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "Item", attributes: [Attribute("n", .int)]))
        context.setActionName("discarded")
        _ = try context.insert("Item", values: [("n", .int(1))])
        #expect(context.undoActionName == "discarded")
        context.discardPendingChanges()
        _ = try context.insert("Item", values: [("n", .int(2))])
        try context.processPendingChanges()
        #expect(context.undoActionName == nil)
    }
}

/// A different `define` of an entity replaces it while it has no objects (a typo is not
/// permanent) and is refused while it has some.
@Suite struct EntityRedefinitionTests {
    @Test func anEntityWithoutObjectsIsReplacedInPlace() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "Task", attributes: [Attribute("titel", .string)]))
        try context.define(Entity(name: "Tag", attributes: [Attribute("label", .string)]))
        try context.define(Entity(name: "Task", attributes: [Attribute("title", .string)]))
        #expect(context.schema.entities.map(\.name) == ["Task", "Tag"])
        #expect(context.schema.entity(named: "Task")?.attributes.map(\.name) == ["title"])
        #expect(try context.insert("Task", values: [("title", .string("ok"))])["title"] == .string("ok"))
    }

    @Test func anEntityWithObjectsIsNotRedefined() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "Task", attributes: [Attribute("title", .string)]))
        let task = try context.insert("Task", values: [("title", .string("a"))])
        #expect(throws: ObjectGraphError.entityInUse("Task", objects: 1)) {
            try context.define(Entity(name: "Task", attributes: [Attribute("title", .int)]))
        }
        // A delete still pending could be discarded, bringing the object back: still in use.
        try context.processPendingChanges()
        try context.delete(task.objectID)
        #expect(throws: ObjectGraphError.entityInUse("Task", objects: 1)) {
            try context.define(Entity(name: "Task", attributes: [Attribute("title", .int)]))
        }
        try context.processPendingChanges()
        try context.define(Entity(name: "Task", attributes: [Attribute("title", .int)]))
        #expect(!context.canUndo, "undo would bring back an object of the old shape")
    }
}
