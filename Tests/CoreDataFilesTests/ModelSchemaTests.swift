import CoreDataFiles
import Foundation
import Testing

@Suite struct ModelSchemaTests {
    static func mapped(_ text: String) throws -> ModelSchema {
        try ModelFileReader.parse(Data(text.utf8), file: "m").schema()
    }

    @Test func mapsEveryTypeAndKeepsOpaqueOnesOut() throws {
        let mapped = try Self.mapped(ModelFixtures.everyType)
        let sample = try #require(mapped.schema.entity(named: "Sample"))
        // Integer 16/32/64 → int; Double, Float, Decimal → double; Boolean → bool; Date → date;
        // String, UUID, URI → string; Binary and Transformable left out; to-one → relationship.
        #expect(sample.attributes.map(\.name) == ["text", "small", "medium", "large", "ratio", "weight", "price", "flag", "when",
                                                  "identifier", "link", "scratch", "folder"])
        #expect(sample.attributes.map(\.typeText) == ["string?", "int", "int", "int", "double?", "double?", "double?", "bool", "date?",
                                                      "string?", "string?", "string?", "->Folder?"])
        #expect(sample.attributes.map(\.defaultValue) == [nil, .int(0), .int(-7), .int(9_000_000_000), .double(0.5), .double(1.25),
                                                          .double(9.99), .bool(false), .date(Date(timeIntervalSince1970: 978_307_200 + 86_400)),
                                                          nil, nil, nil, nil])
        #expect(mapped.schema.entity(named: "Folder")?.attributes.first?.defaultValue == .string("Inbox"))
        #expect(mapped.notes.suffix(2) == [
            "attribute 'blob' of entity 'Sample' (Binary) is not in the schema: FetchSim has no type for opaque values",
            "attribute 'tags' of entity 'Sample' (Transformable) is not in the schema: FetchSim has no type for opaque values",
        ])
    }

    @Test func flattensInheritanceIntoConcreteEntities() throws {
        let mapped = try Self.mapped(ModelFixtures.inheritance)
        #expect(mapped.schema.entities.map(\.name) == ["Task", "Event", "Meeting"])
        #expect(mapped.schema.entity(named: "Task")?.attributes.map(\.name) == ["title", "created", "done"])
        #expect(mapped.schema.entity(named: "Meeting")?.attributes.map(\.typeText) == ["string", "date?", "date?", "string?", "->Task?"])
        #expect(mapped.notes == [
            "abstract entity 'Item' is not in the schema: its properties are in each of its sub-entities",
            "entity 'Event' has sub-entities: FetchSim fetches each entity on its own (no sub-entity objects in a fetch of 'Event')",
        ])
    }

    @Test func refusesToManyRelationshipsWithTheirPlace() throws {
        // The relationship is on line 5: declaration, <model>, <entity name="Folder">, name, notes.
        #expect(throws: CoreDataFileError(file: "m", location: ModelLocation(line: 5, column: 9),
                                          "relationship 'notes' of entity 'Folder' is to-many: FetchSim's relationships are to-one for now, so this model cannot be loaded")) {
            try Self.mapped(ModelFixtures.toMany)
        }
    }

    @Test func refusesARelationshipToAnAbstractEntity() throws {
        let text = ModelFixtures.header + """

                <entity name="Base" isAbstract="YES"/>
                <entity name="Leaf" parentEntity="Base">
                    <relationship name="other" optional="YES" maxCount="1" destinationEntity="Base"/>
                </entity>
            </model>
            """
        #expect(throws: CoreDataFileError(file: "m", location: ModelLocation(line: 5, column: 9),
                                          "relationship 'other' of entity 'Leaf' points to abstract entity 'Base': a FetchSim relationship points to one concrete entity")) {
            try Self.mapped(text)
        }
    }

    @Test func refusesADefaultOfTheWrongType() throws {
        let text = ModelFixtures.header + """

                <entity name="A">
                    <attribute name="n" attributeType="Integer 32" defaultValueString="many"/>
                </entity>
            </model>
            """
        #expect(throws: CoreDataFileError(file: "m", location: ModelLocation(line: 4, column: 9),
                                          "attribute 'n' of entity 'A': defaultValueString 'many' is not a value of type 'Integer 32'")) {
            try Self.mapped(text)
        }
    }
}
