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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-model-\(UUID().uuidString).xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<model>\n  <entity name=\"Note\">\n    <attribute name=\"x\" attributeType=\"Quaternion\"/>\n  </entity>\n</model>\n".utf8)
            .write(to: folder.appendingPathComponent("contents"))
        #expect(NSManagedObjectModel(contentsOf: folder) == nil)
        #expect {
            _ = try NSManagedObjectModel.load(contentsOf: folder)
        } throws: { error in
            "\(error)".contains("contents:3:")
        }
    }
}
