import Foundation
import Testing

@testable import ObjectGraph

/// Reading packed values in place (`ManagedObject+Reading.swift`) answers what unpacking them
/// answers: `compareValue` is `Value.compare` of the two values, `holdsExactly` is equality with
/// doubles and dates by their bits — for every pair of kinds, at different positions.
@Suite struct ManagedObjectReadingTests {
    /// Two objects of a five-attribute entity: `a` at position 1 of the first, `b` at position 3 of the second.
    static func pair(_ a: Value, _ b: Value) throws -> (ManagedObject, ManagedObject) {
        let context = try ObjectContext()
        let entity = try PackedValuesTests.entity(attributes: 5)
        try context.define(entity)
        let kind = context.kind(for: entity)
        return (
            ManagedObject.make(ObjectID(1), kind: kind, values: [.string("x"), a, .int(7), .null, .bool(true)]),
            ManagedObject.make(ObjectID(2), kind: kind, values: [.null, .int(3), .string("y"), b, .double(2)])
        )
    }

    @Test func comparesLikeValueCompareForEveryPairOfKinds() throws {
        for a in PackedValuesTests.samples {
            for b in PackedValuesTests.samples {
                let (x, y) = try Self.pair(a, b)
                #expect(x.compareValue(at: 1, with: y, at: 3) == Value.compare(a, b), "\(a) vs \(b)")
                #expect(x.compareValue(at: 1, with: b) == Value.compare(a, b), "\(a) vs the value \(b)")
            }
        }
    }

    /// Worked by hand from the order in `Value` (numbers by value across kinds, strings by scalars).
    @Test(arguments: [
        (Value.int(1), Value.int(2), -1), (.int(-5), .int(-5), 0), (.int(Int.max), .int(Int.min), 1),
        (.bool(true), .bool(false), 1), (.bool(true), .int(1), 0), (.int(1), .double(1.5), -1),
        (.string("b"), .string("a"), 1), (.string("a"), .string("ab"), -1), (.string("Z"), .string("a"), -1),
        (.string("é"), .string("e\u{301}"), 1), (.null, .null, 0), (.null, .int(0), -1),
        (.double(2.5), .int(2), 1),
        (.date(Date(timeIntervalSinceReferenceDate: 1)), .date(Date(timeIntervalSinceReferenceDate: 2)), -1),
    ])
    func handWorkedComparisons(a: Value, b: Value, expected: Int) throws {
        let (x, y) = try Self.pair(a, b)
        #expect(x.compareValue(at: 1, with: y, at: 3) == expected)
        #expect(y.compareValue(at: 3, with: x, at: 1) == -expected)
        #expect(x.compareValue(at: 1, with: b) == expected)
    }

    @Test func holdsExactlyTheValuesItWasGiven() throws {
        for a in PackedValuesTests.samples {
            for b in PackedValuesTests.samples {
                let (x, _) = try Self.pair(a, .null)
                #expect(x.holdsExactly(b, at: 1) == PackedValuesTests.same(a, b), "\(a) holds \(b)")
            }
        }
    }

    @Test func equalButDifferentlyPrintedValuesAreNotHeldExactly() throws {
        let (x, _) = try Self.pair(.double(0.0), .null)
        #expect(!x.holdsExactly(.double(-0.0), at: 1))
        #expect(!x.holdsExactly(.int(0), at: 1), "another kind")
        #expect(x.holdsExactly(.double(0.0), at: 1))
        let (nan, _) = try Self.pair(.double(.nan), .null)
        #expect(nan.holdsExactly(.double(.nan), at: 1))
    }

    @Test func holdsExactlyAllValuesOnlyWithTheSameCount() throws {
        let (x, _) = try Self.pair(.int(4), .null)
        #expect(x.holdsExactly([.string("x"), .int(4), .int(7), .null, .bool(true)]))
        #expect(!x.holdsExactly([.string("x"), .int(4), .int(7), .null]))
        #expect(!x.holdsExactly([.string("x"), .int(4), .int(7), .null, .bool(false)]))
        #expect(!x.holdsExactly([.string("x"), .int(4), .int(7), .null, .bool(true), .null]))
    }
}
