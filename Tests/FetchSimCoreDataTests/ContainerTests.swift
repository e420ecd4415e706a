import FetchSimCoreData
import Foundation
import Testing

@Suite struct ContainerTests {
    @Test func theDefaultStoreIsInMemory() throws {
        let container = try NotesModel.container()
        #expect(container.persistentStoreDescriptions.map(\.type) == [NSInMemoryStoreType])
        #expect(container.viewContext.concurrencyType == .mainQueueConcurrencyType)
        #expect(container.newBackgroundContext().concurrencyType == .privateQueueConcurrencyType)
        #expect(container.managedObjectModel.entitiesByName.keys.sorted() == ["List", "Note"])
    }

    @Test func anSQLiteStoreSurvivesANewContainer() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "FetchSimCoreData-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Notes.sqlite")

        func open() throws -> NSPersistentContainer {
            let container = NSPersistentContainer(name: "Notes", managedObjectModel: NotesModel.make())
            let description = NSPersistentStoreDescription(url: url)
            #expect(description.type == NSSQLiteStoreType)
            container.persistentStoreDescriptions = [description]
            var failure: (any Error)?
            container.loadPersistentStores { loaded, error in
                #expect(loaded === description)
                failure = error
            }
            if let failure { throw failure }
            return container
        }

        do {
            let context = try open().viewContext
            let list = List(context: context)
            list.name = "Groceries"
            for (title, order) in [("Milk", 2), ("Bread", 1)] {
                let note = Note(context: context)
                note.title = title
                note.order = Int64(order)
                note.list = list
            }
            try context.save()
        }
        let context = try open().viewContext
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        let notes = try context.fetch(request)
        #expect(notes.map(\.title) == ["Bread", "Milk"])
        #expect(notes.map { $0.list?.name } == ["Groceries", "Groceries"])
        #expect(notes[0].list === notes[1].list)
    }

    @Test func aRelationshipWithoutADestinationIsRefusedAtLoadNamingIt() throws {
        let model = NotesModel.make()
        let notes = NSRelationshipDescription()
        notes.name = "notes"
        model.entitiesByName["List"]?.properties.append(notes)
        let container = NSPersistentContainer(name: "Notes", managedObjectModel: model)
        var errors: [String] = []
        container.loadPersistentStores { _, error in errors.append(error.map { "\($0)" } ?? "nil") }
        #expect(errors == ["relationship 'notes' of entity 'List' has no destination entity in this model"])
        // Nothing half-loaded: the context has no store to fetch from.
        #expect(throws: CoreDataError.self) {
            try container.viewContext.fetch(NSFetchRequest<Note>(entityName: "Note"))
        }
    }

    @Test func anUnsupportedAttributeTypeIsRefusedNamingIt() {
        let model = NotesModel.make()
        model.entitiesByName["Note"]?.properties.append(NotesModel.attribute("photo", .binaryDataAttributeType))
        let container = NSPersistentContainer(name: "Notes", managedObjectModel: model)
        var message = ""
        container.loadPersistentStores { _, error in message = error.map { "\($0)" } ?? "" }
        #expect(
            message.hasPrefix(
                "attribute 'photo' of entity 'Note' has type binaryDataAttributeType, which FetchSim does not support"))
    }

    @Test func aContainerByNameOnlyReportsThatLinuxHasNoCompiledModel() {
        let container = NSPersistentContainer(name: "Notes")
        var message = ""
        container.loadPersistentStores { _, error in message = error.map { "\($0)" } ?? "" }
        #expect(message.hasPrefix("no compiled model 'Notes.momd' in the bundle"))
    }

    @Test func aBackgroundSaveMergesIntoAViewContextThatAsksForIt() throws {
        let container = try NotesModel.container()
        let view = container.viewContext
        view.automaticallyMergesChangesFromParent = true
        let milk = Note(context: view)
        milk.title = "Milk"
        try view.save()

        let background = container.newBackgroundContext()
        background.performAndWait {
            let other = background.object(with: milk.objectID) as? Note
            other?.title = "Oat milk"
            Note(context: background).title = "Bread"
        }
        try background.save()
        #expect(milk.title == "Oat milk")
        #expect(try view.count(for: NSFetchRequest<Note>(entityName: "Note")) == 2)
        #expect(!view.hasChanges)

        // Without asking, the view context keeps what it had.
        view.automaticallyMergesChangesFromParent = false
        background.performAndWait { (background.object(with: milk.objectID) as? Note)?.title = "Soy milk" }
        try background.save()
        #expect(milk.title == "Oat milk")
    }
}

@Suite struct SaveNotificationTests {
    @Test func aSaveNotificationMergesIntoAnotherContext() throws {
        let container = try NotesModel.container()
        let view = container.viewContext
        let milk = Note(context: view)
        milk.title = "Milk"
        try view.save()

        let background = container.newBackgroundContext()
        // The notification is posted synchronously, on this thread, during `save()` (queue nil).
        nonisolated(unsafe) var received: [Notification] = []
        let token = NotificationCenter.default.addObserver(
            forName: .NSManagedObjectContextDidSave, object: background, queue: nil
        ) { received.append($0) }
        defer { NotificationCenter.default.removeObserver(token) }
        let other = try #require(background.object(with: milk.objectID) as? Note)
        other.title = "Oat milk"
        Note(context: background).title = "Bread"
        try background.save()

        let notification = try #require(received.first)
        #expect(received.count == 1)
        #expect((notification.userInfo?[NSUpdatedObjectsKey] as? Set<NSManagedObject>) == [other])
        #expect(
            (notification.userInfo?[NSInsertedObjectsKey] as? Set<NSManagedObject>)?.compactMap { ($0 as? Note)?.title }
                == ["Bread"])
        #expect(milk.title == "Milk")  // not merged automatically
        view.mergeChanges(fromContextDidSave: notification)
        #expect(milk.title == "Oat milk")
        #expect(try view.count(for: NSFetchRequest<Note>(entityName: "Note")) == 2)
        #expect(!view.hasChanges)
    }
}

@Suite struct MergeTests {
    @Test func aMergedSaveIsAChangeEventForTheViewContextsControllers() throws {
        let container = try NotesModel.container()
        let view = container.viewContext
        view.automaticallyMergesChangesFromParent = true
        let milk = FetchedResultsControllerTests.note(view, "Milk", 1)
        try view.save()
        let controller = FetchedResultsControllerTests.controller(view)
        let delegate = TemplateDelegate()
        controller.delegate = delegate
        try controller.performFetch()

        // The view context has an edit of its own pending when the background context saves.
        let eggs = FetchedResultsControllerTests.note(view, "Eggs", 3)
        let background = container.newBackgroundContext()
        background.performAndWait {
            FetchedResultsControllerTests.note(background, "Bread", 0)
            (background.object(with: milk.objectID) as? Note)?.order = 2
        }
        try background.save()
        #expect(
            delegate.log == [
                "will", "insert Eggs [0, 1]", "did",
                "will", "insert Bread [0, 0]", "update Milk [0, 0]", "did",
            ])
        #expect(controller.fetchedObjects?.map(\.title) == ["Bread", "Milk", "Eggs"])
        #expect(view.insertedObjects == [eggs])
        #expect(view.updatedObjects.isEmpty)
    }
}
