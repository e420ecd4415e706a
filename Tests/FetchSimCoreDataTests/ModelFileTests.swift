import FetchSimCoreData
import Foundation
import Testing

/// `NSManagedObjectModel(contentsOf:)` on the Xcode model shipped in Examples/NotesApp, checked
/// against the file's XML by hand, then used by a container.
@Suite struct ModelFileTests {
    let url = URL(fileURLWithPath: "Examples/NotesApp/Notes.xcdatamodeld")

    @Test func theExampleModelReadsAsTheFileSays() throws {
        let model = try #require(NSManagedObjectModel(contentsOf: url))
        #expect(model.entities.map(\.name) == ["Folder", "Note"])
        let note = try #require(model.entitiesByName["Note"])
        #expect(note.managedObjectClassName == "Note")
        let attributes = note.attributesByName
        #expect(attributes["order"]?.attributeType == .integer64AttributeType)
        #expect(attributes["order"]?.isOptional == false)
        #expect(attributes["order"]?.defaultValue as? Int64 == 0)
        #expect(attributes["group"]?.defaultValue as? String == "Inbox")
        #expect(attributes["done"]?.attributeType == .booleanAttributeType)
        #expect(attributes["done"]?.isOptional == true)
        #expect(attributes["created"]?.attributeType == .dateAttributeType)
        let folder = try #require(note.relationshipsByName["folder"])
        #expect(folder.destinationEntity === model.entitiesByName["Folder"])
        #expect(!folder.isToMany && folder.deleteRule == .nullifyDeleteRule)
    }

    @Test func aContainerRunsOnTheFilesModel() throws {
        let model = try NSManagedObjectModel.load(contentsOf: url)
        let container = NSPersistentContainer(name: "Notes", managedObjectModel: model)
        var failure: (any Error)?
        container.loadPersistentStores { _, error in failure = error }
        #expect(failure == nil)
        let context = container.viewContext
        let note = NSEntityDescription.insertNewObject(forEntityName: "Note", into: context)
        note.setValue("Milk", forKey: "title")
        #expect(note.value(forKey: "group") as? String == "Inbox", "the file's default")
        try context.save()
        #expect(try context.count(for: NSFetchRequest<NSManagedObject>(entityName: "Note")) == 1)
    }

    @Test func aBadModelFileIsNilAndItsReasonIsLocated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-model-\(UUID().uuidString).xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(
            "<model>\n  <entity name=\"Note\">\n    <attribute name=\"x\" attributeType=\"Quaternion\"/>\n  </entity>\n</model>\n"
                .utf8
        )
        .write(to: folder.appendingPathComponent("contents"))
        #expect(NSManagedObjectModel(contentsOf: folder) == nil)
        #expect {
            _ = try NSManagedObjectModel.load(contentsOf: folder)
        } throws: { error in
            "\(error)".contains("contents:3:")
        }
    }
}

/// `NSManagedObjectModel(contentsOf:)` on a hand-written model with to-many relationships
/// (Xcode's `contents` format: `toMany="YES"`, `ordered="YES"`, `inverseName`, `deletionRule`,
/// `minCount`/`maxCount`) and inheritance (`parentEntity`, `isAbstract`).
@Suite struct ToManyModelFileTests {
    static let contents = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522" systemVersion="23F79" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
            <entity name="Folder" representedClassName="Folder" syncable="YES">
                <attribute name="name" attributeType="String"/>
                <relationship name="items" optional="YES" toMany="YES" ordered="YES" maxCount="10" deletionRule="Cascade" destinationEntity="Item" inverseName="folder" inverseEntity="Item"/>
            </entity>
            <entity name="Item" representedClassName="Item" isAbstract="YES" syncable="YES">
                <attribute name="title" attributeType="String"/>
                <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder" inverseName="items" inverseEntity="Folder"/>
            </entity>
            <entity name="Task" representedClassName="Task" parentEntity="Item" syncable="YES">
                <attribute name="done" attributeType="Boolean" defaultValueString="NO" usesScalarValueType="YES"/>
            </entity>
        </model>
        """

    static func load() throws -> NSManagedObjectModel {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-tomany-\(UUID().uuidString).xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(contents.utf8).write(to: folder.appendingPathComponent("contents"))
        return try NSManagedObjectModel.load(contentsOf: folder)
    }

    @Test func relationshipsReadAsTheFileSays() throws {
        let model = try Self.load()
        let items = try #require(model.entitiesByName["Folder"]?.relationshipsByName["items"])
        #expect(items.isToMany && items.isOrdered)
        #expect((items.minCount, items.maxCount) == (0, 10))
        #expect(items.deleteRule == .cascadeDeleteRule)
        #expect(items.destinationEntity === model.entitiesByName["Item"])
        let folder = try #require(model.entitiesByName["Item"]?.relationshipsByName["folder"])
        #expect(!folder.isToMany && folder.maxCount == 1)
        #expect(items.inverseRelationship === folder)
        #expect(folder.inverseRelationship === items)
        #expect(model.entitiesByName["Task"]?.superentity === model.entitiesByName["Item"])
        #expect(model.entitiesByName["Task"]?.relationshipsByName["folder"] === folder)
    }

    @Test func aContainerOnTheFileKeepsInversesAcrossTheHierarchy() throws {
        let context = try NotesModel.container(try Self.load()).viewContext
        let inbox = NSEntityDescription.insertNewObject(forEntityName: "Folder", into: context)
        inbox.setValue("Inbox", forKey: "name")
        let task = NSEntityDescription.insertNewObject(forEntityName: "Task", into: context)
        task.setValue("Write", forKey: "title")
        // Task inherits Item.folder, whose inverse Folder.items holds Items: a Task is one.
        task.setValue(inbox, forKey: "folder")
        context.processPendingChanges()
        #expect((inbox.value(forKey: "items") as? NSOrderedSet)?.array.first as? NSManagedObject === task)
        try context.save()
        // A fetch of abstract Item finds the Task.
        #expect(try context.count(for: NSFetchRequest<NSManagedObject>(entityName: "Item")) == 1)
        context.delete(inbox)
        try context.save()
        #expect(try context.count(for: NSFetchRequest<NSManagedObject>(entityName: "Task")) == 0)
    }
}
