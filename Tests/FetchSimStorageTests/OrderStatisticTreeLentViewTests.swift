import FetchSimCore
import Testing

@testable import FetchSimStorage

/// The tree's lent views: a leaf's elements through a span, and the element holding a weight
/// offset through a closure — checked against the sorted elements and weights the test keeps.
@Suite struct OrderStatisticTreeLentViewTests {
    @Test(arguments: [0, 1, 30, 2_000])
    func leafSpansHoldTheElementsInOrder(count: Int) {
        let values = (0..<count).map { $0 * 2 + 1 }
        let tree = OrderStatisticTree(ordering: IntOrdering(), sorted: values, unitWeights: true)
        var seen: [Int] = []
        for leaf in tree.leaves {
            leaf.withElements { elements in
                for index in elements.indices { seen.append(elements[index]) }
            }
        }
        #expect(seen == values)
    }

    @Test func aRunOfASpanGoesIntoABuilderWhole() {
        let tree = OrderStatisticTree(ordering: TextOrdering(), sorted: (0..<100).map { "e\(1_000 + $0)" })
        var builder = OrderStatisticTree<TextOrdering>.Builder(expectedCount: 10)
        for leaf in tree.leaves {
            leaf.withElements { elements in builder.append(contentsOf: elements.extracting(0..<(elements.count / 2))) }
        }
        let halves = tree.leaves.flatMap { leaf in leaf.elements.prefix(leaf.elements.count / 2) }
        let rebuilt = builder.finish(ordering: TextOrdering())
        #expect(rebuilt.elements == halves)
        #expect(rebuilt.invariantViolation() == nil)
    }

    /// Weights 5, 1, 7, 2: offsets 0–4 fall in 1, 5 in 4, 6–12 in 9, 13–14 in 16, and none past.
    @Test func thePlaceOfAWeightOffset() {
        let tree = OrderStatisticTree(ordering: IntOrdering(), sorted: [1, 4, 9, 16], weights: [5, 1, 7, 2])
        func place(_ offset: Int) -> [Int]? {
            tree.withPlace(containingWeightOffset: offset) { element, rank, before in [element, rank, before] }
        }
        #expect(place(0) == [1, 0, 0])
        #expect(place(4) == [1, 0, 0])
        #expect(place(5) == [4, 1, 5])
        #expect(place(6) == [9, 2, 6])
        #expect(place(12) == [9, 2, 6])
        #expect(place(13) == [16, 3, 13])
        #expect(place(14) == [16, 3, 13])
        #expect(place(15) == nil)
        #expect(place(-1) == nil)
    }

    @Test func placesAgreeWithRunningSumsOverManyLeaves() {
        var rng = SeededGenerator(seed: 9)
        let values = Array(0..<700)
        let weights = values.map { _ in Int.random(in: 0...4, using: &rng) }
        let tree = OrderStatisticTree(ordering: IntOrdering(), sorted: values, weights: weights)
        var offset = 0
        for (rank, weight) in weights.enumerated() {
            for w in offset..<(offset + weight) {
                let place = tree.withPlace(containingWeightOffset: w) { element, at, before in (element, at, before) }
                #expect(place?.0 == values[rank] && place?.1 == rank && place?.2 == offset, "offset \(w)")
            }
            offset += weight
        }
        #expect(tree.withPlace(containingWeightOffset: offset) { _, _, _ in true } == nil)
    }
}
