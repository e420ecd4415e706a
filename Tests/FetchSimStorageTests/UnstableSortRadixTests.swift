import FetchSimCore
import Testing

@testable import FetchSimStorage

/// `UnstableSort.sort(_:keysBelow:key:)`, the radix sort for integer keys bounded by the list's
/// size (the classifier's orders, issue 14, cl5), against the standard library's sort.
extension UnstableSortTests {
    /// Distinct keys below `bound` (at least `count`), in random order.
    private static func distinctKeys(_ count: Int, below bound: Int, _ rng: inout SeededGenerator) -> [Int] {
        precondition(bound >= count)
        var keys = Set<Int>()
        while keys.count < count { keys.insert(Int.random(in: 0..<bound, using: &rng)) }
        return Array(keys).shuffled(using: &rng)
    }

    /// Counts around the introsort threshold and the digit widths, bounds from one digit to three
    /// passes and past (the introsort), with and without repeated keys.
    @Test func radixSortMatchesTheStandardSort() {
        var rng = SeededGenerator(seed: 14)
        for count in [0, 1, 2, 5, 31, 32, 33, 64, 100, 257, 1_000, 4_100] {
            for bound in [2, 16, 300, 4_096, 20_000, 1 << 22, 1 << 33, 1 << 40] {
                let distinct = bound >= 2 * count
                var keys =
                    distinct
                    ? Self.distinctKeys(count, below: bound, &rng)
                    : (0..<count).map { _ in Int.random(in: 0..<bound, using: &rng) }
                let expected = keys.sorted()
                UnstableSort.sort(&keys, keysBelow: bound) { $0 }
                #expect(keys == expected, "count \(count), bound \(bound)")
            }
        }
    }

    /// A digit every key shares (skipped) and all-equal keys.
    @Test func radixSortSkipsSharedDigits() {
        var rng = SeededGenerator(seed: 3)
        var keys = (0..<500).map { _ in 7 << 20 | Int.random(in: 0..<1_000, using: &rng) }
        let expected = keys.sorted()
        UnstableSort.sort(&keys, keysBelow: 8 << 20) { $0 }
        #expect(keys == expected)
        var equal = [Int](repeating: 9, count: 200)
        UnstableSort.sort(&equal, keysBelow: 10) { $0 }
        #expect(equal == [Int](repeating: 9, count: 200))
    }

    /// Elements with references are moved through the scratch buffer, not copied or lost, for an
    /// odd and an even number of passes.
    @Test func radixSortMovesElementsWithReferences() {
        var rng = SeededGenerator(seed: 5)
        for bound in [1 << 9, 1 << 16, 1 << 24] {
            let keys = Self.distinctKeys(200, below: bound, &rng)
            var elements = keys.map { Keyed(key: $0, box: Box($0 + 1)) }
            weak let first = elements[0].box
            UnstableSort.sort(&elements, keysBelow: bound) { $0.key }
            #expect(elements.map(\.key) == keys.sorted())
            #expect(elements.allSatisfy { $0.box.value == $0.key + 1 })
            #expect(first != nil)
            elements = []
            #expect(first == nil)
        }
    }
}
