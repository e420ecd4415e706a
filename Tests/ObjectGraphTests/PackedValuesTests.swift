import Foundation
import Testing

@testable import ObjectGraph

/// Values packed into an object's allocation (`PackedValues`) read back exactly as written,
/// whatever their kind, through every way of reading and writing them.
@Suite struct PackedValuesTests {
    /// One attribute per kind a packed slot can hold, plus a fifth value beyond the stack buffer's four.
    static func entity(attributes: Int) throws -> Entity {
        try Entity(name: "Any", attributes: (0..<attributes).map { Attribute("a\($0)", .string, isOptional: true) })
    }

    static let samples: [Value] = [
        .null, .string(""), .string("short"), .string("a string far longer than fifteen bytes, so it is allocated"),
        .string("é\u{301} combining"), .int(0), .int(Int.min), .int(Int.max), .int(-1),
        .double(-0.0), .double(.nan), .double(.infinity), .double(1.5), .bool(false), .bool(true),
        .date(Date(timeIntervalSinceReferenceDate: -1e9)), .date(Date(timeIntervalSinceReferenceDate: 0.25)),
        .object(ObjectID(1)), .object(ObjectID(-7)), .object(ObjectID(ObjectID.validRange.upperBound)),
        .objects([]), .objects([ObjectID(3), ObjectID(1)]), .objects((1...40).map(ObjectID.init)),
    ]

    /// Equal under `==` and of the same bits where `==` is not enough (NaN, -0.0).
    static func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.double(let x), .double(let y)): x.bitPattern == y.bitPattern
        case (.date(let x), .date(let y)):
            x.timeIntervalSinceReferenceDate.bitPattern == y.timeIntervalSinceReferenceDate.bitPattern
        default: a == b
        }
    }

    @Test(arguments: [1, 3, 4, 5, 9])
    func everyKindReadsBackExactly(attributes: Int) throws {
        let context = try ObjectContext()
        let entity = try Self.entity(attributes: attributes)
        try context.define(entity)
        let kind = context.kind(for: entity)
        // Each sample in each position: rotate the samples through the attributes.
        for start in Self.samples.indices {
            let values = (0..<attributes).map { Self.samples[(start + $0) % Self.samples.count] }
            let object = ManagedObject.make(ObjectID(start + 1), kind: kind, values: values)
            #expect(object.valueCount == attributes)
            #expect(zip(object.values, values).allSatisfy(Self.same), "values, start \(start)")
            #expect(
                object.withValues { zip($0, values).allSatisfy(Self.same) && $0.count == attributes },
                "withValues, start \(start)")
            for index in 0..<attributes {
                #expect(Self.same(object.value(at: index), values[index]), "value(at: \(index)), start \(start)")
            }
        }
    }

    /// `withValues(at:)` gives the values at the positions asked, in the order asked — repeats,
    /// reversals, one, four (the stack words) and five (the array) of them.
    @Test func selectedValuesInTheOrderAsked() throws {
        let context = try ObjectContext()
        let entity = try Self.entity(attributes: 6)
        try context.define(entity)
        let kind = context.kind(for: entity)
        for start in Self.samples.indices {
            let values = (0..<6).map { Self.samples[(start + $0 * 3) % Self.samples.count] }
            let object = ManagedObject.make(ObjectID(start + 1), kind: kind, values: values)
            for indexes in [[0], [5], [3, 1], [2, 2], [5, 4, 3, 2], [1, 3, 5, 0, 2], [0, 1, 2, 3, 4, 5]] {
                let read = object.withValues(at: indexes) { Array($0) }
                #expect(
                    read.count == indexes.count && zip(read, indexes.map { values[$0] }).allSatisfy(Self.same),
                    "indexes \(indexes), start \(start)")
            }
        }
    }

    @Test func writesReplaceEveryKindByEveryKind() throws {
        let context = try ObjectContext()
        let entity = try Self.entity(attributes: 3)
        try context.define(entity)
        let object = ManagedObject.make(ObjectID(1), kind: context.kind(for: entity), values: [Value]())
        #expect(object.values == [.null, .null, .null], "missing values are nil")
        for old in Self.samples {
            for new in Self.samples {
                object.setValue(old, at: 1)
                object.setValue(new, at: 1)
                #expect(Self.same(object.value(at: 1), new), "\(old) then \(new)")
                #expect(object.value(at: 0) == .null && object.value(at: 2) == .null, "neighbours untouched")
            }
        }
        object.replaceValues(with: [.string("a string far longer than fifteen bytes, again"), .int(3)])
        #expect(object.values == [.string("a string far longer than fifteen bytes, again"), .int(3), .null])
    }

    @Test func anObjectOfThreeValuesFitsANinetySixByteChunk() throws {
        // 16 bytes of Swift object header, 16 of ObjectHeader, 3 × 16 of payloads and 8 for the tags.
        #expect(MemoryLayout<ObjectHeader>.size == 16)
        #expect(PackedValues.Record.words(for: 3) * 8 == 56)
        #expect(PackedValues.Record.words(for: 8) * 8 == 8 * 16 + 8)
        #expect(PackedValues.Record.words(for: 9) * 8 == 9 * 16 + 16)
    }
}
