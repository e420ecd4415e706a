import CoreDataFiles
import Foundation
import ObjectGraph
import Testing

/// `transient="YES"` in a model file reaches the schema (docs/semantics.md, "Transient
/// attributes"): only the attribute the file marks, the fixture's `scratch`.
@Suite struct TransientModelTests {
    @Test func theMarkedAttributeIsTransientInTheSchema() throws {
        let mapped = try ModelSchemaTests.mapped(ModelFixtures.everyType)
        let sample = try #require(mapped.schema.entity(named: "Sample"))
        #expect(sample.attributes.filter(\.isTransient).map(\.name) == ["scratch"])
        #expect(mapped.sources["Sample"]?.filter { !$0.isStored }.map(\.name) == ["scratch"])
    }
}
