import Testing

@testable import FetchSimStorage

/// `TemporaryElements`: the span holds exactly the elements made, in order, for no elements, a
/// few (on the stack) and many (past what the stack takes).
@Suite struct TemporaryElementsTests {
    @Test(arguments: [0, 1, 7, 300, 200_000])
    func theSpanHoldsTheElementsMade(count: Int) {
        var calls: [Int] = []
        let read: [UInt32] = TemporaryElements.with(
            count: count,
            { index in
                calls.append(index)
                return UInt32(truncatingIfNeeded: index &* 2_654_435_761)
            },
            { span in (0..<span.count).map { span[$0] } })
        #expect(calls == Array(0..<count))
        #expect(read == (0..<count).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) })
    }

    @Test func aNegativeCountStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = TemporaryElements.with(count: -1, { UInt8(truncatingIfNeeded: $0) }, { $0.count })
        }
    }
}
