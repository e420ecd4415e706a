import Testing

@testable import ObjectGraph

/// A Folder holds Notes: `Folder.notes` (to-many, inverse `folder`, rule `folderRule`) and
/// `Note.folder` (to-one, inverse `notes`, Nullify); Tags and Notes are many-to-many.
private func makeFolderContext(
    folderRule: DeleteRule = .nullify, ordered: Bool = false,
    minCount: Int = 0, maxCount: Int = 0, store: PersistentStore = InMemoryStore()
) throws -> ObjectContext {
    let context = try ObjectContext(store: store)
    try context.define(Entity(name: "Folder", attributes: [Attribute("name", .string)]))
    try context.define(
        Entity(
            name: "Note",
            attributes: [
                Attribute("title", .string), Attribute("done", .bool, isOptional: true),
                .toOne("folder", destination: "Folder", inverse: "notes"),
            ]))
    try context.define(
        Entity(
            name: "Folder",
            attributes: [
                Attribute("name", .string),
                .toMany(
                    "notes", destination: "Note", isOrdered: ordered, inverse: "folder", deleteRule: folderRule,
                    minCount: minCount, maxCount: maxCount),
            ]))
    return context
}

private func ids(_ raw: Int...) -> Value { .objects(raw.map(ObjectID.init)) }

@Suite struct ToManyModelTests {
    @Test func anUnorderedValueIsASetSortedByID() throws {
        let notes = Attribute.toMany("notes", destination: "Note")
        #expect(try notes.coerce(ids(5, 2, 5, 3), entity: "Folder") == ids(2, 3, 5))
        #expect(try notes.acceptingEdit(.null, entity: "Folder") == ids())
        #expect(notes.initialValue == ids())
        #expect(notes.typeText == "[Note]")
    }

    @Test func anOrderedValueKeepsItsOrderWithoutDuplicates() throws {
        let notes = Attribute.toMany("notes", destination: "Note", isOrdered: true)
        #expect(try notes.coerce(ids(5, 2, 5, 3), entity: "Folder") == ids(5, 2, 3))
        #expect(notes.relationshipOptionsText == "ordered=true")
    }

    @Test func anInverseMustPointBack() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "Folder", attributes: [Attribute("name", .string)]))
        // `title` is no relationship: it cannot be the inverse.
        try context.define(Entity(name: "Note", attributes: [Attribute("title", .string)]))
        #expect(
            throws: ObjectGraphError.invalidRelationship(
                "notes", entity: "Folder",
                problem: "its inverse 'Note.title' is not a relationship to 'Folder'")
        ) {
            try context.define(
                Entity(name: "Folder", attributes: [.toMany("notes", destination: "Note", inverse: "title")]))
        }
        #expect(
            throws: ObjectGraphError.invalidRelationship(
                "notes", entity: "Folder", problem: "its minimum count is above its maximum")
        ) {
            try context.define(
                Entity(name: "Folder", attributes: [.toMany("notes", destination: "Note", minCount: 3, maxCount: 2)]))
        }
    }

    @Test func aValueListsItsObjects() {
        #expect(ids(3, 4).description == "[#3, #4]")
        #expect(Value.objectList("[#3, #4]") == [ObjectID(3), ObjectID(4)])
        #expect(Value.objectList("[#4 #3]") == [ObjectID(4), ObjectID(3)])
        #expect(Value.objectList("[]") == [])
        #expect(Value.objectList("[3]") == nil)
        #expect(Value.objectList("#3") == nil)
        // Sets order after every other kind, and among themselves by their IDs in turn.
        #expect(Value.compare(ids(1, 2), ids(1, 3)) < 0)
        #expect(Value.compare(ids(1), ids(1, 0)) < 0)
        #expect(Value.compare(.object(ObjectID(9)), ids()) < 0)
    }

    /// A context with relationship rules is freed with its last reference (its store closes).
    @Test func aContextWithRulesIsFreed() throws {
        weak var weakContext: ObjectContext?
        do {
            let context = try makeFolderContext(folderRule: .deny)
            weakContext = context
            let home = try context.insert("Folder", values: [("name", .string("Home"))])
            try context.insert("Note", values: [("title", .string("A")), ("folder", .object(home.objectID))])
            try context.save()
            try context.delete(home.objectID)
            try context.processPendingChanges()
        }
        #expect(weakContext == nil)
    }

    /// The ID array lives in the object's own allocation: it is released when the object goes
    /// and when the value is replaced (a leak would keep the caller's buffer shared).
    @Test func aPackedArrayIsReleased() throws {
        let entity = try Entity(name: "Folder", attributes: [.toMany("notes", destination: "Folder")])
        let kind = ObjectKind(entity: entity, context: nil)
        var list: [ObjectID] = [ObjectID(1), ObjectID(2)]
        list.reserveCapacity(64)
        let start = list.withUnsafeBufferPointer { $0.baseAddress }
        do {
            let object = ManagedObject.make(ObjectID(1), kind: kind, values: [.objects(list)])
            #expect(object.value(at: 0) == .objects(list))
            #expect(object.holdsExactly(.objects(list), at: 0))
            object.setValue(.objects(list), at: 0)  // replaced by itself: one reference dropped, one taken
        }
        list.append(ObjectID(3))  // unique again: appended in place, not copied
        #expect(list.withUnsafeBufferPointer { $0.baseAddress } == start)
    }
}

@Suite struct InverseMaintenanceTests {
    @Test func settingTheToOneSideMovesTheNoteBetweenFoldersInOneEvent() throws {
        let context = try makeFolderContext()
        let log = NotificationLog(context)
        let home = try context.insert("Folder", values: [("name", .string("Home"))])
        let work = try context.insert("Folder", values: [("name", .string("Work"))])
        let milk = try context.insert("Note", values: [("title", .string("Milk")), ("folder", .object(home.objectID))])
        // Deferred, as Core Data's: the inverse changes when the event is processed.
        #expect(home["notes"] == ids())
        try context.processPendingChanges()
        #expect(home["notes"] == ids(3))
        #expect(log.lines.last == "didChange ins=[#1, #2, #3] upd=[] del=[]")

        try context.setValue(.object(work.objectID), forKey: "folder", of: milk.objectID)
        try context.processPendingChanges()
        #expect(home["notes"] == ids())
        #expect(work["notes"] == ids(3))
        #expect(
            log.lines.last
                == "didChange ins=[] upd=[\"#1[notes:[#3]→[]]\", \"#2[notes:[]→[#3]]\", \"#3[folder:#1→#2]\"] del=[]")
    }

    @Test func settingTheToManySideSetsEachNotesFolder() throws {
        let context = try makeFolderContext()
        let log = NotificationLog(context)
        let home = try context.insert("Folder", values: [("name", .string("Home"))])
        let work = try context.insert("Folder", values: [("name", .string("Work"))])
        for title in ["A", "B", "C"] {
            try context.insert("Note", values: [("title", .string(title)), ("folder", .object(home.objectID))])
        }
        try context.processPendingChanges()
        #expect(home["notes"] == ids(3, 4, 5))

        // #3 and #5 move to Work: their folder changes, and Home loses them.
        try context.setValue(ids(5, 3), forKey: "notes", of: work.objectID)
        try context.processPendingChanges()
        #expect(work["notes"] == ids(3, 5))
        #expect(home["notes"] == ids(4))
        #expect(
            log.lines.last == "didChange ins=[] upd=[\"#1[notes:[#3, #4, #5]→[#4]]\", \"#2[notes:[]→[#3, #5]]\", "
                + "\"#3[folder:#1→#2]\", \"#5[folder:#1→#2]\"] del=[]")

        // Emptying a folder leaves its notes without one.
        try context.setValue(ids(), forKey: "notes", of: work.objectID)
        try context.processPendingChanges()
        #expect(context.object(with: ObjectID(3))?["folder"] == .null)
        #expect(context.object(with: ObjectID(5))?["folder"] == .null)
    }

    @Test func manyToManyKeepsBothSides() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "Tag", attributes: [Attribute("name", .string)]))
        try context.define(Entity(name: "Note", attributes: [.toMany("tags", destination: "Tag", inverse: "notes")]))
        try context.define(
            Entity(
                name: "Tag",
                attributes: [Attribute("name", .string), .toMany("notes", destination: "Note", inverse: "tags")]))
        let a = try context.insert("Tag", values: [("name", .string("a"))])
        let b = try context.insert("Tag", values: [("name", .string("b"))])
        let note = try context.insert("Note", values: [("tags", ids(2, 1))])
        try context.processPendingChanges()
        #expect(a["notes"] == ids(3))
        #expect(b["notes"] == ids(3))
        try context.setValue(ids(), forKey: "notes", of: a.objectID)
        try context.processPendingChanges()
        #expect(note["tags"] == ids(2))
    }

    @Test func anOrderedRelationshipAppendsInIDOrder() throws {
        let context = try makeFolderContext(ordered: true)
        let home = try context.insert("Folder", values: [("name", .string("Home"))])
        try context.insert("Note", values: [("title", .string("A"))])
        try context.insert("Note", values: [("title", .string("B"))])
        try context.processPendingChanges()
        try context.setValue(ids(3, 2), forKey: "notes", of: home.objectID)
        try context.processPendingChanges()
        #expect(home["notes"] == ids(3, 2))
        let c = try context.insert("Note", values: [("title", .string("C")), ("folder", .object(home.objectID))])
        try context.processPendingChanges()
        #expect(home["notes"] == ids(3, 2, 4))
        try context.setValue(.null, forKey: "folder", of: ObjectID(3))
        try context.processPendingChanges()
        #expect(home["notes"] == ids(2, c.objectID.rawValue))
    }

    @Test func undoAndRollbackRestoreBothSides() throws {
        let context = try makeFolderContext()
        let home = try context.insert("Folder", values: [("name", .string("Home"))])
        let work = try context.insert("Folder", values: [("name", .string("Work"))])
        let note = try context.insert("Note", values: [("title", .string("A")), ("folder", .object(home.objectID))])
        try context.save()
        try context.setValue(.object(work.objectID), forKey: "folder", of: note.objectID)
        try context.processPendingChanges()
        try context.undo()
        #expect(home["notes"] == ids(3))
        #expect(work["notes"] == ids())
        #expect(note["folder"] == .object(home.objectID))
        try context.redo()
        #expect(work["notes"] == ids(3))
        try context.rollback()
        #expect(home["notes"] == ids(3))
        #expect(work["notes"] == ids())
        #expect(note["folder"] == .object(home.objectID))
    }
}

@Suite struct DeleteRuleTests {
    /// Home (#1) holds A (#2) and B (#3).
    private func folderWithTwoNotes(_ rule: DeleteRule) throws -> ObjectContext {
        let context = try makeFolderContext(folderRule: rule)
        let home = try context.insert("Folder", values: [("name", .string("Home"))])
        try context.insert("Note", values: [("title", .string("A")), ("folder", .object(home.objectID))])
        try context.insert("Note", values: [("title", .string("B")), ("folder", .object(home.objectID))])
        try context.save()
        return context
    }

    @Test func cascadeDeletesTheNotesInTheSameEvent() throws {
        let context = try folderWithTwoNotes(.cascade)
        let log = NotificationLog(context)
        try context.delete(ObjectID(1))
        try context.processPendingChanges()
        #expect(log.lines == ["didChange ins=[] upd=[] del=[#1, #2, #3]"])
        #expect(context.objectCount == 0)
        try context.undo()
        #expect(context.object(with: ObjectID(1))?["notes"] == ids(2, 3))
        #expect(context.object(with: ObjectID(2))?["folder"] == .object(ObjectID(1)))
    }

    @Test func nullifyClearsTheInverse() throws {
        let context = try folderWithTwoNotes(.nullify)
        let log = NotificationLog(context)
        try context.delete(ObjectID(1))
        try context.processPendingChanges()
        #expect(log.lines == ["didChange ins=[] upd=[\"#2[folder:#1→nil]\", \"#3[folder:#1→nil]\"] del=[#1]"])
        // Deleting a note (Note.folder is Nullify) takes it out of its folder.
        let other = try folderWithTwoNotes(.nullify)
        try other.delete(ObjectID(2))
        try other.processPendingChanges()
        #expect(other.object(with: ObjectID(1))?["notes"] == ids(3))
    }

    @Test func denyRefusesTheSaveWhileNotesRemain() throws {
        let context = try folderWithTwoNotes(.deny)
        let log = NotificationLog(context)
        try context.delete(ObjectID(1))
        try context.processPendingChanges()
        // The delete itself goes through; the notes keep pointing to it.
        #expect(log.lines == ["didChange ins=[] upd=[] del=[#1]"])
        #expect(context.object(with: ObjectID(2))?["folder"] == .object(ObjectID(1)))
        let failure = RelationshipValidationFailure(
            kind: .deniedDelete, objectID: ObjectID(1), entity: "Folder", key: "notes")
        #expect(throws: ObjectGraphError.relationshipValidation([failure])) { try context.save() }
        #expect(
            "\(ObjectGraphError.relationshipValidation([failure]))"
                == "save failed, nothing saved: NSCocoaErrorDomain code 1600 "
                + "(NSValidationRelationshipDeniedDeleteError) \"The operation couldn\u{2019}t be completed. (Cocoa error 1600.)\" "
                + "for object #1 Folder, key notes")
        #expect(!log.lines.contains("willSave"))
        // Once the notes are gone too, the save goes through.
        try context.delete(ObjectID(2))
        try context.delete(ObjectID(3))
        let summary = try context.save()
        #expect(summary.deletedIDs == [ObjectID(1), ObjectID(2), ObjectID(3)])
    }

    @Test func undoingADeniedDeleteLetsTheSaveThrough() throws {
        let context = try folderWithTwoNotes(.deny)
        try context.delete(ObjectID(1))
        try context.processPendingChanges()
        try context.undo()
        try context.save()
    }

    @Test func noActionLeavesDanglingReferences() throws {
        let context = try folderWithTwoNotes(.noAction)
        let log = NotificationLog(context)
        try context.delete(ObjectID(1))
        try context.processPendingChanges()
        #expect(log.lines == ["didChange ins=[] upd=[] del=[#1]"])
        #expect(context.object(with: ObjectID(2))?["folder"] == .object(ObjectID(1)))
        try context.save()
    }

    @Test func countsAreCheckedBySave() throws {
        let context = try makeFolderContext(minCount: 2, maxCount: 3)
        let home = try context.insert("Folder", values: [("name", .string("Home"))])
        try context.save()  // empty: an optional relationship may be
        for title in ["A"] {
            try context.insert("Note", values: [("title", .string(title)), ("folder", .object(home.objectID))])
        }
        #expect(
            throws: ObjectGraphError.relationshipValidation([
                .init(kind: .tooFew, objectID: ObjectID(1), entity: "Folder", key: "notes")
            ])
        ) {
            try context.save()
        }
        for title in ["B", "C", "D"] {
            try context.insert("Note", values: [("title", .string(title)), ("folder", .object(home.objectID))])
        }
        #expect(
            throws: ObjectGraphError.relationshipValidation([
                .init(kind: .tooMany, objectID: ObjectID(1), entity: "Folder", key: "notes")
            ])
        ) {
            try context.save()
        }
        try context.delete(ObjectID(5))
        try context.save()
        #expect(home["notes"] == ids(2, 3, 4))
    }
}

@Suite struct OneToOneInverseTests {
    /// Person.desk ↔ Desk.owner, both to-one: taking a desk from its owner leaves them without one.
    @Test func aNewOwnerTakesTheDeskFromTheOldOne() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "Desk", attributes: [Attribute("name", .string)]))
        try context.define(Entity(name: "Person", attributes: [.toOne("desk", destination: "Desk", inverse: "owner")]))
        try context.define(
            Entity(
                name: "Desk",
                attributes: [Attribute("name", .string), .toOne("owner", destination: "Person", inverse: "desk")]))
        let desk = try context.insert("Desk", values: [("name", .string("by the window"))])
        let ann = try context.insert("Person", values: [("desk", .object(desk.objectID))])
        let bob = try context.insert("Person")
        try context.processPendingChanges()
        #expect(desk["owner"] == .object(ann.objectID))
        try context.setValue(.object(bob.objectID), forKey: "owner", of: desk.objectID)
        try context.processPendingChanges()
        #expect(bob["desk"] == .object(desk.objectID))
        #expect(ann["desk"] == .null)
    }
}
