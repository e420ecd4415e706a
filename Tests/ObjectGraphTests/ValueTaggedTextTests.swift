import Foundation
import Testing

@testable import ObjectGraph

/// The tagged text that store snapshots and embedded Core Data imports share. The expected
/// strings are written by hand from the format's description in docs/sessions.md ("Recording").
@Suite("Value tagged text")
struct ValueTaggedTextTests {
    @Test(arguments: [
        (Value.null, "n"),
        (.string("Milk, 2 l"), "sMilk, 2 l"),
        (.string(""), "s"),
        (.int(-42), "i-42"),
        (.double(0.1), "f0.1"),
        (.double(1e300), "f1e+300"),
        (.bool(true), "b1"),
        (.bool(false), "b0"),
        (.date(Date(timeIntervalSinceReferenceDate: 86_400.5)), "d86400.5"),
        (.object(ObjectID(12)), "o12"),
        (.objects([ObjectID(3), ObjectID(4)]), "m3,4"),
        (.objects([]), "m"),
    ])
    func writesAndReadsBack(value: Value, text: String) {
        #expect(value.taggedText == text)
        #expect(Value(taggedText: text) == value)
    }

    @Test(arguments: ["", "x1", "nn", "i", "i1.5", "fpi", "b2", "d", "o0", "o-3", "m3,,4", "m3,a"])
    func refusesWhatIsNotAValue(text: String) {
        #expect(Value(taggedText: text) == nil)
    }
}
