import FetchSimCoreData
import Foundation
import Testing

@Suite struct ContextTests {
    @Test func insertedObjectsAreFetchedSortedAndFiltered() throws {
        let context = try NotesModel.container().viewContext
        for (title, order) in [("Milk", 3), ("Bread", 1), ("Eggs", 2), ("Tea", 4)] {
            let note = Note(context: context)
            note.title = title
            note.order = Int64(order)
        }
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        #expect(try context.fetch(request).map(\.title) == ["Bread", "Eggs", "Milk", "Tea"])

        request.predicate = NSPredicate(format: "order >= %d AND title != %@", 2, "Tea")
        #expect(try context.fetch(request).map(\.title) == ["Eggs", "Milk"])

        request.predicate = NSPredicate(format: "%K BEGINSWITH[c] %@", "title", "m")
        #expect(try context.fetch(request).map(\.title) == ["Milk"])

        request.predicate = NSPredicate(format: "order IN %@", [1, 4])
        #expect(try context.fetch(request).map(\.title) == ["Bread", "Tea"])

        request.predicate = nil
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: false)]
        request.fetchOffset = 1
        request.fetchLimit = 2
        #expect(try context.fetch(request).map(\.title) == ["Milk", "Eggs"])
        #expect(try context.count(for: request) == 2)
        #expect(try context.count(for: Note.fetchRequest() as NSFetchRequest<Note>) == 4)
    }

    /// This file imports Foundation too: `NSPredicate(format:)` and `NSSortDescriptor(key:ascending:)`
    /// make FetchSimCoreData's (see also NearMissTests, which type-checks such a file).
    @Test func predicateAndSortDescriptorNamesAreFetchSimsBesideFoundation() {
        let predicate = NSPredicate(format: "title == %@", "Milk")
        let sort = NSSortDescriptor(key: "order", ascending: true)
        #expect(ObjectIdentifier(type(of: predicate)) == ObjectIdentifier(FetchSimCoreData.NSPredicate.self))
        #expect(ObjectIdentifier(type(of: sort)) == ObjectIdentifier(FetchSimCoreData.NSSortDescriptor.self))
        #expect(predicate.predicateFormat == "title == %@")
        #expect(FetchSimCoreData.NSPredicate(value: true).predicateFormat == "TRUEPREDICATE")
    }

    @Test func aFormatThatCannotBeParsedFailsTheFetchNamingIt() throws {
        let context = try NotesModel.container().viewContext
        let request = NSFetchRequest<Note>(entityName: "Note")
        request.predicate = NSPredicate(format: "title ==")
        #expect(throws: CoreDataError.self) { try context.fetch(request) }
        request.predicate = NSPredicate(format: "title == %@")
        do {
            _ = try context.fetch(request)
            Issue.record("a placeholder without an argument was accepted")
        } catch {
            #expect("\(error)" == "fetch of 'Note': predicate 'title == %@' has 1 placeholders but 0 arguments")
        }
    }

    @Test func aFetchWithoutSortDescriptorsReturnsCreationOrder() throws {
        let context = try NotesModel.container().viewContext
        for title in ["b", "a", "c"] { Note(context: context).title = title }
        #expect(try context.fetch(Note.fetchRequest() as NSFetchRequest<Note>).map(\.title) == ["b", "a", "c"])
    }

    @Test func saveRollbackAndChangeSets() throws {
        let context = try NotesModel.container().viewContext
        #expect(!context.hasChanges)
        let milk = Note(context: context)
        milk.title = "Milk"
        #expect(context.hasChanges)
        #expect(milk.isInserted && !milk.isUpdated && milk.hasChanges)
        #expect(milk.objectID.isTemporaryID)
        #expect(context.insertedObjects == [milk])
        try context.save()
        #expect(!context.hasChanges && !milk.hasChanges && !milk.objectID.isTemporaryID)

        milk.title = "Oat milk"
        #expect(milk.isUpdated)
        #expect(context.updatedObjects == [milk])
        context.rollback()
        #expect(milk.title == "Milk")
        #expect(!context.hasChanges)

        context.delete(milk)
        #expect(milk.isDeleted)
        #expect(context.deletedObjects == [milk])
        #expect(milk.title == "Milk")  // a deleted object stays readable
        context.rollback()
        #expect(!milk.isDeleted)
        #expect(milk.managedObjectContext === context)
        #expect(try context.count(for: NSFetchRequest<Note>(entityName: "Note")) == 1)

        context.delete(milk)
        try context.save()
        #expect(milk.managedObjectContext == nil)
        #expect(try context.count(for: NSFetchRequest<Note>(entityName: "Note")) == 0)
    }

    @Test func aRequiredValueThatIsNilFailsTheSave() throws {
        let context = try NotesModel.container().viewContext
        let note = Note(context: context)
        note.setValue(nil, forKey: "order")
        #expect(throws: CoreDataError.self) { try context.save() }
        note.order = 2
        try context.save()
    }

    @Test func keyValueCodingReturnsFoundationValues() throws {
        let context = try NotesModel.container().viewContext
        let note = Note(context: context)
        note.setValue("Milk", forKey: "title")
        note.setValue(7, forKey: "order")
        note.setValue(true, forKey: "done")
        #expect(note.value(forKey: "title") as? String == "Milk")
        #expect(note.value(forKey: "order") as? Int == 7)
        #expect(note.value(forKey: "order") as? Int64 == 7)
        #expect(note.value(forKey: "done") as? Bool == true)
        #expect(note.order == 7 && note.done)
        #expect(note.value(forKey: "due") == nil)
        #expect(context.raisedExceptions.take().isEmpty)
    }

    @Test func keyValueCodingMistakesRecordApplesExceptions() throws {
        let context = try NotesModel.container().viewContext
        let note = Note(context: context)
        note.setValue(3, forKey: "title")
        #expect(note.title == nil)
        note.setValue("x", forKey: "colour")
        _ = note.value(forKey: "colour")
        let raised = context.raisedExceptions.take()
        #expect(raised.map(\.name) == [.invalidArgumentException, .unknownKeyException, .unknownKeyException])
        #expect(
            raised.first?.reason?.hasPrefix(
                "Unacceptable type of value for attribute: property = \"title\"; desired type = NSString;") == true)
        #expect(
            raised[1].reason?.hasSuffix(
                "setValue:forUndefinedKey:]: the entity Note is not key value coding-compliant for the key \"colour\".")
                == true)
    }

    @Test func oneInstancePerObjectPerContext() throws {
        let context = try NotesModel.container().viewContext
        let note = Note(context: context)
        note.title = "Milk"
        let fetched = try context.fetch(Note.fetchRequest() as NSFetchRequest<Note>)
        #expect(fetched.count == 1 && fetched[0] === note)
        #expect(context.object(with: note.objectID) === note)
        #expect(try context.existingObject(with: note.objectID) === note)
    }

    @Test func relationshipsHoldObjectsOfTheContext() throws {
        let context = try NotesModel.container().viewContext
        let groceries = List(context: context)
        groceries.name = "Groceries"
        let note = Note(context: context)
        note.list = groceries
        #expect(note.list === groceries)
        #expect(note.value(forKey: "list") as? List === groceries)
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.predicate = NSPredicate(format: "list == %@", groceries)
        #expect(try context.fetch(request) == [note])
        request.predicate = NSPredicate(format: "list.name == %@", "Groceries")
        #expect(try context.fetch(request) == [note])
        context.delete(groceries)
        context.processPendingChanges()
        #expect(note.list == nil)  // the engine's nullify rule
    }

    @Test func entityLookupAndInsertNewObject() throws {
        let context = try NotesModel.container().viewContext
        let entity = try #require(NSEntityDescription.entity(forEntityName: "Note", in: context))
        #expect(entity.attributesByName["order"]?.attributeType == .integer64AttributeType)
        #expect(entity.relationshipsByName["list"]?.isToMany == false)
        #expect(entity.relationshipsByName["list"]?.destinationEntity?.name == "List")
        // `entity()` has no context: it searches every model made so far (tests running in
        // parallel make several, all with a Note entity of this class).
        #expect(Note.entity().name == "Note")
        #expect(Note.entity().managedObjectClassName == NSStringFromClass(Note.self))
        let object = NSEntityDescription.insertNewObject(forEntityName: "Note", into: context)
        #expect(object is Note)
        #expect(object.entity === entity)
        let unknown = NSEntityDescription.insertNewObject(forEntityName: "Nope", into: context)
        #expect(unknown.managedObjectContext == nil)
        #expect(
            context.raisedExceptions.take().map(\.reason) == [
                "+entityForName: could not locate an entity named 'Nope' in this model."
            ])
    }

    @Test func objectIDsAreSharedByContextsOfOneStore() throws {
        let container = try NotesModel.container()
        let note = Note(context: container.viewContext)
        note.title = "Milk"
        try container.viewContext.save()
        let background = container.newBackgroundContext()
        let other = try #require(background.object(with: note.objectID) as? Note)
        #expect(other !== note)
        #expect(other.objectID == note.objectID)
        #expect(other.title == "Milk")
        let uri = note.objectID.uriRepresentation().absoluteString
        #expect(uri.hasPrefix("x-coredata://") && uri.hasSuffix("/Note/p1"))
        let unsaved = Note(context: container.viewContext)
        #expect(unsaved.objectID.uriRepresentation().absoluteString == "x-coredata:///Note/t2")
    }
}

@Suite struct PredicateArgumentTests {
    /// Four notes due on days 1…4 after the reference date, ordered 1…4, with weights 0.5…2.0.
    static func context() throws -> NSManagedObjectContext {
        let context = try NotesModel.container().viewContext
        for day in 1...4 {
            let note = Note(context: context)
            note.title = "n\(day)"
            note.order = Int64(day)
            note.due = Date(timeIntervalSinceReferenceDate: Double(day) * 86_400)
        }
        return context
    }

    static func titles(_ context: NSManagedObjectContext, _ predicate: FetchSimCoreData.NSPredicate) throws -> [String?]
    {
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        request.predicate = predicate
        return try context.fetch(request).map(\.title)
    }

    @Test func datesNumbersAndListsAsArguments() throws {
        let context = try Self.context()
        let day2 = Date(timeIntervalSinceReferenceDate: 2 * 86_400)
        #expect(try Self.titles(context, NSPredicate(format: "due > %@", day2 as NSDate as Any)) == ["n3", "n4"])
        #expect(try Self.titles(context, NSPredicate(format: "due <= %@", day2)) == ["n1", "n2"])
        #expect(try Self.titles(context, NSPredicate(format: "order < %f", 2.5)) == ["n1", "n2"])
        #expect(try Self.titles(context, NSPredicate(format: "order == %ld", Int64(3))) == ["n3"])
        #expect(try Self.titles(context, NSPredicate(format: "order BETWEEN %@", [2, 3])) == ["n2", "n3"])
        #expect(
            try Self.titles(
                context, NSPredicate(format: "%K IN %@ OR title == %@", argumentArray: ["order", Set([1, 4]), "n2"]))
                == ["n1", "n2", "n4"])
        // A quoted "%d" is text, not a placeholder.
        #expect(try Self.titles(context, NSPredicate(format: "title != '%d' AND order > %d", 3)) == ["n4"])
        #expect(try Self.titles(context, FetchSimCoreData.NSPredicate(value: false)) == [])
    }

    /// Today's Core Data checks a cache against the sort keys, not their directions, and raises
    /// no "illegally mutated" error (docs/semantics.md, "The cache today"): a flipped direction
    /// under the same name fetches without an error; another key rebuilds the cache silently.
    @Test func aControllerCacheIsCheckedAsTodayWithoutAnError() throws {
        let context = try Self.context()
        let name = "Notes-\(UUID().uuidString)"
        let first: NSFetchRequest<Note> = Note.fetchRequest()
        first.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        try NSFetchedResultsController(
            fetchRequest: first, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: name
        ).performFetch()
        let second: NSFetchRequest<Note> = Note.fetchRequest()
        second.sortDescriptors = [NSSortDescriptor(key: "order", ascending: false)]
        let controller = NSFetchedResultsController(
            fetchRequest: second, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: name)
        try controller.performFetch()
        #expect(controller.fetchedObjects?.map(\.title) == ["n4", "n3", "n2", "n1"])
        let third: NSFetchRequest<Note> = Note.fetchRequest()
        third.sortDescriptors = [NSSortDescriptor(key: "title", ascending: true)]
        try NSFetchedResultsController(
            fetchRequest: third, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: name
        ).performFetch()
    }
}
