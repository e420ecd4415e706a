import FetchSimCoreData
import Foundation
import Testing

/// A folder of notes and notes with tags, built in code: Folder.notes (to-many, *Cascade*) ↔
/// Note.folder (to-one, *Nullify*); Note.tags ↔ Tag.notes (many-to-many); Folder.pinned (ordered
/// to-many, no more than 2) ↔ Note.pinnedIn; Tag.owner (to-one, *Deny*). Expectations follow
/// Apple's NSManagedObject and NSRelationshipDescription documentation: a to-many relationship's
/// value is an NSSet (NSOrderedSet when ordered), inverses are maintained when the context
/// processes its pending changes, delete rules apply in the same event.
enum FolderModel {
    static func relationship(
        _ name: String, to destination: NSEntityDescription, toMany: Bool, ordered: Bool = false,
        rule: NSDeleteRule = .nullifyDeleteRule, max: Int = 0
    ) -> NSRelationshipDescription {
        let relationship = NSRelationshipDescription()
        relationship.name = name
        relationship.destinationEntity = destination
        relationship.maxCount = toMany ? max : 1
        relationship.isOrdered = ordered
        relationship.deleteRule = rule
        return relationship
    }

    static func make() -> NSManagedObjectModel {
        let folder = NSEntityDescription()
        let note = NSEntityDescription()
        let tag = NSEntityDescription()
        folder.name = "Folder"
        note.name = "Note"
        tag.name = "Tag"
        let notes = relationship("notes", to: note, toMany: true, rule: .cascadeDeleteRule)
        let pinned = relationship("pinned", to: note, toMany: true, ordered: true, max: 2)
        let inFolder = relationship("folder", to: folder, toMany: false)
        let pinnedIn = relationship("pinnedIn", to: folder, toMany: false)
        let tags = relationship("tags", to: tag, toMany: true)
        let tagNotes = relationship("notes", to: note, toMany: true)
        let owner = relationship("owner", to: folder, toMany: false, rule: .denyDeleteRule)
        for (one, other) in [(notes, inFolder), (pinned, pinnedIn), (tags, tagNotes)] {
            one.inverseRelationship = other
            other.inverseRelationship = one
        }
        folder.properties = [NotesModel.attribute("name", .stringAttributeType), notes, pinned]
        note.properties = [NotesModel.attribute("title", .stringAttributeType), inFolder, pinnedIn, tags]
        tag.properties = [NotesModel.attribute("name", .stringAttributeType), tagNotes, owner]
        let model = NSManagedObjectModel()
        model.entities = [folder, note, tag]
        return model
    }

    static func insert(_ entity: String, _ name: String, into context: NSManagedObjectContext) -> NSManagedObject {
        let object = NSEntityDescription.insertNewObject(forEntityName: entity, into: context)
        object.setValue(name, forKey: entity == "Note" ? "title" : "name")
        return object
    }

    static func names(_ value: Any?) -> [String] {
        let objects: [Any] =
            switch value {
            case let set as NSOrderedSet: set.array
            case let set as NSSet: set.allObjects
            default: []
            }
        return objects.compactMap { object in
            (object as? NSManagedObject).flatMap {
                $0.value(forKey: $0.entity.name == "Note" ? "title" : "name") as? String
            }
        }
    }
}

@Suite struct ToManyTests {
    @Test func relationshipDescriptionsSayWhatTheyAre() {
        let model = FolderModel.make()
        let notes = model.entitiesByName["Folder"]?.relationshipsByName["notes"]
        #expect(notes?.isToMany == true)
        #expect(notes?.isOrdered == false)
        #expect(notes?.deleteRule == .cascadeDeleteRule)
        #expect(notes?.inverseRelationship === model.entitiesByName["Note"]?.relationshipsByName["folder"])
        let pinned = model.entitiesByName["Folder"]?.relationshipsByName["pinned"]
        #expect(
            pinned.map { ($0.isToMany, $0.isOrdered, $0.minCount, $0.maxCount) } ?? (false, false, -1, -1) == (
                true, true, 0, 2
            ))
        #expect(model.entitiesByName["Note"]?.relationshipsByName["folder"]?.isToMany == false)
    }

    @Test func aToManyValueIsAnNSSetAndItsInverseFollows() throws {
        let context = try NotesModel.container(FolderModel.make()).viewContext
        let home = FolderModel.insert("Folder", "Home", into: context)
        let milk = FolderModel.insert("Note", "Milk", into: context)
        let bread = FolderModel.insert("Note", "Bread", into: context)
        milk.setValue(home, forKey: "folder")
        bread.setValue(home, forKey: "folder")
        context.processPendingChanges()
        let notes = home.value(forKey: "notes")
        #expect(notes is NSSet)
        #expect(Set(FolderModel.names(notes)) == ["Milk", "Bread"])
        // As on Apple's platforms, the NSSet bridges to a Swift set of the objects.
        #expect((notes as? Set<NSManagedObject>) == [milk, bread])

        // Setting the to-many side moves the inverse: Bread leaves, its folder becomes nil.
        home.setValue(NSSet(array: [milk]), forKey: "notes")
        context.processPendingChanges()
        #expect(bread.value(forKey: "folder") == nil)
        #expect(milk.value(forKey: "folder") as? NSManagedObject === home)
        #expect(context.raisedExceptions.pending.isEmpty)
    }

    @Test func mutableSetValueWritesThrough() throws {
        let context = try NotesModel.container(FolderModel.make()).viewContext
        let milk = FolderModel.insert("Note", "Milk", into: context)
        let shop = FolderModel.insert("Tag", "shop", into: context)
        let home = FolderModel.insert("Tag", "home", into: context)
        let tags = milk.mutableSetValue(forKey: "tags")
        tags.add(shop)
        tags.add(home)
        tags.add(shop)
        #expect(tags.count == 2)
        #expect(Set(FolderModel.names(milk.value(forKey: "tags"))) == ["shop", "home"])
        context.processPendingChanges()
        #expect(FolderModel.names(shop.value(forKey: "notes")) == ["Milk"])
        tags.remove(shop)
        context.processPendingChanges()
        #expect(FolderModel.names(milk.value(forKey: "tags")) == ["home"])
        #expect(FolderModel.names(shop.value(forKey: "notes")).isEmpty)
        // A wrong object is refused as setValue refuses it, with Core Data's exception.
        tags.add(FolderModel.insert("Folder", "Work", into: context))
        #expect(FolderModel.names(milk.value(forKey: "tags")) == ["home"])
        #expect(context.raisedExceptions.take().map(\.name) == [NSExceptionName.invalidArgumentException])
    }

    @Test func anOrderedRelationshipIsAnNSOrderedSetInItsOrder() throws {
        let context = try NotesModel.container(FolderModel.make()).viewContext
        let home = FolderModel.insert("Folder", "Home", into: context)
        let milk = FolderModel.insert("Note", "Milk", into: context)
        let bread = FolderModel.insert("Note", "Bread", into: context)
        let pinned = home.mutableOrderedSetValue(forKey: "pinned")
        pinned.add(milk)
        pinned.insert(bread, at: 0)
        #expect(home.value(forKey: "pinned") is NSOrderedSet)
        #expect(FolderModel.names(home.value(forKey: "pinned")) == ["Bread", "Milk"])
        #expect(pinned.index(of: milk) == 1)
        #expect((pinned.array as? [NSManagedObject]) == [bread, milk])
        pinned.moveObjects(at: IndexSet(integer: 1), to: 0)
        #expect(FolderModel.names(home.value(forKey: "pinned")) == ["Milk", "Bread"])
        context.processPendingChanges()
        #expect(bread.value(forKey: "pinnedIn") as? NSManagedObject === home)
        pinned.removeObject(at: 0)
        #expect(FolderModel.names(home.value(forKey: "pinned")) == ["Bread"])
    }

    @Test func cascadeDeletesInTheSameEventAndDenyRefusesTheSave() throws {
        let context = try NotesModel.container(FolderModel.make()).viewContext
        let home = FolderModel.insert("Folder", "Home", into: context)
        let milk = FolderModel.insert("Note", "Milk", into: context)
        milk.setValue(home, forKey: "folder")
        let shop = FolderModel.insert("Tag", "shop", into: context)
        shop.setValue(home, forKey: "owner")
        try context.save()

        context.delete(home)
        context.processPendingChanges()
        // Folder.notes is Cascade: Milk is deleted with its folder.
        #expect(context.deletedObjects == [home, milk])
        // Tag.owner is Deny on the tag's side only: deleting the folder leaves the tag, and the
        // tag still names it, so nothing refuses this save.
        try context.save()
        #expect(try context.count(for: NSFetchRequest<NSManagedObject>(entityName: "Note")) == 0)

        let work = FolderModel.insert("Folder", "Work", into: context)
        let todo = FolderModel.insert("Tag", "todo", into: context)
        todo.setValue(work, forKey: "owner")
        try context.save()
        // Deleting the tag while its Deny relationship still holds Work fails the save: Core Data's
        // NSValidationRelationshipDeniedDeleteError, 1600.
        context.delete(todo)
        #expect {
            try context.save()
        } throws: { error in
            "\(error)".contains("1600") && "\(error)".contains("NSValidationRelationshipDeniedDeleteError")
        }
    }

    @Test func tooManyObjectsFailTheSaveWithTheMaximumCountError() throws {
        let context = try NotesModel.container(FolderModel.make()).viewContext
        let home = FolderModel.insert("Folder", "Home", into: context)
        let notes = ["A", "B", "C"].map { FolderModel.insert("Note", $0, into: context) }
        home.setValue(NSOrderedSet(array: notes), forKey: "pinned")
        #expect {
            try context.save()
        } throws: { error in
            "\(error)".contains("1590")
        }
    }

    @Test func aPredicateReachesThroughAToManyRelationship() throws {
        let context = try NotesModel.container(FolderModel.make()).viewContext
        let home = FolderModel.insert("Folder", "Home", into: context)
        let work = FolderModel.insert("Folder", "Work", into: context)
        for (title, folder) in [("Milk", home), ("Bread", home), ("Plan", work)] {
            FolderModel.insert("Note", title, into: context).setValue(folder, forKey: "folder")
        }
        try context.save()
        let request = NSFetchRequest<NSManagedObject>(entityName: "Folder")
        request.predicate = NSPredicate(format: "ANY notes.title == %@", "Bread")
        #expect(try context.fetch(request) == [home])
        request.predicate = NSPredicate(format: "notes.@count == 1")
        #expect(try context.fetch(request) == [work])
    }
}

/// `NSFetchRequest.includesSubentities`: true by default, so a fetch of an entity finds its
/// sub-entities' objects; false finds the entity's own only (Apple's NSFetchRequest reference).
@Suite struct SubentityFetchTests {
    static func model() -> NSManagedObjectModel {
        let item = NSEntityDescription()
        let task = NSEntityDescription()
        let event = NSEntityDescription()
        item.name = "Item"
        item.isAbstract = true
        item.properties = [NotesModel.attribute("title", .stringAttributeType)]
        task.name = "Task"
        task.properties = [NotesModel.attribute("done", .booleanAttributeType)]
        event.name = "Event"
        event.properties = [NotesModel.attribute("room", .stringAttributeType)]
        item.subentities = [task, event]
        let model = NSManagedObjectModel()
        model.entities = [item, task, event]
        return model
    }

    @Test func aFetchOfTheParentIncludesSubEntitiesUnlessTold() throws {
        let context = try NotesModel.container(Self.model()).viewContext
        for (entity, title) in [("Task", "Write"), ("Event", "Launch"), ("Task", "Ship")] {
            NSEntityDescription.insertNewObject(forEntityName: entity, into: context).setValue(title, forKey: "title")
        }
        try context.save()
        let request = NSFetchRequest<NSManagedObject>(entityName: "Item")
        request.sortDescriptors = [NSSortDescriptor(key: "title", ascending: true)]
        #expect(try context.fetch(request).map { $0.value(forKey: "title") as? String } == ["Launch", "Ship", "Write"])
        #expect(try context.fetch(request).map { $0.entity.name } == ["Event", "Task", "Task"])
        request.predicate = NSPredicate(format: "title BEGINSWITH %@", "S")
        #expect(try context.count(for: request) == 1)
        request.predicate = nil
        request.includesSubentities = false
        #expect(try context.fetch(request).isEmpty)
        let tasks = NSFetchRequest<NSManagedObject>(entityName: "Task")
        #expect(try context.count(for: tasks) == 2)
    }

    @Test func aControllerOnTheParentTracksSubEntityInserts() throws {
        let context = try NotesModel.container(Self.model()).viewContext
        let request = NSFetchRequest<NSManagedObject>(entityName: "Item")
        request.sortDescriptors = [NSSortDescriptor(key: "title", ascending: true)]
        let controller = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        try controller.performFetch()
        let recorder = ChangeRecorder()
        controller.delegate = recorder
        NSEntityDescription.insertNewObject(forEntityName: "Event", into: context).setValue("Launch", forKey: "title")
        context.processPendingChanges()
        #expect(controller.fetchedObjects?.count == 1)
        #expect(recorder.changes == ["insert nil→0-0"])
    }
}

/// Records each object change a controller reports.
final class ChangeRecorder: NSFetchedResultsControllerDelegate {
    var changes: [String] = []

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?,
        for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        let from = indexPath.map { "\($0.section)-\($0.row)" } ?? "nil"
        let to = newIndexPath.map { "\($0.section)-\($0.row)" } ?? "nil"
        changes.append("\(type) \(from)→\(to)")
    }
}
