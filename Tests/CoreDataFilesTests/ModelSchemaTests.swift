import CoreDataFiles
import Foundation
import ObjectGraph
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
        #expect(
            sample.attributes.map(\.name) == [
                "text", "small", "medium", "large", "ratio", "weight", "price", "flag", "when",
                "identifier", "link", "scratch", "folder",
            ])
        #expect(
            sample.attributes.map(\.typeText) == [
                "string?", "int", "int", "int", "double?", "double?", "double?", "bool", "date?",
                "string?", "string?", "string?", "->Folder?",
            ])
        #expect(
            sample.attributes.map(\.defaultValue) == [
                nil, .int(0), .int(-7), .int(9_000_000_000), .double(0.5), .double(1.25),
                .double(9.99), .bool(false), .date(Date(timeIntervalSince1970: 978_307_200 + 86_400)),
                nil, nil, nil, nil,
            ])
        #expect(mapped.schema.entity(named: "Folder")?.attributes.first?.defaultValue == .string("Inbox"))
        #expect(
            mapped.notes.suffix(2) == [
                "attribute 'blob' of entity 'Sample' (Binary) is not in the schema: FetchSim has no type for opaque values",
                "attribute 'tags' of entity 'Sample' (Transformable) is not in the schema: FetchSim has no type for opaque values",
            ])
    }

    @Test func keepsTheHierarchyWithInheritedAttributesFirst() throws {
        let mapped = try Self.mapped(ModelFixtures.inheritance)
        // Every entity, abstract Item too, in file order; each names its parent.
        #expect(mapped.schema.entities.map(\.name) == ["Item", "Task", "Event", "Meeting"])
        #expect(mapped.schema.entities.map(\.parentName) == [nil, "Item", "Item", "Event"])
        #expect(mapped.schema.entities.map(\.isAbstract) == [true, false, false, false])
        #expect(mapped.schema.entity(named: "Task")?.attributes.map(\.name) == ["title", "created", "done"])
        #expect(
            mapped.schema.entity(named: "Meeting")?.attributes.map(\.typeText) == [
                "string", "date?", "date?", "string?", "->Task?",
            ])
        #expect(mapped.schema.family(of: "Item") == ["Item", "Task", "Event", "Meeting"])
        #expect(mapped.schema.family(of: "Event") == ["Event", "Meeting"])
        #expect(mapped.notes.isEmpty)
    }

    @Test func mapsToManyRelationshipsWithTheirInverseRuleOrderAndCounts() throws {
        let mapped = try Self.mapped(ModelFixtures.toMany)
        // <relationship name="notes" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Note" inverseName="folder">
        let notes = try #require(mapped.schema.entity(named: "Folder")?.attribute(named: "notes"))
        #expect(notes.type == .toMany)
        #expect(notes.destinationEntity == "Note")
        #expect(notes.isOrdered)
        #expect(notes.inverseName == "folder")
        #expect(notes.deleteRule == .cascade)
        #expect(notes.typeText == "[Note]")
        #expect(notes.relationshipOptionsText == "inverse=folder delete=cascade ordered=true")
        // <relationship name="folder" maxCount="1" deletionRule="Deny" … inverseName="notes">
        let folder = try #require(mapped.schema.entity(named: "Note")?.attribute(named: "folder"))
        #expect(folder.type == .relationship)
        #expect(folder.inverseName == "notes")
        #expect(folder.deleteRule == .deny)
        #expect(mapped.sources["Folder"]?.map(\.name) == ["name", "notes"])
        #expect(
            mapped.sources["Folder"].map { $0.map { if case .toMany = $0 { true } else { false } } } == [false, true])
    }

    @Test func readsCountsAndTheOtherDeleteRules() throws {
        let text =
            ModelFixtures.header + """

                    <entity name="Tag" representedClassName="Tag" syncable="YES">
                        <relationship name="notes" optional="YES" toMany="YES" minCount="1" maxCount="3" deletionRule="No Action" destinationEntity="Note" inverseName="tags" inverseEntity="Note"/>
                    </entity>
                    <entity name="Note" representedClassName="Note" syncable="YES">
                        <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag" inverseName="notes" inverseEntity="Tag"/>
                    </entity>
                </model>
                """
        let mapped = try Self.mapped(text)
        let notes = try #require(mapped.schema.entity(named: "Tag")?.attribute(named: "notes"))
        #expect((notes.minCount, notes.maxCount, notes.deleteRule, notes.isOrdered) == (1, 3, .noAction, false))
        let tags = try #require(mapped.schema.entity(named: "Note")?.attribute(named: "tags"))
        #expect((tags.minCount, tags.maxCount, tags.deleteRule, tags.inverseName) == (0, 0, .nullify, "notes"))
    }

    @Test func aRelationshipToAnAbstractEntityHoldsItsSubEntitiesObjects() throws {
        let text =
            ModelFixtures.header + """

                    <entity name="Base" isAbstract="YES"/>
                    <entity name="Leaf" parentEntity="Base">
                        <relationship name="other" optional="YES" maxCount="1" destinationEntity="Base"/>
                    </entity>
                </model>
                """
        let mapped = try Self.mapped(text)
        let context = try ObjectContext(store: InMemoryStore(schema: mapped.schema))
        let first = try context.insert("Leaf")
        let second = try context.insert("Leaf", values: [("other", .object(first.objectID))])
        #expect(second.value(forKey: "other") == .object(first.objectID))
        #expect(
            throws: ObjectGraphError.invalidEntity(
                "Base", problem: "it is abstract: only objects of its sub-entities can be inserted")
        ) {
            try context.insert("Base")
        }
    }

    @Test func anInverseThatPointsElsewhereIsRefusedAtItsElement() throws {
        // Note.folder names 'notes' as its inverse, but Folder.notes names 'owner'.
        let text =
            ModelFixtures.header + """

                    <entity name="Folder">
                        <relationship name="notes" optional="YES" toMany="YES" destinationEntity="Note" inverseName="owner" inverseEntity="Note"/>
                    </entity>
                    <entity name="Note">
                        <relationship name="owner" optional="YES" maxCount="1" destinationEntity="Folder"/>
                        <relationship name="folder" optional="YES" maxCount="1" destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>
                    </entity>
                </model>
                """
        #expect(
            throws: CoreDataFileError(
                file: "m", location: ModelLocation(line: 8, column: 9),
                "relationship 'folder' of entity 'Note': its inverse 'Folder.notes' names 'owner' as its own inverse")
        ) {
            try Self.mapped(text)
        }
    }

    @Test func refusesADefaultOfTheWrongType() throws {
        let text =
            ModelFixtures.header + """

                    <entity name="A">
                        <attribute name="n" attributeType="Integer 32" defaultValueString="many"/>
                    </entity>
                </model>
                """
        #expect(
            throws: CoreDataFileError(
                file: "m", location: ModelLocation(line: 4, column: 9),
                "attribute 'n' of entity 'A': defaultValueString 'many' is not a value of type 'Integer 32'")
        ) {
            try Self.mapped(text)
        }
    }
}
