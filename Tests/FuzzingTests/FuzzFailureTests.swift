import Fuzzing
import Interpreter
import Testing
import Transcripts

/// Failure kinds: what the shrinker must keep the same.
@Suite struct FuzzFailureTests {
    struct KindCase: Sendable, CustomTestStringConvertible {
        let problem: String
        let kind: String
        var testDescription: String { kind }
    }

    static let problems = [
        KindCase(problem: "the table has 2 sections but the controller has 3", kind: "section count"),
        KindCase(problem: #"section 1 is titled "A" but the controller calls it "B""#, kind: "section title"),
        KindCase(problem: "section 0 has 4 rows but the controller has 5", kind: "row count"),
        KindCase(problem: #"row 0.4 shows #7 "x" but the controller has no row there"#, kind: "extra row"),
        KindCase(problem: #"row 0.1 shows #3 "x" but the controller has #4 "y" there"#, kind: "wrong row"),
        KindCase(problem: #"row 0.0 is #1 "t45" but its cell shows #2 "x""#, kind: "wrong cell"),
        KindCase(problem: #"row 1.0 shows a stale cell for #1: "x | A" but it should show "x | B""#, kind: "stale cell"),
        KindCase(problem: #"the controller's objects are out of order: #2 "b" comes before #1 "a""#, kind: "order"),
        KindCase(problem: "something new in 3 places", kind: "other: something new in N places"),
    ]

    @Test(arguments: problems)
    func problemKinds(_ example: KindCase) {
        #expect(FuzzFailure.kind(ofProblem: example.problem) == example.kind)
    }

    @Test func uikitMessagesLoseTheirNumbers() {
        #expect(FuzzFailure.strippingNumbers("attempt to delete row 12 from section 0 which only contains 12 rows before the update")
                == "attempt to delete row N from section N which only contains N rows before the update")
        #expect(FuzzFailure.strippingNumbers("section 0.10 (4)") == "section N.N (N)")
    }
}
