import FetchSimCoreData
import Foundation
import Testing

/// A sub-entity's class: inherits `Note`'s properties and adds one.
final class Checklist: NSManagedObject {
    @Managed var title: String?
    @Managed var items: Int16
}

/// A class no entity names.
final class Stray: NSManagedObject {
    @Managed var title: String?
}

/// A class whose entity names it without its module, as a model read from an Xcode file does.
final class Tag: NSManagedObject {
    @Managed var label: String
    @Managed var weight: Double
    @Managed var pinned: Bool?
}

@Suite struct SubclassTests {
    @Test func nsStringFromClassNamesTheModuleAndNSClassFromStringFindsItAgain() {
        #expect(NSStringFromClass(Note.self) == "FetchSimCoreDataTests.Note")
        #expect(NSClassFromString("FetchSimCoreDataTests.Note") == Note.self)
    }

    @Test func objectsOfAnEntityAreOfTheClassItNames() throws {
        let container = try NotesModel.container()
        let context = container.viewContext
        let note = Note(context: context)
        note.title = "Milk"
        try context.save()
        // A fresh context makes its own instance, of the entity's class.
        let background = container.newBackgroundContext()
        let fetched = try background.fetch(NSFetchRequest<NSFetchRequestResult>(entityName: "Note"))
        #expect(fetched.count == 1)
        #expect((fetched.first as? Note)?.title == "Milk")
        #expect((fetched.first as? Note) !== note)
    }

    @Test func anEntityOfPlainManagedObjectsGivesNSManagedObject() throws {
        let context = try NotesModel.container(NotesModel.make(noteClass: "NSManagedObject")).viewContext
        let object = NSEntityDescription.insertNewObject(forEntityName: "Note", into: context)
        #expect(type(of: object) == NSManagedObject.self)
        object.setValue("Milk", forKey: "title")
        let fetched = try context.fetch(NSFetchRequest<NSManagedObject>(entityName: "Note"))
        #expect(fetched.first?.value(forKey: "title") as? String == "Milk")
        // A fetch typed with a class the entity does not name throws instead of crashing.
        #expect(throws: CoreDataError.self) { try context.fetch(NSFetchRequest<Note>(entityName: "Note")) }
    }

    @Test func aClassNoEntityNamesIsRecordedAsCoreDataRaisesIt() throws {
        let context = try NotesModel.container().viewContext
        let stray = Stray(context: context)
        #expect(stray.managedObjectContext == nil)
        #expect(
            context.raisedExceptions.take().map(\.description) == [
                "NSInvalidArgumentException: An NSManagedObject of class 'FetchSimCoreDataTests.Stray' must have a valid NSEntityDescription."
            ])
    }

    @Test func aSubEntityInheritsItsSuperentitysProperties() throws {
        let model = NotesModel.make()
        let note = try #require(model.entitiesByName["Note"])
        let checklist = NSEntityDescription()
        checklist.name = "Checklist"
        checklist.managedObjectClassName = NSStringFromClass(Checklist.self)
        checklist.properties = [
            NotesModel.attribute("items", .integer16AttributeType, optional: false, default: Int16(0))
        ]
        note.subentities = [checklist]
        model.entities.append(checklist)
        #expect(checklist.superentity === note)
        #expect(checklist.attributesByName.keys.sorted() == ["done", "due", "group", "items", "order", "title"])
        #expect(checklist.isKindOf(entity: note))

        let context = try NotesModel.container(model).viewContext
        let list = Checklist(context: context)
        list.title = "Packing"
        list.items = 12
        #expect(list.entity === checklist)
        #expect(list.value(forKey: "items") as? Int16 == 12)
        #expect(try context.fetch(NSFetchRequest<Checklist>(entityName: "Checklist")).map(\.items) == [12])
    }

    @Test func managedPropertiesReadAndWriteThroughKeyValueCoding() throws {
        let tag = NSEntityDescription()
        tag.name = "Tag"
        tag.managedObjectClassName = "Tag"  // no module, as an Xcode model file names it
        tag.properties = [
            NotesModel.attribute("label", .stringAttributeType, optional: false, default: "new"),
            NotesModel.attribute("weight", .floatAttributeType),
            NotesModel.attribute("pinned", .booleanAttributeType),
        ]
        let model = NSManagedObjectModel()
        model.entities = [tag]
        let context = try NotesModel.container(model).viewContext

        let first = Tag(context: context)
        #expect(first.label == "new")  // the default value
        #expect(first.weight == 0)  // nil reads as 0, as Core Data's scalar accessors read it
        #expect(first.pinned == nil)
        first.weight = 2.5
        first.pinned = true
        #expect(first.value(forKey: "weight") as? Float == 2.5)
        #expect(first.value(forKey: "pinned") as? Bool == true)
        first.pinned = nil
        #expect(first.value(forKey: "pinned") == nil)

        // Fetched objects come back as Tag: the class was seen when `first` was made.
        let fetched = try context.fetch(NSFetchRequest<NSFetchRequestResult>(entityName: "Tag"))
        #expect(fetched.first as? Tag === first)
    }

    @Test func propertyNamesComeFromTheStorageNotTheOrderOfAccess() throws {
        let context = try NotesModel.container().viewContext
        let note = Note(context: context)
        // Written in another order than declared, each lands under its own key.
        note.done = true
        note.order = 4
        note.group = "Home"
        note.title = "Milk"
        #expect(note.value(forKey: "title") as? String == "Milk")
        #expect(note.value(forKey: "group") as? String == "Home")
        #expect(note.value(forKey: "order") as? Int == 4)
        #expect(note.value(forKey: "done") as? Bool == true)
        #expect(context.raisedExceptions.take().isEmpty)
    }

    @Test func anObjectMadeWithoutAContextIsInsertedLater() throws {
        let context = try NotesModel.container().viewContext
        let entity = try #require(NSEntityDescription.entity(forEntityName: "Note", in: context))
        let note = Note(entity: entity, insertInto: nil)
        note.title = "Milk"
        #expect(note.managedObjectContext == nil && note.objectID.isTemporaryID)
        context.insert(note)
        #expect(note.managedObjectContext === context && note.isInserted)
        #expect(try context.fetch(Note.fetchRequest() as NSFetchRequest<Note>).map(\.title) == ["Milk"])
    }
}
