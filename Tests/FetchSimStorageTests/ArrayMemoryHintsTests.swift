import Testing

@testable import FetchSimStorage

/// The memory hints change nothing an array holds, for any index (in range or not) and for an
/// empty array, a small one and one large enough to hold whole 2 MB pages.
@Suite struct ArrayMemoryHintsTests {
    @Test(arguments: [0, 5, 1 << 19])
    func hintsLeaveTheElementsAsTheyWere(count: Int) {
        var values: [Int?] = []
        values.reserveCapacity(count + count / 4)
        values.adviseHugePages()
        for index in 0..<count { values.append(index % 3 == 0 ? nil : index * 7) }
        let copy = values
        for index in [-1_000, -1, 0, 1, count / 2, count - 1, count, count + 1, Int.max, Int.min] {
            values.prefetchElement(at: index)
        }
        values.adviseHugePages()
        #expect(values == copy)
        #expect(values.count == count)
        #expect(values.indices.allSatisfy { values[$0] == ($0 % 3 == 0 ? nil : $0 * 7) })
    }
}
