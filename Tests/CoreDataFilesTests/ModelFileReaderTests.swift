import CoreDataFiles
import Foundation
import Testing

@Suite struct ModelFileReaderTests {
    @Test func readsEveryAttributeTypeAsWritten() throws {
        let model = try ModelFileReader.parse(Data(ModelFixtures.everyType.utf8), file: "Every.xcdatamodel/contents")
        #expect(model.entities.map(\.name) == ["Folder", "Sample"])
        let sample = try #require(model.entity(named: "Sample"))
        #expect(sample.representedClassName == ".SampleMO")
        #expect(
            sample.attributes.map(\.name) == [
                "text", "small", "medium", "large", "ratio", "weight", "price", "flag", "when",
                "blob", "identifier", "link", "tags", "scratch",
            ])
        #expect(
            sample.attributes.map(\.type) == [
                .string, .integer16, .integer32, .integer64, .double, .float, .decimal, .boolean,
                .date, .binary, .uuid, .uri, .transformable, .string,
            ])
        #expect(
            sample.attributes.map(\.isOptional) == [
                true, false, false, false, true, true, true, false, true, true, true, true, true, true,
            ])
        #expect(sample.attributes[3].defaultValueString == "9000000000")
        #expect(sample.attributes[8].defaultDateTimeInterval == 86400)
        #expect(sample.attributes.filter(\.isTransient).map(\.name) == ["scratch"])
        // Line 7: the XML declaration and <model> take lines 1–2, Folder lines 3–5, <entity name="Sample"> 6.
        #expect(sample.attributes[0].location.line == 7)
        let folder = try #require(sample.relationships.first)
        #expect(
            folder
                == RelationshipDescription(
                    name: "folder", destinationEntity: "Folder", isToMany: false, isOptional: true,
                    deleteRule: .nullify, maxCount: 1, location: folder.location))
        // The fetched property's own request is not one of the model's.
        #expect(model.fetchRequests.map(\.name) == ["Flagged"])
        #expect(model.fetchRequests[0].predicateString == "flag == YES AND ratio > 0.25")
        #expect(model.fetchRequests[0].fetchLimit == 10)
        #expect(
            model.notes == [
                "fetched property 'siblings' of entity 'Sample' is ignored: FetchSim has no fetched properties",
                "configuration 'Cloud' is ignored: every entity goes to the one store",
            ])
    }

    @Test func keepsToManyMetadata() throws {
        let model = try ModelFileReader.parse(Data(ModelFixtures.toMany.utf8), file: "contents")
        let notes = try #require(model.entity(named: "Folder")?.relationships.first)
        #expect(notes.isToMany && notes.isOrdered)
        #expect(notes.deleteRule == .cascade)
        #expect(notes.inverseName == "folder" && notes.inverseEntity == "Note")
        #expect(notes.maxCount == nil)
        #expect(model.entity(named: "Note")?.relationships.first?.deleteRule == .deny)
    }

    @Test func readsTheCurrentVersionOfABundle() throws {
        let directory = try TemporaryDirectory()
        let one =
            ModelFixtures.header
            + "\n<entity name=\"Old\"><attribute name=\"a\" attributeType=\"String\"/></entity></model>"
        let two =
            ModelFixtures.header
            + "\n<entity name=\"Current\"><attribute name=\"a\" attributeType=\"String\"/></entity></model>"
        let three =
            ModelFixtures.header
            + "\n<entity name=\"Newest\"><attribute name=\"a\" attributeType=\"String\"/></entity></model>"
        try directory.write(one, to: "Notes.xcdatamodeld/Notes.xcdatamodel/contents")
        try directory.write(two, to: "Notes.xcdatamodeld/Notes 2.xcdatamodel/contents")
        try directory.write(three, to: "Notes.xcdatamodeld/Notes 10.xcdatamodel/contents")
        try directory.write(
            ModelFixtures.currentVersion("Notes 2.xcdatamodel"), to: "Notes.xcdatamodeld/.xccurrentversion")
        let bundle = directory.path + "/Notes.xcdatamodeld"
        #expect(try ModelFileReader.read(path: bundle).entities.map(\.name) == ["Current"])
        #expect(try ModelFileReader.read(path: bundle + "/").entities.map(\.name) == ["Current"])
        // Without .xccurrentversion the newest-named version: 10 after 2 (numbers compared as numbers).
        try FileManager.default.removeItem(atPath: bundle + "/.xccurrentversion")
        #expect(try ModelFileReader.read(path: bundle).entities.map(\.name) == ["Newest"])
        // A single version directory, and its contents file, read directly.
        #expect(try ModelFileReader.read(path: bundle + "/Notes.xcdatamodel").entities.map(\.name) == ["Old"])
        #expect(try ModelFileReader.read(path: bundle + "/Notes.xcdatamodel/contents").entities.map(\.name) == ["Old"])
    }

    @Test func readsTheShippedExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let model = try ModelFileReader.read(path: root.path + "/Examples/NotesApp/Notes.xcdatamodeld")
        let mapped = try model.schema()
        let note = try #require(mapped.schema.entity(named: "Note"))
        // Xcode writes properties in name order.
        #expect(note.attributes.map(\.name) == ["created", "done", "group", "order", "title", "folder"])
        #expect(note.attributes.map(\.typeText) == ["date?", "bool?", "string", "int", "string", "->Folder?"])
        #expect(model.fetchRequests.map(\.name) == ["OpenNotes"])
    }

    @Test func loadsAHundredEntitiesQuickly() throws {
        let data = Data(ModelFixtures.generated(entities: 100).utf8)
        let clock = ContinuousClock()
        var mapped: ModelSchema?
        let elapsed = try clock.measure { mapped = try ModelFileReader.parse(data, file: "generated").schema() }
        #expect(mapped?.schema.entities.count == 100)
        #expect(mapped?.schema.entities.last?.attributes.count == 9)
        // Generous for a debug build on a shared machine; the release figure is in docs/store.md.
        #expect(elapsed < .seconds(2))
    }
}
