import FetchSimCore
import Testing

@testable import FetchSimStorage

/// Strings ordered ascending: elements that hold references, so the nodes' manual storage must
/// retain and release them exactly (a leak or a double release shows as a crash or a wrong string).
struct TextOrdering: TreeOrdering {
    func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool { lhs < rhs }
}

/// The nodes' pointer storage (`OrderStatisticTree+Node.swift`) and the neighbours that an
/// insertion or removal reports from its leaf.
@Suite struct OrderStatisticTreeNodeTests {
    @Test func neighboursInOneLeaf() {
        let tree = OrderStatisticTree(ordering: IntOrdering(), sorted: [10, 20, 30, 40, 50], unitWeights: true)
        var near = OrderStatisticTree<IntOrdering>.Neighbours()
        #expect(tree.insert(25, neighbours: &near) == 2)
        #expect(near.before == 20 && near.after == 30)
        #expect(tree.insert(5, neighbours: &near) == 0)
        #expect(near.before == nil && near.after == 10)
        #expect(tree.insert(60, neighbours: &near) == 7)
        #expect(near.before == 50 && near.after == nil)
        // [5, 10, 20, 25, 30, 40, 50, 60]
        #expect(tree.remove(30, neighbours: &near)?.rank == 4)
        #expect(near.before == 25 && near.after == 40)
        #expect(tree.remove(5, neighbours: &near)?.rank == 0)
        #expect(near.before == nil && near.after == 10)
        #expect(tree.remove(60, neighbours: &near)?.rank == 5)
        #expect(near.before == 50 && near.after == nil)
        #expect(tree.remove(33, neighbours: &near) == nil)
        #expect(tree.elements == [10, 20, 25, 40, 50])
    }

    @Test func reportedNeighboursAreTheSortedNeighbours() {
        var rng = SeededGenerator(seed: 41)
        let tree = OrderStatisticTree(
            ordering: IntOrdering(), sorted: Array(stride(from: 0, to: 6_000, by: 3)), unitWeights: true)
        var model = Array(stride(from: 0, to: 6_000, by: 3))
        var reported = 0
        var missing = 0
        for step in 0..<8_000 {
            var near = OrderStatisticTree<IntOrdering>.Neighbours()
            if Int.random(in: 0..<2, using: &rng) == 0 || model.isEmpty {
                let value = Int.random(in: 0..<6_000, using: &rng)
                guard !model.contains(value) else { continue }
                // The model's own sorted position, not the tree's answer, places the value.
                let expected = model.firstIndex { $0 > value } ?? model.count
                let rank = tree.insert(value, neighbours: &near)
                #expect(rank == expected, "step \(step)")
                model.insert(value, at: expected)
                let before = expected > 0 ? model[expected - 1] : nil
                let after = expected + 1 < model.count ? model[expected + 1] : nil
                #expect(near.before == nil || near.before == before, "step \(step)")
                #expect(near.after == nil || near.after == after, "step \(step)")
                reported += (near.before == nil ? 0 : 1) + (near.after == nil ? 0 : 1)
                missing += (near.before == nil && before != nil ? 1 : 0) + (near.after == nil && after != nil ? 1 : 0)
            } else {
                let index = Int.random(in: 0..<model.count, using: &rng)
                let before = index > 0 ? model[index - 1] : nil
                let after = index + 1 < model.count ? model[index + 1] : nil
                #expect(tree.remove(model[index], neighbours: &near)?.rank == index)
                model.remove(at: index)
                #expect(near.before == nil || near.before == before, "step \(step)")
                #expect(near.after == nil || near.after == after, "step \(step)")
                reported += (near.before == nil ? 0 : 1) + (near.after == nil ? 0 : 1)
                missing += (near.before == nil && before != nil ? 1 : 0) + (near.after == nil && after != nil ? 1 : 0)
            }
        }
        #expect(tree.elements == model && tree.invariantViolation() == nil)
        // Leaves hold 32–64 elements: a neighbour is outside the leaf at most once in ~16 reads.
        #expect(missing * 10 < reported, "\(missing) of \(reported + missing) neighbours outside the leaf")
    }

    @Test func referenceElementsSurviveSplitsAndRemovals() {
        var rng = SeededGenerator(seed: 5)
        let tree = OrderStatisticTree(
            ordering: TextOrdering(), sorted: (0..<300).map { "key \(1_000 + $0 * 2) of a long string" },
            unitWeights: true)
        var model = (0..<300).map { "key \(1_000 + $0 * 2) of a long string" }
        for _ in 0..<6_000 {
            let text = "key \(Int.random(in: 1_000..<1_700, using: &rng)) of a long string"
            if let index = model.firstIndex(of: text) {
                #expect(tree.remove(text)?.rank == index)
                model.remove(at: index)
            } else {
                let rank = tree.insert(text)
                model.insert(text, at: rank)
            }
        }
        #expect(tree.elements == model.sorted() && tree.elements == model)
        #expect(tree.invariantViolation() == nil)
        for value in model { tree.remove(value) }
        #expect(tree.count == 0 && tree.elements.isEmpty && tree.invariantViolation() == nil)
    }

    @Test func weightedNodesKeepWeightsAndSums() {
        // 200 elements of weight 2: the sum before element k is 2k.
        let tree = OrderStatisticTree(
            ordering: IntOrdering(), sorted: Array(0..<200), weights: Array(repeating: 2, count: 200))
        #expect(tree.totalWeight == 400)
        #expect(tree.element(at: 150).weightBefore == 300)
        #expect(tree.rank(containingWeightOffset: 301)?.rank == 150)
        let adjusted = tree.adjustWeight(containingWeightOffset: 301, by: 3)
        #expect(adjusted?.element == 150 && adjusted?.weight == 5 && adjusted?.weightBefore == 300)
        #expect(tree.element(at: 151).weightBefore == 305)
        #expect(tree.adjustWeight(of: 151, by: -2)?.weightBefore == 305)
        #expect(tree.totalWeight == 401)
        #expect(tree.insert(1_000, weight: 7) == 200)
        #expect(tree.element(at: 200).weightBefore == 401 && tree.totalWeight == 408)
        #expect(tree.invariantViolation() == nil)
    }
}
