import CommandLanguage
import FetchSimCore
import ObjectGraph
import Testing

@testable import Fuzzing

/// `FuzzValues`, an edit's values in four slots, answers as the `[FuzzField: Value]` it
/// replaced: the same values, count, fields (the dictionary's keys sorted) and equality, after
/// any sequence of sets and removals; and it renders as the dictionary did.
@Suite struct FuzzValuesTests {
    static let candidates: [Value] = [.string("t1"), .string("B"), .int(0), .int(-3), .bool(true), .bool(false)]

    @Test(arguments: [UInt64(1), 2, 3])
    func answersAsADictionary(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var values = FuzzValues()
        var expected: [FuzzField: Value] = [:]
        var other = FuzzValues()
        var otherExpected: [FuzzField: Value] = [:]
        for step in 0..<2_000 {
            let field = FuzzField.allCases[Int.random(in: 0..<4, using: &rng)]
            let value =
                Bool.random(using: &rng) ? Self.candidates[Int.random(in: 0..<Self.candidates.count, using: &rng)] : nil
            if step % 2 == 0 {
                values[field] = value
                expected[field] = value
            } else {
                other[field] = value
                otherExpected[field] = value
            }
            for field in FuzzField.allCases { #expect(values[field] == expected[field], "step \(step)") }
            #expect(values.count == expected.count)
            #expect(values.isEmpty == expected.isEmpty)
            #expect(values.fields == expected.keys.sorted())
            #expect((values == other) == (expected == otherExpected), "step \(step)")
        }
    }

    @Test func literalsAndTheInitializerHoldTheGivenFields() {
        let literal: FuzzValues = [.order: .int(2), .title: .string("t4")]
        #expect(literal == FuzzValues(title: .string("t4"), order: .int(2)))
        #expect(literal.fields == [.title, .order])
        #expect(literal[.group] == nil)
        let empty: FuzzValues = [:]
        #expect(empty.isEmpty && empty == FuzzValues())
    }

    @Test func assignsInSchemaOrder() {
        let values = FuzzValues(title: .string("t3"), group: .string("B"), order: .int(-12), hidden: .bool(true))
        #expect(
            values.assignments(schema: nil).map(\.description) == [
                #"title="t3""#, #"group="B""#, "order=-12", "hidden=true",
            ])
    }
}
