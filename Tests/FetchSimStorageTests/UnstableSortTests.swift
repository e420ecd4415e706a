import Testing

@testable import FetchSimStorage

/// `UnstableSort`, the in-place introsort of the change path: hand-sorted expectations for the
/// insertion-sort range, the partitioning range and the heapsort fallback, and elements that
/// hold references (moved, never copied or lost).
@Suite struct UnstableSortTests {
    @Test func sortsShortAndEmptyArrays() {
        var empty: [Int] = []
        UnstableSort.sort(&empty, by: <)
        #expect(empty.isEmpty)
        var one = [7]
        UnstableSort.sort(&one, by: <)
        #expect(one == [7])
        // Below the insertion threshold, with a repeat and a negative value.
        var short = [5, -2, 9, 5, 0, 3]
        UnstableSort.sort(&short, by: <)
        #expect(short == [-2, 0, 3, 5, 5, 9])
        var descending = [5, -2, 9, 5, 0, 3]
        UnstableSort.sort(&descending, by: >)
        #expect(descending == [9, 5, 5, 3, 0, -2])
    }

    /// 40 values (above the insertion threshold, so the range is partitioned): 3k mod 41 for
    /// k = 1…40 is a permutation of 1…40, since 41 is prime.
    @Test func partitionsLongerArrays() {
        var values = (1...40).map { 3 * $0 % 41 }
        #expect(values.prefix(5) == [3, 6, 9, 12, 15])
        UnstableSort.sort(&values, by: <)
        #expect(values == Array(1...40))
        // Already sorted, reversed, and all equal: the median-of-three cases.
        var sorted = Array(0..<50)
        UnstableSort.sort(&sorted, by: <)
        #expect(sorted == Array(0..<50))
        var reversed = Array((0..<50).reversed())
        UnstableSort.sort(&reversed, by: <)
        #expect(reversed == Array(0..<50))
        var equal = [Int](repeating: 4, count: 33)
        UnstableSort.sort(&equal, by: <)
        #expect(equal == [Int](repeating: 4, count: 33))
    }

    /// A depth limit of zero sends the whole range to the heapsort.
    @Test func heapsortFallbackSorts() {
        var values = (1...40).map { 7 * $0 % 41 }
        UnstableSort.sort(&values, depthLimit: 0, by: <)
        #expect(values == Array(1...40))
        var withRepeats = [3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 0]
        UnstableSort.sort(&withRepeats, depthLimit: 0, by: <)
        #expect(
            withRepeats == [0] + [Int](repeating: 1, count: 7) + [Int](repeating: 2, count: 7)
                + [Int](repeating: 3, count: 7))
    }

    /// A reference an element carries (shared with `UnstableSortRadixTests.swift`).
    final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    struct Keyed {
        let key: Int
        let box: Box
    }

    private struct Weak {
        weak var box: Box?
    }

    /// Structs holding references are moved, not copied or lost: after the sort each key still
    /// has its own box, and once the array is gone no box is left alive (an extra retain would
    /// keep one; a missing one would have freed it while the array held it).
    @Test func movesElementsWithReferences() {
        for depthLimit in [nil, 0] as [Int?] {
            // 5k mod 37 for k = 1…36 is a permutation of 1…36.
            let keys = (1...36).map { 5 * $0 % 37 }
            var elements = keys.map { Keyed(key: $0, box: Box($0 * 10)) }
            let watched = elements.map { Weak(box: $0.box) }
            UnstableSort.sort(&elements, depthLimit: depthLimit) { $0.key < $1.key }
            #expect(elements.map(\.key) == Array(1...36))
            #expect(elements.map(\.box.value) == (1...36).map { $0 * 10 })
            #expect(watched.allSatisfy { $0.box != nil })
            elements = []
            #expect(watched.allSatisfy { $0.box == nil })
        }
    }
}
