import Testing

@testable import FetchSimStorage

/// `SmallList`: the elements read back in order whatever their number, each read once, and the
/// invariant check names lists broken by hand.
@Suite struct SmallListTests {
    @Test(arguments: [0, 1, 2, 3, 4, 5, 9])
    func elementsInOrder(count: Int) {
        var reads: [Int] = []
        let list = SmallList(count: count) { position -> String in
            reads.append(position)
            return "e\(position)"
        }
        #expect(reads == Array(0..<count))
        #expect(Array(list) == (0..<count).map { "e\($0)" })
        #expect(list.count == count && list.indices == 0..<count)
        #expect(list.invariantViolation() == nil)
    }

    @Test func brokenListsAreNamed() {
        var missing = SmallList(count: 3) { $0 }
        missing.second = nil
        #expect(missing.invariantViolation() == "element 1 of 3 missing")
        var extra = SmallList(count: 2) { $0 }
        extra.fourth = 7
        #expect(extra.invariantViolation() == "element at 3 past count 2")
        var both = SmallList(count: 6) { $0 }
        both.first = 1
        #expect(both.invariantViolation() == "inline elements beside the array")
        var short = SmallList(count: 6) { $0 }
        short.more.removeLast()
        #expect(short.invariantViolation() == "5 elements in the array for count 6")
    }

    @Test func aBrokenListStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            var list = SmallList(count: 3) { $0 }
            list.third = nil
            list.checkInvariants()
        }
        await #expect(processExitsWith: .failure) {
            _ = SmallList(count: 2) { $0 }[2]
        }
        await #expect(processExitsWith: .success) {
            SmallList(count: 4) { $0 }.checkInvariants()
        }
    }
}
