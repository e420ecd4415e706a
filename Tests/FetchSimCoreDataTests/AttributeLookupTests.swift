import Foundation
import Testing

@testable import FetchSimCoreData

/// `attribute(named:)`, which `@Managed` reads through, gives what `propertiesByName[key] as?
/// NSAttributeDescription` gives: an entity's own property over its superentity's of the same
/// name, nil for a relationship or an unknown key, for a few properties and for many.
@Suite struct AttributeLookupTests {
    private static func entity(_ name: String, _ properties: [NSPropertyDescription]) -> NSEntityDescription {
        let entity = NSEntityDescription()
        entity.name = name
        entity.properties = properties
        return entity
    }

    private static func agree(_ entity: NSEntityDescription, _ keys: [String]) -> Bool {
        keys.allSatisfy { entity.attribute(named: $0) === (entity.propertiesByName[$0] as? NSAttributeDescription) }
    }

    @Test func agreesWithPropertiesByName() {
        let parentTitle = NotesModel.attribute("title", .stringAttributeType)
        let parent = Self.entity("Item", [parentTitle, NotesModel.attribute("order", .integer64AttributeType)])
        let ownTitle = NotesModel.attribute("title", .stringAttributeType)
        let link = NSRelationshipDescription()
        link.name = "list"
        let child = Self.entity("Note", [ownTitle, link])
        parent.subentities = [child]
        let keys = ["title", "order", "list", "missing", ""]
        #expect(child.attribute(named: "title") === ownTitle)
        #expect(parent.attribute(named: "title") === parentTitle)
        #expect(child.attribute(named: "list") == nil)
        #expect(Self.agree(child, keys))
        #expect(Self.agree(parent, keys))

        let many = (0..<12).map { NotesModel.attribute("a\($0)", .integer64AttributeType) }
        let wide = Self.entity("Wide", many)
        #expect(wide.attribute(named: "a11") === many[11])
        #expect(Self.agree(wide, (0..<13).map { "a\($0)" }))

        // Changing the properties forgets what was looked up.
        let renamed = NotesModel.attribute("heading", .stringAttributeType)
        child.properties = [renamed]
        #expect(child.attribute(named: "heading") === renamed)
        #expect(child.attribute(named: "title") === parentTitle)
        #expect(Self.agree(child, keys + ["heading"]))
    }
}
