import Foundation
import Testing

@testable import ObjectGraph

/// The reads the consistency check and the fuzzer make in place (docs/performance.md, "The
/// fuzzer's executor and the full check"): a pair of objects compared over several sort keys in one call, the
/// live objects holding a value, and an attribute found by name — each against what reading the
/// values one by one answers, with hand-worked expectations.
@Suite struct SortKeyReadingTests {
    /// An object of a five-attribute entity with `values` (the rest nil) and `id`.
    static func object(_ id: Int, _ values: [Value], in context: ObjectContext) throws -> ManagedObject {
        let entity = try PackedValuesTests.entity(attributes: 5)
        if context.schema.entity(named: entity.name) == nil { try context.define(entity) }
        return ManagedObject.make(ObjectID(id), kind: context.kind(for: entity), values: values)
    }

    @Test func firstDifferenceIsTheFirstKeyWhoseValuesDiffer() throws {
        let context = try ObjectContext()
        let long = "a section name longer than fifteen bytes"
        let a = try Self.object(1, [.string(long), .int(3), .string("t"), .double(1.5), .null], in: context)
        // The same long name built again: equal text in another allocation.
        let b = try Self.object(
            2, [.string(String(long.reversed().reversed())), .int(5), .string("t"), .double(1.5), .null], in: context)
        #expect(a.firstDifference(from: b, at: [0, 1])! == (1, -1))
        #expect(b.firstDifference(from: a, at: [0, 1])! == (1, 1))
        #expect(a.firstDifference(from: b, at: [2, 1, 0])! == (1, -1), "the offset in the list, not the attribute")
        #expect(a.firstDifference(from: b, at: [0, 2, 3, 4]) == nil, "equal at every key")
        #expect(a.firstDifference(from: b, at: []) == nil)
        // Kinds differ: numbers across kinds by value, nil first.
        let c = try Self.object(3, [.null, .double(3.5), .string("s"), .int(1), .null], in: context)
        #expect(c.firstDifference(from: a, at: [0])! == (0, -1))
        #expect(a.firstDifference(from: c, at: [1, 0])! == (0, -1), "3 before 3.5")
        #expect(a.firstDifference(from: c, at: [3, 2])! == (0, 1), "1.5 after 1")
    }

    @Test func firstDifferenceAgreesWithCompareValueForEveryPairOfKinds() throws {
        let context = try ObjectContext()
        for x in PackedValuesTests.samples {
            for y in PackedValuesTests.samples {
                let a = try Self.object(1, [.int(0), x], in: context)
                let b = try Self.object(2, [.int(0), y], in: context)
                let c = a.compareValue(at: 1, with: b, at: 1)
                let difference = a.firstDifference(from: b, at: [0, 1])
                #expect(difference?.offset == (c == 0 ? nil : 1), "\(x) vs \(y)")
                #expect(difference?.comparison == (c == 0 ? nil : c), "\(x) vs \(y)")
            }
        }
    }

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
