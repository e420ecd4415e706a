import CoreDataFiles
import Foundation
import Testing

/// A model file that is wrong in one way, and the message that names the place.
struct BadModelCase: Sendable, CustomTestStringConvertible {
    let label: String
    /// The entities and elements after the `<model>` line (line 2), so the first line here is line 3.
    let body: String
    let message: String
    var testDescription: String { label }
}

@Suite struct BadModelFileTests {
    static let cases: [BadModelCase] = [
        BadModelCase(
            label: "unknown attribute type",
            body: """
                <entity name="Note">
                    <attribute name="title" attributeType="Text"/>
                </entity>
                """,
            message:
                "m:4:COL: <attribute name=\"title\">: unknown attributeType 'Text' (expected one of 'String', 'Integer 16', 'Integer 32', 'Integer 64', 'Double', 'Float', 'Decimal', 'Boolean', 'Date', 'Binary', 'UUID', 'URI', 'Transformable', 'ObjectID')"
        ),
        BadModelCase(
            label: "attribute without a type",
            body: """
                <entity name="Note">
                    <attribute name="title"/>
                </entity>
                """, message: "m:4:COL: <attribute name=\"title\"> has no attributeType"),
        BadModelCase(
            label: "relationship to an unknown entity",
            body: """
                <entity name="Note">
                    <attribute name="title" attributeType="String"/>
                    <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder"/>
                </entity>
                """,
            message:
                "m:5:COL: relationship 'folder' of entity 'Note' has destinationEntity 'Folder', which the model does not define"
        ),
        BadModelCase(
            label: "cycle of parent entities",
            body: """
                <entity name="A" parentEntity="B"/>
                <entity name="B" parentEntity="A"/>
                """, message: "m:3:COL: entity 'A' is its own ancestor: A -> B -> A"),
        BadModelCase(
            label: "unknown parent entity",
            body: """
                <entity name="A" parentEntity="Base"/>
                """, message: "m:3:COL: entity 'A' has parentEntity 'Base', which the model does not define"),
        BadModelCase(
            label: "entity defined twice",
            body: """
                <entity name="A"/>
                <entity name="A"/>
                """, message: "m:4:COL: entity 'A' is defined twice (first at line 3)"),
        BadModelCase(
            label: "property defined twice",
            body: """
                <entity name="A">
                    <attribute name="x" attributeType="String"/>
                    <relationship name="x" maxCount="1" destinationEntity="A"/>
                </entity>
                """, message: "m:5:COL: property 'x' is defined twice in entity 'A'"),
        BadModelCase(
            label: "property redefined by a sub-entity",
            body: """
                <entity name="A">
                    <attribute name="x" attributeType="String"/>
                </entity>
                <entity name="B" parentEntity="A">
                    <attribute name="x" attributeType="Integer 64"/>
                </entity>
                """, message: "m:7:COL: property 'x' of entity 'B' is already defined by its parent entity 'A'"),
        BadModelCase(
            label: "bad boolean",
            body: """
                <entity name="A">
                    <attribute name="x" optional="true" attributeType="String"/>
                </entity>
                """, message: "m:4:COL: <attribute name=\"x\">: optional is 'true', expected YES or NO"),
        BadModelCase(
            label: "unknown delete rule",
            body: """
                <entity name="A">
                    <relationship name="me" maxCount="1" deletionRule="Destroy" destinationEntity="A"/>
                </entity>
                """,
            message:
                "m:4:COL: <relationship>: unknown deletionRule 'Destroy' (expected one of 'Nullify', 'Cascade', 'Deny', 'No Action')"
        ),
        BadModelCase(
            label: "fetch request on an unknown entity",
            body: """
                <entity name="A"/>
                <fetchRequest name="All" entity="Nothing"/>
                """, message: "m:4:COL: fetch request 'All' is on entity 'Nothing', which the model does not define"),
        BadModelCase(
            label: "unclosed element",
            body: """
                <entity name="A">
                    <attribute name="x" attributeType="String">
                </entity>
                """, message: "PARSE"),
    ]

    @Test(arguments: cases)
    func refusesWithTheElementsPlace(_ bad: BadModelCase) throws {
        let text = ModelFixtures.header + "\n" + bad.body + "\n</model>\n"
        let error = #expect(throws: CoreDataFileError.self) { try ModelFileReader.parse(Data(text.utf8), file: "m") }
        guard let error else { return }
        if bad.message == "PARSE" {
            #expect(error.description.hasPrefix("m:5:"))
            #expect(error.message.hasPrefix("not a well-formed model file"))
            return
        }
        // The column is where the element's start tag begins: after the line's indentation.
        let expectedLine = Int(bad.message.split(separator: ":")[1]) ?? 0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let column = lines[expectedLine - 1].prefix(while: { $0 == " " }).count + 1
        #expect(error.description == bad.message.replacingOccurrences(of: ":COL:", with: ":\(column):"))
    }

    @Test func refusesAVersionDirectoryWithoutContents() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: directory.path + "/Empty.xcdatamodel", withIntermediateDirectories: true)
        let error = #expect(throws: CoreDataFileError.self) {
            try ModelFileReader.read(path: directory.path + "/Empty.xcdatamodel")
        }
        #expect(
            error?.description == directory.path
                + "/Empty.xcdatamodel: missing 'contents': an .xcdatamodel directory keeps its model in a file named 'contents'"
        )
    }

    @Test func refusesACurrentVersionThatIsNotThere() throws {
        let directory = try TemporaryDirectory()
        try directory.write(ModelFixtures.header + "</model>", to: "N.xcdatamodeld/N.xcdatamodel/contents")
        try directory.write(ModelFixtures.currentVersion("N 2.xcdatamodel"), to: "N.xcdatamodeld/.xccurrentversion")
        let error = #expect(throws: CoreDataFileError.self) {
            try ModelFileReader.read(path: directory.path + "/N.xcdatamodeld")
        }
        #expect(error?.message == "the current version 'N 2.xcdatamodel' is not in the bundle (it has 'N.xcdatamodel')")
    }

    @Test func refusesAMissingPathAndANonModel() throws {
        #expect(throws: CoreDataFileError(file: "/nonexistent/M.xcdatamodeld", "no such file or directory")) {
            try ModelFileReader.read(path: "/nonexistent/M.xcdatamodeld")
        }
        let error = #expect(throws: CoreDataFileError.self) {
            try ModelFileReader.parse(Data("<?xml version=\"1.0\"?>\n<plist/>".utf8), file: "p")
        }
        #expect(error?.description == "p:2:1: the root element is <plist>, not <model>: not an Xcode model file")
    }
}
