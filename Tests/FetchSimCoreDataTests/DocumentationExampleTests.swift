import FetchSimCoreData
import Foundation
import Testing

// The examples of FetchSimCoreData's doc comments, run as written (the elided parts filled in).
// Expectations come from Apple's documentation of the Core Data API each example uses — what a
// delete followed by a save delivers to the delegate, what a cascade rule deletes — and from the
// example's own comments, never from running the code first.

/// The `ManagedValue` example: an app's enum kept in a string attribute.
enum Priority: String, ManagedValue {
    case low, high
    static func managedValue(from objectValue: Any?) -> Priority {
        (objectValue as? String).flatMap(Priority.init(rawValue:)) ?? .low
    }
    var managedObjectValue: Any? { rawValue }
}

/// The same enum with the `ManagedAttributeValue` example's extension (the fast path).
enum FastPriority: String, ManagedValue {
    case low, high
    static func managedValue(from objectValue: Any?) -> FastPriority {
        (objectValue as? String).flatMap(FastPriority.init(rawValue:)) ?? .low
    }
    var managedObjectValue: Any? { rawValue }
}

extension FastPriority {
    static func managedValue(fromAttribute attribute: ManagedAttributeValue) -> FastPriority? {
        String.managedValue(fromAttribute: attribute).flatMap(FastPriority.init(rawValue:))
    }
    var managedAttributeValue: ManagedAttributeValue? { rawValue.managedAttributeValue }
}

final class Todo: NSManagedObject {
    @Managed var priority: Priority
    @Managed var urgency: FastPriority
    @Managed var size: Int16
}

/// The four callbacks of Xcode's template delegate, each table call written down instead of made
/// (this target has no UIKit; FetchSimUIKitTests runs the same switch against a table).
final class TemplateCallLog: NSFetchedResultsControllerDelegate {
    var calls: [String] = []

    func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        calls.append("beginUpdates")
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        switch type {
        case .insert: calls.append("insertRows \(newIndexPath!)")
        case .delete: calls.append("deleteRows \(indexPath!)")
        case .update: calls.append("reloadRows \(indexPath!)")
        case .move: calls.append("moveRow \(indexPath!) \(newIndexPath!)")
        @unknown default: break
        }
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        calls.append("endUpdates")
    }
}

@Suite struct DocumentationExampleTests {
    private func container(_ model: NSManagedObjectModel = NotesModel.make()) throws -> NSPersistentContainer {
        try NotesModel.container(model)
    }

    private func note(_ title: String, order: Int64, in context: NSManagedObjectContext) -> Note {
        let note = Note(context: context)
        note.title = title
        note.order = order
        return note
    }

    private func todoModel(sizeType: NSAttributeType = .integer16AttributeType) -> NSManagedObjectModel {
        let todo = NSEntityDescription()
        todo.name = "Todo"
        todo.managedObjectClassName = NSStringFromClass(Todo.self)
        let size = NSAttributeDescription()
        size.name = "size"
        size.attributeType = sizeType
        size.isOptional = false
        size.defaultValue = 0
        todo.properties = [
            NotesModel.attribute("priority", .stringAttributeType),
            NotesModel.attribute("urgency", .stringAttributeType),
            size,
        ]
        let model = NSManagedObjectModel()
        model.entities = [todo]
        return model
    }

    // MARK: The model and the container

    @Test func persistentContainerLoadsItsStoreBeforeReturning() throws {
        let model = NotesModel.make()
        let container = NSPersistentContainer(name: "Notes", managedObjectModel: model)
        var loadError: (any Error)?
        var calls = 0
        container.loadPersistentStores { description, error in
            calls += 1
            loadError = error
        }
        if let loadError { throw loadError }
        let context = container.viewContext
        // Apple: the handler is called once per store; FetchSim calls it before returning.
        #expect(calls == 1)
        #expect(try context.count(for: NSFetchRequest<Note>(entityName: "Note")) == 0)
    }

    @Test func aRelationshipWithoutADestinationIsAModelError() {
        let list = NSEntityDescription()
        list.name = "List"
        let notes = NSRelationshipDescription()
        notes.name = "notes"
        list.properties = [notes]
        let model = NSManagedObjectModel()
        model.entities = [list]
        let container = NSPersistentContainer(name: "Lists", managedObjectModel: model)
        var printed: [String] = []
        container.loadPersistentStores { _, error in
            if let error { printed.append("\(error)") }
        }
        #expect(printed == ["relationship 'notes' of entity 'List' has no destination entity in this model"])
    }

    @Test func storeDescriptionOfAFileURLIsSQLite() {
        let description = NSPersistentStoreDescription(url: URL(fileURLWithPath: "/tmp/Notes.sqlite"))
        #expect(description.type == NSSQLiteStoreType)
        // Apple's idiom for a store that keeps nothing.
        #expect(NSPersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null")).type == NSInMemoryStoreType)
    }

    @Test func entityDescriptionNamesItsClass() throws {
        let title = NSAttributeDescription()
        title.name = "title"
        title.attributeType = .stringAttributeType
        let order = NSAttributeDescription()
        order.name = "order"
        order.attributeType = .integer64AttributeType
        order.isOptional = false
        order.defaultValue = 0
        let note = NSEntityDescription()
        note.name = "Note"
        note.managedObjectClassName = NSStringFromClass(Note.self)
        note.properties = [title, order]
        let model = NSManagedObjectModel()
        model.entities = [note]
        let context = try container(model).viewContext

        #expect(note.managedObjectClassName.hasSuffix(".Note"))
        #expect(note.attributesByName.keys.sorted() == ["order", "title"])
        let inserted = NSEntityDescription.insertNewObject(forEntityName: "Note", into: context)
        #expect(inserted is Note)
        // A non-optional attribute starts at its default value.
        #expect((inserted as? Note)?.order == 0)
        #expect(Note.entity().name == "Note")
    }

    @Test func relationshipDescriptionsAndDeleteRules() throws {
        let folderEntity = NSEntityDescription()
        folderEntity.name = "Folder"
        let noteEntity = NSEntityDescription()
        noteEntity.name = "Note"

        let notes = NSRelationshipDescription()
        notes.name = "notes"
        notes.destinationEntity = noteEntity
        notes.deleteRule = .cascadeDeleteRule  // maxCount stays 0: to-many, no limit
        let folder = NSRelationshipDescription()
        folder.name = "folder"
        folder.destinationEntity = folderEntity
        folder.maxCount = 1  // to-one
        notes.inverseRelationship = folder
        folder.inverseRelationship = notes
        folder.deleteRule = .nullifyDeleteRule

        folderEntity.properties = [NotesModel.attribute("name", .stringAttributeType), notes]
        noteEntity.properties = [NotesModel.attribute("title", .stringAttributeType), folder]
        let model = NSManagedObjectModel()
        model.entities = [folderEntity, noteEntity]
        let context = try container(model).viewContext

        #expect(notes.isToMany && !folder.isToMany)
        let groceries = NSEntityDescription.insertNewObject(forEntityName: "Folder", into: context)
        let kept = NSEntityDescription.insertNewObject(forEntityName: "Folder", into: context)
        let milk = NSEntityDescription.insertNewObject(forEntityName: "Note", into: context)
        let eggs = NSEntityDescription.insertNewObject(forEntityName: "Note", into: context)
        let bread = NSEntityDescription.insertNewObject(forEntityName: "Note", into: context)
        groceries.mutableSetValue(forKey: "notes").add(milk)  // milk's folder is groceries now
        eggs.setValue(groceries, forKey: "folder")
        bread.setValue(kept, forKey: "folder")
        context.processPendingChanges()
        // Apple: the inverse is kept in step.
        #expect(milk.value(forKey: "folder") as? NSManagedObject === groceries)
        #expect((groceries.value(forKey: "notes") as? NSSet)?.count == 2)
        try context.save()

        // Nullify: deleting a note takes it out of its folder.
        context.delete(eggs)
        context.processPendingChanges()
        #expect((groceries.value(forKey: "notes") as? NSSet)?.count == 1)

        // Cascade: the folder and its notes go in one change event; another folder's note stays.
        // Apple: isDeleted is true for an object the next save deletes from the store.
        context.delete(groceries)  // a Folder
        context.processPendingChanges()
        #expect(groceries.isDeleted && milk.isDeleted)
        #expect(!bread.isDeleted)
        #expect(try context.count(for: NSFetchRequest<NSManagedObject>(entityName: "Note")) == 1)
    }

    @Test func attributeTypeDecidesWhatManagedReads() throws {
        let context = try container(todoModel()).viewContext
        let todo = Todo(context: context)
        todo.setValue(12, forKey: "size")
        #expect((todo.value(forKey: "size") as? NSNumber)?.int64Value == 12)
        #expect(todo.size == Int16(12))
        #expect(NSAttributeType.integer16AttributeType.rawValue == 100)  // Apple's raw value
    }

    // MARK: @Managed and its values

    @Test func managedPropertiesReadAndWriteKeyValueCoding() throws {
        let context = try container().viewContext
        let note = Note(context: context)  // inserted; the entity is the one whose class is Note
        note.title = "Milk"
        note.setValue(3, forKey: "order")
        #expect(note.value(forKey: "title") as? String == "Milk")
        #expect(note.order == 3)
        #expect(note.entity.name == "Note")
        #expect(context.insertedObjects.contains(note))
    }

    @Test func anAppsOwnManagedValue() throws {
        let context = try container(todoModel()).viewContext
        let todo = Todo(context: context)
        #expect(todo.priority == .low)  // nil reads as the type's empty value
        todo.priority = .high
        #expect(todo.value(forKey: "priority") as? String == "high")
        todo.setValue("low", forKey: "priority")
        #expect(todo.priority == .low)
        todo.setValue("urgent", forKey: "priority")
        #expect(todo.priority == .low)
    }

    @Test func anAppsOwnManagedValueThroughTheStandardConversion() throws {
        let context = try container(todoModel()).viewContext
        let todo = Todo(context: context)
        // The fast path gives what the `Any` path gives.
        #expect(todo.urgency == .low)
        todo.urgency = .high
        #expect(todo.value(forKey: "urgency") as? String == "high")
        #expect(todo.urgency == .high)
        todo.setValue("urgent", forKey: "urgency")
        #expect(todo.urgency == .low)
    }

    // MARK: Fetching

    @Test func fetchRequestsWithPredicatesSortsAndLimits() throws {
        let context = try container().viewContext
        for (index, title) in ["Milk", "Bread", "Mint", "Eggs"].enumerated() {
            let note = note(title, order: Int64(3 - index), in: context)
            note.done = title == "Eggs"
        }

        let request = NSFetchRequest<Note>(entityName: "Note")
        request.predicate = NSPredicate(format: "done == NO")
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        request.fetchLimit = 20
        #expect(try context.fetch(request).map(\.title) == ["Mint", "Bread", "Milk"])

        let byKeyPath: NSFetchRequest<Note> = Note.fetchRequest()
        byKeyPath.sortDescriptors = [NSSortDescriptor(keyPath: \Note.order, ascending: true)]  // @Managed properties
        #expect(try context.fetch(byKeyPath).map(\.title) == ["Eggs", "Mint", "Bread", "Milk"])

        let untyped = NSFetchRequest<NSFetchRequestResult>(entityName: "Note")
        untyped.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        let notes = try context.fetch(untyped) as? [Note] ?? []
        #expect(notes.map(\.title) == ["Eggs", "Mint", "Bread", "Milk"])

        let counted: NSFetchRequest<NSFetchRequestResult> = Note.fetchRequest()  // entity "Note"
        counted.predicate = NSPredicate(format: "title == %@", "Milk")
        #expect(try context.count(for: counted) == 1)

        let typed: NSFetchRequest<Note> = Note.fetchRequest()
        typed.resultType = .managedObjectResultType  // the default; the only one FetchSim fetches
        #expect(try context.fetch(typed).count == 4)
        typed.resultType = .countResultType
        #expect(throws: CoreDataError.self) { try context.fetch(typed) }
    }

    @Test func predicateFormatsWithArguments() throws {
        let context = try container().viewContext
        let list = List(context: context)
        list.name = "Shopping"
        let milk = note("Milk", order: 1, in: context)
        milk.list = list
        _ = note("mint", order: 2, in: context)
        _ = note("Mango", order: 5, in: context)
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]

        // Foundation: [c] compares case-insensitively; %d takes an integer, %K a key.
        request.predicate = NSPredicate(format: "title BEGINSWITH[c] %@ AND order < %d", "m", 3)
        #expect(try context.fetch(request).map(\.title) == ["Milk", "mint"])
        request.predicate = NSPredicate(format: "%K == %@", "list", list)
        #expect(try context.fetch(request).map(\.title) == ["Milk"])
        request.predicate = NSPredicate(format: "order IN %@", [1, 2, 3])
        #expect(try context.fetch(request).map(\.title) == ["Milk", "mint"])
    }

    @Test func selectorsChooseTheComparison() throws {
        let context = try container().viewContext
        for (order, title) in ["banana", "Cherry", "apple"].enumerated() {
            _ = note(title, order: Int64(order), in: context)
        }
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        // iOS: #selector(NSString.caseInsensitiveCompare(_:))
        let byTitle = NSSortDescriptor(key: "title", ascending: true, selector: Selector("caseInsensitiveCompare:"))
        request.sortDescriptors = [byTitle]
        #expect(try context.fetch(request).map(\.title) == ["apple", "banana", "Cherry"])
        // `compare:` orders by Unicode: capitals first.
        request.sortDescriptors = [NSSortDescriptor(key: "title", ascending: true)]
        #expect(try context.fetch(request).map(\.title) == ["Cherry", "apple", "banana"])
        request.sortDescriptors = [
            NSSortDescriptor(key: "title", ascending: false, selector: "caseInsensitiveCompare:")
        ]
        #expect(try context.fetch(request).map(\.title) == ["Cherry", "banana", "apple"])
        let natural = NSSortDescriptor(key: "title", ascending: true, selector: Selector("localizedStandardCompare:"))
        #expect(natural.description == "(title, ascending, localizedStandardCompare:)")
    }

    // MARK: The fetched results controller and its delegate

    @Test func controllerAndTemplateDelegateSeeADeleteThenASave() throws {
        let context = try container().viewContext
        for (order, title) in ["Milk", "Eggs", "Bread"].enumerated() {
            _ = note(title, order: Int64(order), in: context)
        }
        try context.save()
        let delegate = TemplateCallLog()

        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        let controller = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        controller.delegate = delegate
        try controller.performFetch()
        let first = controller.object(at: IndexPath(row: 0, section: 0))  // a Note
        #expect(first.title == "Milk")
        // Apple: performFetch reports no changes.
        #expect(delegate.calls.isEmpty)

        // Apple: a delete is pending until the context processes its changes (a save does);
        // the delegate then hears will, the object's delete at its old index path, did.
        let eggs = controller.object(at: IndexPath(row: 1, section: 0))
        controller.managedObjectContext.delete(eggs)
        #expect(delegate.calls.isEmpty)
        try context.save()
        #expect(delegate.calls == ["beginUpdates", "deleteRows [0, 1]", "endUpdates"])
        #expect(controller.fetchedObjects?.map(\.title) == ["Milk", "Bread"])
    }

    @Test func templateSwitchSeesInsertUpdateAndMove() throws {
        let context = try container().viewContext
        let milk = note("Milk", order: 0, in: context)
        let eggs = note("Eggs", order: 1, in: context)
        context.processPendingChanges()
        let delegate = TemplateCallLog()
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        let controller = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        controller.delegate = delegate
        try controller.performFetch()

        // Apple: an insert carries only newIndexPath.
        _ = note("Bread", order: 2, in: context)
        context.processPendingChanges()
        // An update that does not change the position (iOS 10+): update at the old index path.
        milk.title = "Oat milk"
        context.processPendingChanges()
        // A sort key change that moves the object: one move, old to new, no separate update.
        eggs.order = -1
        context.processPendingChanges()
        #expect(
            delegate.calls == [
                "beginUpdates", "insertRows [0, 2]", "endUpdates",
                "beginUpdates", "reloadRows [0, 0]", "endUpdates",
                "beginUpdates", "moveRow [0, 1] [0, 0]", "endUpdates",
            ])
    }

    @Test func sectionInfoAnswersTheDataSourcesQuestions() throws {
        let context = try container().viewContext
        for (order, (title, group)) in [("Milk", "Dairy"), ("Apples", "Fruit"), ("Cheese", "Dairy")].enumerated() {
            let note = note(title, order: Int64(order), in: context)
            note.group = group
        }
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [
            NSSortDescriptor(key: "group", ascending: true), NSSortDescriptor(key: "order", ascending: true),
        ]
        let fetchedResultsController = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: "group", cacheName: nil)
        try fetchedResultsController.performFetch()

        func numberOfRowsInSection(_ section: Int) -> Int {
            fetchedResultsController.sections?[section].numberOfObjects ?? 0
        }
        func titleForHeaderInSection(_ section: Int) -> String? {
            fetchedResultsController.sections?[section].name
        }
        #expect(numberOfRowsInSection(0) == 2)
        #expect(numberOfRowsInSection(1) == 1)
        #expect(titleForHeaderInSection(0) == "Dairy")
        #expect(titleForHeaderInSection(1) == "Fruit")
        #expect(fetchedResultsController.sectionIndexTitles == ["D", "F"])
    }

    @Test func deletingTheCacheBeforeChangingTheRequest() throws {
        let context = try container().viewContext
        _ = note("Milk", order: 0, in: context)
        note("Eggs", order: 1, in: context).done = true
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        let controller = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: "Notes")
        try controller.performFetch()
        #expect(controller.fetchedObjects?.count == 2)

        NSFetchedResultsController<NSFetchRequestResult>.deleteCache(withName: "Notes")
        controller.fetchRequest.predicate = NSPredicate(format: "done == NO")
        try controller.performFetch()
        #expect(controller.fetchedObjects?.map(\.title) == ["Milk"])
    }

    @Test func changeTypesHaveApplesRawValues() {
        // NSFetchedResultsChangeType in Apple's header: insert 1, delete 2, move 3, update 4.
        #expect(
            [NSFetchedResultsChangeType.insert, .delete, .move, .update].map(\.rawValue) == [1, 2, 3, 4])
    }

    // MARK: Contexts

    @Test func contextSavesAndFetches() throws {
        let context = try container().viewContext
        let note = Note(context: context)
        note.title = "Milk"
        try context.save()
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.predicate = NSPredicate(format: "title BEGINSWITH %@", "M")
        let notes = try context.fetch(request)
        #expect(notes == [note])
        #expect(!context.hasChanges)
    }

    @Test func aPrivateQueueContextRunsItsBlockAtOnce() throws {
        let container = try container()
        let background = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        background.persistentStoreCoordinator = container.persistentStoreCoordinator
        background.perform {
            let note = Note(context: background)
            note.title = "From the background"
            try? background.save()
        }
        // Saved to the store before perform returned, so the view context fetches it.
        let titles = try container.viewContext.fetch(Note.fetchRequest() as NSFetchRequest<Note>).map(\.title)
        #expect(titles == ["From the background"])
        #expect(background.concurrencyType == .privateQueueConcurrencyType)
    }

    @Test func aSiblingContextOnTheCoordinatorMergesWhatAnotherSaves() throws {
        let container = try container()
        let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        context.persistentStoreCoordinator = container.persistentStoreCoordinator
        context.automaticallyMergesChangesFromParent = true  // sees what viewContext saves
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        #expect(try context.fetch(request).isEmpty)

        let milk = note("Milk", order: 0, in: container.viewContext)
        try container.viewContext.save()
        #expect(try context.fetch(request).map(\.title) == ["Milk"])
        #expect(context.object(with: milk.objectID) !== milk)  // one object per context
        #expect(context.persistentStoreCoordinator === container.persistentStoreCoordinator)
    }

    @Test func aChildContextSavesIntoItsParent() throws {
        let container = try container()
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = container.viewContext
        _ = note("Draft", order: 0, in: child)
        try child.save()
        // Apple: a child's save pushes its changes to the parent, not to the store.
        #expect(container.viewContext.hasChanges)
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        #expect(try container.viewContext.fetch(request).map(\.title) == ["Draft"])
    }

    @Test func mergePoliciesAreRecorded() throws {
        let context = try container().viewContext
        context.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
        #expect((context.mergePolicy as? NSMergePolicy) === NSMergePolicy.mergeByPropertyObjectTrump)
        context.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump  // the same
        #expect((context.mergePolicy as? NSMergePolicy)?.mergeType == .mergeByPropertyObjectTrumpMergePolicyType)
        context.mergePolicy = NSMergePolicy(merge: .mergeByPropertyObjectTrumpMergePolicyType)
        #expect((context.mergePolicy as? NSMergePolicy)?.mergeType == .mergeByPropertyObjectTrumpMergePolicyType)
        // Apple's raw values: error 0 … rollback 4.
        #expect(NSMergePolicyType.rollbackMergePolicyType.rawValue == 4)
    }

    @Test func objectIDsCrossContexts() throws {
        let container = try container()
        let note = note("Milk", order: 0, in: container.viewContext)
        try container.viewContext.save()
        let backgroundContext = container.newBackgroundContext()
        let id = note.objectID
        let same = backgroundContext.object(with: id)  // the note, as the other context sees it
        #expect(same.objectID == id)
        #expect(same.value(forKey: "title") as? String == "Milk")
        #expect(id.uriRepresentation().absoluteString.hasPrefix("x-coredata://"))
        #expect(id.uriRepresentation().absoluteString.contains("/Note/p"))
    }

    @Test func permanentIDsBeforeTheSave() throws {
        let context = try container().viewContext
        let note = Note(context: context)
        #expect(note.objectID.isTemporaryID)  // Apple: a new object's ID is temporary
        try context.obtainPermanentIDs(for: [note])
        #expect(!note.objectID.isTemporaryID)
    }

    @Test func resetForgetsTheObjectsAndTheControllerRefetches() throws {
        let context = try container().viewContext
        _ = note("Saved", order: 0, in: context)
        try context.save()
        let unsaved = note("Unsaved", order: 1, in: context)
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        let fetchedResultsController = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        try fetchedResultsController.performFetch()
        #expect(fetchedResultsController.fetchedObjects?.count == 2)

        context.reset()
        try fetchedResultsController.performFetch()
        // Apple: unsaved changes are discarded, the objects forgotten.
        #expect(fetchedResultsController.fetchedObjects?.map(\.title) == ["Saved"])
        #expect(unsaved.managedObjectContext == nil)
    }

    @Test func undoTakesBackOneChangeEvent() throws {
        let container = try container()
        let context = container.viewContext
        let note = note("Eggs", order: 0, in: context)
        try context.save()
        context.undoManager = UndoManager()
        note.title = "Milk"
        context.processPendingChanges()
        context.undoManager?.setActionName("Rename")
        #expect(context.undoManager?.undoActionName == "Rename")
        context.undo()  // the title is back, as one change event
        #expect(note.title == "Eggs")
        #expect(context.undoManager?.canRedo == true)
    }

    @Test func toManyProxiesChangeTheRelationship() throws {
        let context = try container(FolderModel.make()).viewContext
        let folder = FolderModel.insert("Folder", "Groceries", into: context)
        let note = FolderModel.insert("Note", "Milk", into: context)
        folder.mutableSetValue(forKey: "notes").add(note)  // note.folder is folder now
        context.processPendingChanges()
        #expect(note.value(forKey: "folder") as? NSManagedObject === folder)

        let list = folder
        let item = FolderModel.insert("Note", "Eggs", into: context)
        list.mutableOrderedSetValue(forKey: "pinned").add(note)
        list.mutableOrderedSetValue(forKey: "pinned").insert(item, at: 0)
        #expect(FolderModel.names(list.value(forKey: "pinned")) == ["Eggs", "Milk"])
    }

    // MARK: Exceptions

    @Test func exceptionsAreRecordedWithApplesText() throws {
        let exception = NSException(name: .internalInconsistencyException, reason: "Invalid update: …")
        #expect("\(exception)" == "NSInternalInconsistencyException: Invalid update: …")

        // Core Data's object(at:) outside the results raises; FetchSim records it in the context.
        let context = try container().viewContext
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        let controller = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        try controller.performFetch()
        _ = controller.object(at: IndexPath(row: 3, section: 0))
        let raised = context.raisedExceptions.take()
        #expect(raised.map(\.name) == [.internalInconsistencyException])
        #expect(context.raisedExceptions.take().isEmpty)  // taken
    }

    // MARK: Snapshots

    @Test func diffableSnapshotMovesAnItem() {
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Fruit"])
        snapshot.appendItems([1, 2, 3])
        snapshot.moveItem(3, beforeItem: 1)
        #expect(snapshot.itemIdentifiers == [3, 1, 2])

        // The declarations say [S] and [I]: here [String] and [Int].
        let sections: [String] = snapshot.sectionIdentifiers
        let items: [Int] = snapshot.itemIdentifiers
        #expect(sections == ["Fruit"])
        #expect(items == [3, 1, 2])
    }

    @Test func anUntypedSnapshotBecomesATypedOne() {
        var typed = NSDiffableDataSourceSnapshot<String, Int>()
        typed.appendSections(["A"])
        typed.appendItems([7, 8])
        let reference = NSDiffableDataSourceSnapshotReference(typed)
        reference.appendItems(withIdentifiers: [9])
        // iOS:   let snapshot = snapshot as NSDiffableDataSourceSnapshot<String, Int>
        let snapshot = NSDiffableDataSourceSnapshot<String, Int>(reference)
        #expect(snapshot.itemIdentifiers == [7, 8, 9])
        #expect(snapshot.sectionIdentifiers == ["A"])
    }
}
