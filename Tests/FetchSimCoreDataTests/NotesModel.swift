import FetchSimCoreData

/// The entities of the tests, written as an app writes Xcode's generated subclasses on Linux:
/// `@objc(Note)` gone, `@NSManaged` become `@Managed`.
final class Note: NSManagedObject {
    @nonobjc public class func fetchRequest() -> NSFetchRequest<Note> {
        NSFetchRequest<Note>(entityName: "Note")
    }

    @Managed var title: String?
    @Managed var group: String?
    @Managed var order: Int64
    @Managed var done: Bool
    @Managed var due: Date?
    @Managed var list: List?
}

final class List: NSManagedObject {
    @nonobjc public class func fetchRequest() -> NSFetchRequest<List> {
        NSFetchRequest<List>(entityName: "List")
    }

    @Managed var name: String?
}

/// Builds the model in code, as Core Data's programmatic models are built.
enum NotesModel {
    static func make(noteClass: String = NSStringFromClass(Note.self)) -> NSManagedObjectModel {
        let list = NSEntityDescription()
        list.name = "List"
        list.managedObjectClassName = NSStringFromClass(List.self)
        list.properties = [attribute("name", .stringAttributeType)]

        let note = NSEntityDescription()
        note.name = "Note"
        note.managedObjectClassName = noteClass
        let relationship = NSRelationshipDescription()
        relationship.name = "list"
        relationship.destinationEntity = list
        relationship.maxCount = 1
        relationship.minCount = 0
        note.properties = [
            attribute("title", .stringAttributeType),
            attribute("group", .stringAttributeType),
            attribute("order", .integer64AttributeType, optional: false, default: Int64(0)),
            attribute("done", .booleanAttributeType, optional: false, default: false),
            attribute("due", .dateAttributeType),
            relationship,
        ]
        let model = NSManagedObjectModel()
        model.entities = [list, note]
        return model
    }

    static func attribute(_ name: String, _ type: NSAttributeType, optional: Bool = true, default value: Any? = nil)
        -> NSAttributeDescription
    {
        let attribute = NSAttributeDescription()
        attribute.name = name
        attribute.attributeType = type
        attribute.isOptional = optional
        attribute.defaultValue = value
        return attribute
    }

    /// A loaded in-memory container of the model.
    static func container(_ model: NSManagedObjectModel = make()) throws -> NSPersistentContainer {
        let container = NSPersistentContainer(name: "Notes", managedObjectModel: model)
        var failure: (any Error)?
        container.loadPersistentStores { _, error in failure = error }
        if let failure { throw failure }
        return container
    }
}
