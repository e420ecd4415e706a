import ObjectGraph
import Testing

/// Required attributes as Core Data has them (issue 13 item 9): nil until set, and a save with a
/// nil one fails validation — code 1570 for one, 1560 for several — and writes nothing.
@Suite struct MandatoryPropertyTests {
    @Test func insertLeavesRequiredAttributesWithoutDefaultNil() throws {
        let context = try makeNoteContext()
        try context.define(
            Entity(
                name: "Task", attributes: [Attribute("rank", .int, defaultValue: .int(5)), Attribute("name", .string)]))
        let note = try context.insert("Note", values: [("title", .string("Tea"))])
        #expect(note.values == [.string("Tea"), .null, .null, .null])
        let task = try context.insert("Task")
        #expect(task.values == [.int(5), .null], "a default still applies")
    }

    @Test func saveWithOneMissingValueFailsWith1570AndSavesNothing() throws {
        let store = InMemoryStore()
        let context = try makeNoteContext(store: store)
        let note = try context.insert("Note", values: [("title", .string("Tea")), ("group", .string("Home"))])
        let log = NotificationLog(context)
        #expect(
            throws: ObjectGraphError.missingMandatoryProperties([
                MissingMandatoryProperty(objectID: note.objectID, entity: "Note", key: "order")
            ])
        ) {
            try context.save()
        }
        #expect(try store.committedObject(note.objectID) == nil, "nothing was written")
        #expect(context.hasUnsavedEvents)
        #expect(!log.lines.contains { $0.contains("Save") }, "no willSave/didSave: validation comes first")
        let error = ObjectGraphError.missingMandatoryProperties([
            MissingMandatoryProperty(objectID: note.objectID, entity: "Note", key: "order")
        ])
        #expect(
            error.description
                == #"save failed, nothing saved: NSCocoaErrorDomain code 1570 (NSValidationMissingMandatoryPropertyError) "order is a required value." for object \#(note.objectID) Note"#
        )
        try context.setValue(.int(1), forKey: "order", of: note.objectID)
        let summary = try context.save()
        #expect(summary.insertedIDs == [note.objectID])
    }

    @Test func severalMissingValuesFailWith1560NamingEach() throws {
        let context = try makeNoteContext()
        let a = try context.insert("Note", values: [("title", .string("A")), ("group", .string("G"))])
        let b = try context.insert("Note", values: [("order", .int(2)), ("group", .string("G"))])
        do {
            try context.save()
            Issue.record("save succeeded")
        } catch {
            #expect(
                error
                    == .missingMandatoryProperties([
                        MissingMandatoryProperty(objectID: a.objectID, entity: "Note", key: "order"),
                        MissingMandatoryProperty(objectID: b.objectID, entity: "Note", key: "title"),
                    ]))
            #expect(
                error.description.hasPrefix(
                    #"save failed, nothing saved: NSCocoaErrorDomain code 1560 (NSValidationMultipleErrorsError) "Multiple validation errors occurred.": "order is a required value." for \#(a.objectID) Note; "title is a required value." for \#(b.objectID) Note"#
                ))
        }
    }

    /// Deleting the object with the missing value lets the save go through.
    @Test func aDeletedObjectIsNotValidated() throws {
        let context = try makeNoteContext()
        let note = try context.insert("Note")
        try context.processPendingChanges()
        try context.delete(note.objectID)
        #expect(throws: Never.self) { try context.save() }
    }
}
