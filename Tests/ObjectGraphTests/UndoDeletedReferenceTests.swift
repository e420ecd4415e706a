import Testing

@testable import ObjectGraph

// Undo restores the exact earlier state of the context's objects, including relationships that
// hold an object deleted in the same unsaved context; a delete in the event that links an object
// to it applies its delete rules to that link (docs/semantics.md, "Undo restores what the event
// changed"). The expected states below are worked out by hand from those rules.

private func ids(_ raw: Int...) -> Value { .objects(raw.map(ObjectID.init)) }

/// Tags and Books, many-to-many; `Book.tags` has the *Deny* rule, `Tag.books` *Nullify* (the
/// fuzzer's Library model).
private func makeLibraryContext() throws -> ObjectContext {
    let context = try ObjectContext()
    try context.define(Entity(name: "Tag", attributes: [Attribute("label", .string)]))
    try context.define(
        Entity(
            name: "Book",
            attributes: [
                Attribute("title", .string), .toMany("tags", destination: "Tag", inverse: "books", deleteRule: .deny),
            ]))
    try context.define(
        Entity(
            name: "Tag",
            attributes: [Attribute("label", .string), .toMany("books", destination: "Book", inverse: "tags")]))
    return context
}

/// Books in a chain: `next` (*Cascade*) and `previous` (`previousRule`) are inverses (the
/// fuzzer's Catalog model has *Nullify* for `previous`).
private func makeChainContext(nextRule: DeleteRule = .cascade) throws -> ObjectContext {
    let context = try ObjectContext()
    try context.define(
        Entity(
            name: "Book",
            attributes: [
                Attribute("title", .string),
                .toOne("next", destination: "Book", inverse: "previous", deleteRule: nextRule),
                .toOne("previous", destination: "Book", inverse: "next"),
            ]))
    return context
}

/// Saves books #1 and #2, then in one event links #2 to #1 (`previous`) and deletes #1; the log
/// starts after the save.
private func linkSecondToFirstAndDeleteFirst(in context: ObjectContext) throws -> NotificationLog {
    try context.insert("Book", values: [("title", .string("a"))])
    try context.insert("Book", values: [("title", .string("b"))])
    try context.save()
    let log = NotificationLog(context)
    try context.setValue(.object(ObjectID(1)), forKey: "previous", of: ObjectID(2))
    try context.delete(ObjectID(1))
    try context.processPendingChanges()
    return log
}

@Suite struct UndoDeletedReferenceTests {
    /// Sessions/fuzz-model-deny-delete-then-undo-refused.session: tag #1, books #2 and #3 holding
    /// it; #2 is deleted (Deny: #1.books keeps it), then #3's tags are emptied.
    @Test func undoPutsADeniedDeletedObjectBackIntoTheInverse() throws {
        let context = try makeLibraryContext()
        let tag = try context.insert("Tag", values: [("label", .string("t90"))])
        try context.processPendingChanges()
        try context.insert("Book", values: [("title", .string("m1")), ("tags", ids(1))])
        let kept = try context.insert("Book", values: [("title", .string("o1")), ("tags", ids(1))])
        try context.processPendingChanges()
        try context.delete(ObjectID(2))
        try context.processPendingChanges()
        #expect(tag["books"] == ids(2, 3))
        try context.setValue(ids(), forKey: "tags", of: kept.objectID)
        try context.processPendingChanges()
        #expect(tag["books"] == ids(2))

        let log = NotificationLog(context)
        try context.undo()
        #expect(log.lines == ["didChange ins=[] upd=[\"#1[books:[#2]→[#2, #3]]\", \"#3[tags:[]→[#1]]\"] del=[]"])
        #expect(tag["books"] == ids(2, 3))
        #expect(kept["tags"] == ids(1))
        // The state is the one before the edit: the save is still denied for #2.
        let failure = RelationshipValidationFailure(
            kind: .deniedDelete, objectID: ObjectID(2), entity: "Book", key: "tags")
        #expect(throws: ObjectGraphError.relationshipValidation([failure])) { try context.save() }

        try context.redo()
        #expect(tag["books"] == ids(2))
        #expect(kept["tags"] == ids())
        try context.undo()
        try context.undo()
        #expect(context.object(with: ObjectID(2))?["tags"] == ids(1))
        #expect(tag["books"] == ids(2, 3))
        try context.save()
    }

    /// Sessions/fuzz-model-delete-in-the-line-that-links-it.session: one event inserts #2 with
    /// previous=#1 and deletes #1. The inverse makes #1.next #2, and #1's Cascade rule deletes
    /// #2, an insert of the same event: both cancel out, and nothing points to a deleted object.
    @Test func aDeleteInTheEventThatLinksItCascadesAlongTheNewLink() throws {
        let context = try makeChainContext()
        try context.insert("Book", values: [("title", .string("j1"))])
        try context.processPendingChanges()
        let log = NotificationLog(context)
        try context.insert("Book", values: [("title", .string("r1")), ("previous", .object(ObjectID(1)))])
        try context.delete(ObjectID(1))
        try context.processPendingChanges()
        #expect(log.lines == ["didChange ins=[] upd=[] del=[#1]"])
        #expect(context.objectCount == 0)

        try context.undo()
        #expect(log.lines.last == "didChange ins=[#1] upd=[] del=[]")
        #expect(context.object(with: ObjectID(1))?["next"] == .null)
        #expect(context.object(with: ObjectID(2)) == nil)
        try context.redo()
        #expect(log.lines.last == "didChange ins=[] upd=[] del=[#1]")
        #expect(context.objectCount == 0)
    }

    /// Two saved books; one event links #2 to #1 and deletes #1: the Cascade along the new link
    /// deletes #2 too, and undo brings both back as they were before the event.
    @Test func undoBringsBackWhatTheNewLinkCascadedTo() throws {
        let context = try makeChainContext()
        let log = try linkSecondToFirstAndDeleteFirst(in: context)
        #expect(log.lines == ["didChange ins=[] upd=[] del=[#1, #2]"])

        try context.undo()
        #expect(log.lines.last == "didChange ins=[#1, #2] upd=[] del=[]")
        #expect(context.object(with: ObjectID(1))?["next"] == .null)
        #expect(context.object(with: ObjectID(2))?["previous"] == .null)
        try context.redo()
        #expect(context.objectCount == 0)
        try context.undo()
        try context.save()
    }

    /// With *Nullify* on `next`, the same event leaves #2 live with `previous` cleared — written
    /// and set back, so updated without a changed key — and undo has nothing deleted to restore
    /// into it.
    @Test func aNullifyRuleClearsTheNewLinkToTheDeletedObject() throws {
        let context = try makeChainContext(nextRule: .nullify)
        let log = try linkSecondToFirstAndDeleteFirst(in: context)
        #expect(log.lines == ["didChange ins=[] upd=[\"#2[]\"] del=[#1]"])
        #expect(context.object(with: ObjectID(2))?["previous"] == .null)
        try context.setValue(.string("c"), forKey: "title", of: ObjectID(2))
        try context.processPendingChanges()
        try context.undo()
        try context.undo()
        #expect(context.object(with: ObjectID(1))?["next"] == .null)
        #expect(context.object(with: ObjectID(2))?["previous"] == .null)
        try context.save()
    }

    /// An event that cuts a link and deletes the object at its other end: the cut reaches the
    /// deleted object first, so its Cascade rule no longer holds the other one.
    @Test func aLinkCutInTheDeletingEventIsNotCascadedAlong() throws {
        let context = try makeChainContext()
        try context.insert("Book", values: [("title", .string("a"))])
        try context.insert("Book", values: [("title", .string("b")), ("previous", .object(ObjectID(1)))])
        try context.save()
        #expect(context.object(with: ObjectID(1))?["next"] == .object(ObjectID(2)))
        let log = NotificationLog(context)
        try context.setValue(.null, forKey: "previous", of: ObjectID(2))
        try context.delete(ObjectID(1))
        try context.processPendingChanges()
        #expect(log.lines == ["didChange ins=[] upd=[\"#2[previous:#1→nil]\"] del=[#1]"])
        try context.undo()
        #expect(context.object(with: ObjectID(1))?["next"] == .object(ObjectID(2)))
        #expect(context.object(with: ObjectID(2))?["previous"] == .object(ObjectID(1)))
    }
}
