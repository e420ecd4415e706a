import Foundation
import ObjectGraph
import Testing

@testable import Adapters

/// `CellValues.formatsLike`: the check skips formatting a cell only for exactly the values it was
/// formatted from — values that are `==` but print differently must not count.
@Suite struct CellValuesTests {
    @Test func equalValuesInAnotherArrayCount() {
        let source = CellValues([.string("Milk"), .int(3), .double(1.5), .null])
        #expect(source.formatsLike([.string("Milk"), .int(3), .double(1.5), .null]))
    }

    @Test func zeroAndNegativeZeroAreEqualButPrintDifferently() {
        #expect(Value.double(0.0) == Value.double(-0.0))
        #expect(Value.double(0.0).description != Value.double(-0.0).description)
        #expect(!CellValues([.double(0.0)]).formatsLike([.double(-0.0)]))
        #expect(
            !CellValues([.date(Date(timeIntervalSinceReferenceDate: 0.0))])
                .formatsLike([.date(Date(timeIntervalSinceReferenceDate: -0.0))]))
    }

    @Test func aChangedOrMissingValueDoesNotCount() {
        let source = CellValues([.string("Milk"), .int(3)])
        #expect(!source.formatsLike([.string("Milk"), .int(4)]))
        #expect(!source.formatsLike([.string("Milk")]))
        #expect(!source.formatsLike([.string("Milk"), .null]))
    }

    @Test func notANumberMatchesItself() {
        #expect(CellValues([.double(.nan)]).formatsLike([.double(.nan)]))
    }
}
