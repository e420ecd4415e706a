import FetchSimCoreData
import Foundation
import Testing

// Expectations from Apple's documentation of NSManagedObjectContext (developer.apple.com,
// documentation/coredata/nsmanagedobjectcontext): `didChangeObjectsNotification`, `reset()`,
// `undoManager`, `undo()`, `rollback()`, `parent` and its "Parent store" section.

/// Records the notifications of `name` posted with `object` while alive.
private final class Posted: @unchecked Sendable {
    var notifications: [Notification] = []
    private var token: (any NSObjectProtocol)?

    init(_ name: Notification.Name, object: AnyObject?) {
        token = NotificationCenter.default.addObserver(forName: name, object: object, queue: nil) {
            [unowned self] in self.notifications.append($0)
        }
    }

    deinit {
        if let token { NotificationCenter.default.removeObserver(token) }
    }

    func objects(_ key: String, at index: Int = 0) -> Set<NSManagedObject>? {
        notifications[index].userInfo?[key] as? Set<NSManagedObject>
    }
}

private func titles(_ objects: Set<NSManagedObject>?) -> [String] {
    (objects ?? []).compactMap { ($0 as? Note)?.title }.sorted()
}

@Suite struct DidChangeNotificationTests {
    /// "A notification that posts when a context makes changes to its registered objects … The
    /// userInfo dictionary contains the inserted, updated, deleted … managed objects."
    @Test func oneNotificationPerProcessedChangeEvent() throws {
        let context = try NotesModel.container().viewContext
        let milk = FetchedResultsControllerTests.note(context, "Milk", 1)
        let eggs = FetchedResultsControllerTests.note(context, "Eggs", 2)
        try context.save()
        let posted = Posted(NSManagedObjectContext.didChangeObjectsNotification, object: context)

        FetchedResultsControllerTests.note(context, "Bread", 3)
        milk.title = "Oat milk"
        context.delete(eggs)
        #expect(posted.notifications.isEmpty)  // edits are pending until the end of the turn
        context.processPendingChanges()

        #expect(posted.notifications.count == 1)
        #expect(posted.notifications.first?.object as? NSManagedObjectContext === context)
        #expect(titles(posted.objects(NSInsertedObjectsKey)) == ["Bread"])
        #expect(posted.objects(NSUpdatedObjectsKey) == [milk])
        #expect(posted.objects(NSDeletedObjectsKey) == [eggs])
        #expect(
            Notification.Name.NSManagedObjectContextObjectsDidChange
                == NSManagedObjectContext.didChangeObjectsNotification)
    }

    /// "It doesn't post when a fetch adds managed objects to the context."
    @Test func aFetchPostsNothing() throws {
        let container = try NotesModel.container()
        let writer = container.newBackgroundContext()
        FetchedResultsControllerTests.note(writer, "Milk", 1)
        try writer.save()
        let context = container.viewContext
        let posted = Posted(.NSManagedObjectContextObjectsDidChange, object: context)
        #expect(try context.fetch(Note.fetchRequest()).count == 1)
        context.processPendingChanges()
        #expect(posted.notifications.isEmpty)
    }
}

@Suite struct ResetTests {
    /// "All the receiver's managed objects are 'forgotten' … they will be invalid afterwards":
    /// unsaved changes go, the old instances leave the context, a fetch gives new ones.
    @Test func resetForgetsObjectsAndUnsavedChanges() throws {
        let context = try NotesModel.container().viewContext
        let milk = FetchedResultsControllerTests.note(context, "Milk", 1)
        try context.save()
        milk.title = "Oat milk"
        FetchedResultsControllerTests.note(context, "Bread", 2)
        context.processPendingChanges()
        #expect(context.hasChanges)
        let milkID = milk.objectID

        context.reset()
        #expect(!context.hasChanges)
        #expect(milk.managedObjectContext == nil)
        let notes = try context.fetch(Note.fetchRequest())
        #expect(notes.map(\.title) == ["Milk"])
        #expect(notes.first !== milk)
        #expect(notes.first?.objectID == milkID)
        #expect(context.registeredObjects.count == 1)
    }

    /// A controller hears nothing of a reset (docs/semantics.md rule 5) and follows the context
    /// again only once fetched again.
    @Test func aControllerMustFetchAgainAfterReset() throws {
        let context = try NotesModel.container().viewContext
        FetchedResultsControllerTests.note(context, "Milk", 1)
        try context.save()
        let controller = FetchedResultsControllerTests.controller(context)
        let delegate = TemplateDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        let posted = Posted(.NSManagedObjectContextObjectsDidChange, object: context)

        context.reset()
        #expect(delegate.log.isEmpty)
        #expect(posted.notifications.count == 1)
        #expect(posted.notifications.first?.userInfo?[NSInvalidatedAllObjectsKey] != nil)
        #expect(controller.fetchedObjects?.first?.managedObjectContext == nil)  // the invalid objects

        FetchedResultsControllerTests.note(context, "Bread", 2)
        context.processPendingChanges()
        #expect(delegate.log.isEmpty)  // not following the context until fetched again

        try controller.performFetch()
        #expect(controller.fetchedObjects?.map(\.title) == ["Milk", "Bread"])
        #expect(controller.fetchedObjects?.allSatisfy { $0.managedObjectContext === context } == true)
        FetchedResultsControllerTests.note(context, "Eggs", 3)
        context.processPendingChanges()
        #expect(delegate.log == ["will", "insert Eggs [0, 2]", "did"])
    }
}

@Suite struct UndoManagerTests {
    /// `undoManager`: "The default value is nil"; `undo()` sends undo to it, so nothing happens.
    @Test func noUndoManagerByDefault() throws {
        let context = try NotesModel.container().viewContext
        #expect(context.undoManager == nil)
        let milk = FetchedResultsControllerTests.note(context, "Milk", 1)
        context.processPendingChanges()
        milk.title = "Oat milk"
        context.processPendingChanges()
        context.undo()
        #expect(milk.title == "Oat milk")
    }

    /// With an undo manager, `undo()` "reverse[s] the latest uncommitted changes", as a change
    /// event the controllers report; `redo()` applies them again.
    @Test func undoAndRedoAreChangeEvents() throws {
        let context = try NotesModel.container().viewContext
        context.undoManager = UndoManager()
        let milk = FetchedResultsControllerTests.note(context, "Milk", 1)
        try context.save()
        let controller = FetchedResultsControllerTests.controller(context)
        let delegate = TemplateDelegate()
        controller.delegate = delegate
        try controller.performFetch()

        milk.title = "Oat milk"
        context.processPendingChanges()
        context.undoManager?.setActionName("Rename")
        #expect(context.undoManager?.canUndo == true)
        #expect(context.undoManager?.undoActionName == "Rename")
        delegate.log = []
        context.undo()
        #expect(milk.title == "Milk")
        #expect(delegate.log == ["will", "update Milk [0, 0]", "did"])
        #expect(context.undoManager?.canRedo == true)
        #expect(context.undoManager?.redoActionName == "Rename")

        context.redo()
        #expect(milk.title == "Oat milk")
        #expect(context.undoManager?.canRedo == false)
        context.undo()
        #expect(milk.title == "Milk")
    }

    /// Unprocessed edits are processed before the undo, and are what it takes back.
    @Test func undoTakesBackPendingEditsFirst() throws {
        let context = try NotesModel.container().viewContext
        context.undoManager = UndoManager()
        let milk = FetchedResultsControllerTests.note(context, "Milk", 1)
        context.processPendingChanges()
        milk.title = "Oat milk"
        context.undo()
        #expect(milk.title == "Milk")
        context.undo()
        #expect(try context.count(for: Note.fetchRequest()) == 0)
    }

    /// `rollback()` "removes everything from the undo stack".
    @Test func rollbackEmptiesTheUndoStack() throws {
        let context = try NotesModel.container().viewContext
        context.undoManager = UndoManager()
        let milk = FetchedResultsControllerTests.note(context, "Milk", 1)
        try context.save()
        milk.title = "Oat milk"
        context.processPendingChanges()
        context.rollback()
        #expect(milk.title == "Milk")
        #expect(context.undoManager?.canUndo == false)
    }

    /// Changes made while registration is disabled are not undone (Apple's recipe: process
    /// pending changes, disable, edit, process, enable); undo reaches the event before them.
    @Test func changesMadeWithRegistrationDisabledAreNotUndone() throws {
        let context = try NotesModel.container().viewContext
        let undoManager = UndoManager()
        context.undoManager = undoManager
        let milk = FetchedResultsControllerTests.note(context, "Milk", 1)
        try context.save()
        milk.title = "Oat milk"
        context.processPendingChanges()
        undoManager.disableUndoRegistration()
        milk.order = 7
        context.processPendingChanges()
        undoManager.enableUndoRegistration()

        context.undo()
        #expect(milk.title == "Milk")
        #expect(milk.order == 7)
        context.undo()  // the insert, registered before
        #expect(try context.count(for: Note.fetchRequest()) == 0)
        #expect(!undoManager.canUndo)
    }

    /// One group (`beginUndoGrouping`/`endUndoGrouping`) around two change events: one undo.
    @Test func aGroupIsUndoneAtOnce() throws {
        let context = try NotesModel.container().viewContext
        let undoManager = UndoManager()
        context.undoManager = undoManager
        let milk = FetchedResultsControllerTests.note(context, "Milk", 1)
        try context.save()
        undoManager.beginUndoGrouping()
        milk.title = "Oat milk"
        context.processPendingChanges()
        milk.order = 5
        context.processPendingChanges()
        undoManager.endUndoGrouping()
        context.undo()
        #expect(milk.title == "Milk")
        #expect(milk.order == 1)
        context.redo()
        #expect(milk.title == "Oat milk")
        #expect(milk.order == 5)
    }
}

@Suite struct ChildContextTests {
    private static func child(of parent: NSManagedObjectContext) -> NSManagedObjectContext {
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        return child
    }

    /// A child fetches through its parent: it sees the parent's unsaved objects.
    @Test func aChildSeesItsParentsUnsavedChanges() throws {
        let view = try NotesModel.container().viewContext
        FetchedResultsControllerTests.note(view, "Milk", 1)
        view.processPendingChanges()
        let child = Self.child(of: view)
        #expect(child.parent === view)
        #expect(try child.fetch(Note.fetchRequest()).map(\.title) == ["Milk"])
    }

    /// "If you save a child context, changes are pushed to its parent. These changes are not
    /// saved to the persistent store until the root context is saved." The parent's controller
    /// hears of them when the parent processes its pending changes.
    @Test func aChildsSavePushesIntoTheParentNotTheStore() throws {
        let container = try NotesModel.container()
        let view = container.viewContext
        let milk = FetchedResultsControllerTests.note(view, "Milk", 1)
        try view.save()
        let controller = FetchedResultsControllerTests.controller(view)
        let delegate = TemplateDelegate()
        controller.delegate = delegate
        try controller.performFetch()

        let child = Self.child(of: view)
        let childMilk = try #require(child.object(with: milk.objectID) as? Note)
        childMilk.title = "Oat milk"
        let bread = Note(context: child)
        bread.title = "Bread"
        bread.order = 2
        let saves = Posted(.NSManagedObjectContextDidSave, object: child)
        try child.save()
        #expect(saves.notifications.count == 1)
        #expect(!child.hasChanges)
        #expect(view.hasChanges)
        #expect(milk.title == "Oat milk")
        #expect(delegate.log.isEmpty)  // pending in the parent until its turn ends

        view.processPendingChanges()
        #expect(delegate.log == ["will", "insert Bread [0, 1]", "update Oat milk [0, 0]", "did"])
        #expect((view.object(with: bread.objectID) as? Note)?.title == "Bread")

        let reader = container.newBackgroundContext()
        #expect(try reader.fetch(Note.fetchRequest()).map(\.title) == ["Milk"])  // the store is untouched
        try view.save()
        let afterSave = container.newBackgroundContext()
        #expect(try afterSave.fetch(Note.fetchRequest()).compactMap(\.title).sorted() == ["Bread", "Oat milk"])
    }

    /// A child that deletes an object deletes it in its parent when it saves.
    @Test func aChildsDeleteReachesTheParent() throws {
        let view = try NotesModel.container().viewContext
        let milk = FetchedResultsControllerTests.note(view, "Milk", 1)
        try view.save()
        let child = Self.child(of: view)
        child.delete(child.object(with: milk.objectID))
        try child.save()
        view.processPendingChanges()
        #expect(try view.count(for: Note.fetchRequest()) == 0)
        #expect(view.deletedObjects == [milk])
    }

    /// `automaticallyMergesChangesFromParent`: "merges changes saved to its … parent context".
    @Test func aChildMergesWhatItsParentSaves() throws {
        let view = try NotesModel.container().viewContext
        let milk = FetchedResultsControllerTests.note(view, "Milk", 1)
        try view.save()
        let child = Self.child(of: view)
        child.automaticallyMergesChangesFromParent = true
        let childMilk = try #require(child.object(with: milk.objectID) as? Note)
        milk.title = "Oat milk"
        try view.save()
        #expect(childMilk.title == "Oat milk")
    }
}
