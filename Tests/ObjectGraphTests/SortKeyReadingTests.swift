import Foundation
import Testing

@testable import ObjectGraph

/// The reads the consistency check and the fuzzer make in place (docs/performance.md, "The
/// fuzzer's executor and the full check"): the live objects holding a value and an attribute found
/// by name — each against what reading the values one by one answers, with hand-worked
/// expectations.
@Suite struct SortKeyReadingTests {
    @Test func indexesOfLiveObjectsHoldingAValue() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "Item", attributes: [Attribute("title", .string), Attribute("hidden", .bool)]))
        let ids = try [true, false, true, true, false].enumerated().map { i, hidden in
            try context.insert("Item", values: [("title", .string("t\(i)")), ("hidden", .bool(hidden))]).objectID
        }
        try context.processPendingChanges()
        try context.delete(ids[3])
        // #4 is gone, an unknown ID is skipped; the positions are in `ids` as given.
        let asked = [ids[4], ids[0], ids[3], ObjectID(999), ids[2], ids[1]]
        #expect(context.indexes(among: asked, holdingExactly: .bool(true), at: 1) == [1, 4])
        #expect(context.indexes(among: asked, holdingExactly: .bool(false), at: 1) == [0, 5])
        #expect(context.indexes(among: asked, holdingExactly: .int(1), at: 1) == [], "another kind is not held")
        #expect(context.indexes(among: asked, holdingExactly: .bool(true), at: 2) == [], "past the values")
        #expect(context.indexes(among: [], holdingExactly: .bool(true), at: 1) == [])
    }

    @Test func attributesAreFoundByNameInAnyStorage() throws {
        let long = "an_attribute_name_longer_than_fifteen_bytes"
        let entity = try Entity(
            name: "E", attributes: [Attribute("a", .string), Attribute(long, .int), Attribute("b", .bool)])
        #expect(entity.index(of: "a") == 0)
        #expect(entity.index(of: "b") == 2)
        #expect(entity.index(of: long) == 1)
        // Equal names in other storage (not the same 16 bytes) are found too, by hashing.
        #expect(entity.index(of: String(long.reversed().reversed())) == 1)
        #expect(entity.index(of: "c") == nil)
        #expect(entity.index(of: "") == nil)
        #expect(entity.attribute(named: long)?.type == .int)
        #expect(throws: ObjectGraphError.unknownAttribute("c", entity: "E")) { try entity.requireAttribute("c") }
        #expect(try entity.requireAttribute("b").index == 2)
        // More than eight attributes: found by hashing alone.
        let wide = try PackedValuesTests.entity(attributes: 12)
        for i in 0..<12 { #expect(wide.index(of: "a\(i)") == i) }
        #expect(wide.index(of: "a12") == nil)
    }
}
