import FetchSimCore
import Testing

@testable import FetchSimStorage

/// Integers ordered ascending, for exercising the tree against a plain sorted array.
struct IntOrdering: TreeOrdering {
    func areInIncreasingOrder(_ lhs: Int, _ rhs: Int) -> Bool { lhs < rhs }
}

@Suite struct OrderStatisticTreeTests {
    @Test(arguments: [0, 1, 63, 64, 65, 5_000])
    func bulkLoadMatchesTheInput(size: Int) {
        let values = Array(0..<size).map { $0 * 2 }
        let tree = OrderStatisticTree(ordering: IntOrdering(), sorted: values)
        #expect(tree.invariantViolation() == nil)
        #expect(tree.elements == values)
        #expect(tree.count == size)
        for probe in [0, size / 2, size - 1] where probe >= 0 && probe < size {
            #expect(tree.element(at: probe).element == values[probe])
            #expect(tree.find(values[probe])?.rank == probe)
        }
        #expect(tree.find(1) == nil)
    }

    @Test func randomOperationsAgreeWithASortedArray() {
        var rng = SeededGenerator(seed: 99)
        let tree = OrderStatisticTree(ordering: IntOrdering())
        var model: [(value: Int, weight: Int)] = []
        for step in 0..<30_000 {
            let roll = Int.random(in: 0..<10, using: &rng)
            if roll < 5 || model.isEmpty {
                let value = Int.random(in: 0..<20_000, using: &rng)
                guard !model.contains(where: { $0.value == value }) else { continue }
                let weight = Int.random(in: 0..<4, using: &rng)
                let rank = tree.insert(value, weight: weight)
                let expected = model.firstIndex { $0.value > value } ?? model.count
                model.insert((value, weight), at: expected)
                #expect(rank == expected, "step \(step)")
            } else if roll < 8 {
                let index = Int.random(in: 0..<model.count, using: &rng)
                let removed = tree.remove(model[index].value)
                #expect(removed?.rank == index, "step \(step)")
                #expect(removed?.weightBefore == model[..<index].reduce(0) { $0 + $1.weight })
                model.remove(at: index)
            } else {
                let index = Int.random(in: 0..<model.count, using: &rng)
                let delta = Int.random(in: 0..<3, using: &rng)
                #expect(tree.addWeight(delta, to: model[index].value))
                model[index].weight += delta
            }
            if step % 997 == 0 {
                #expect(tree.invariantViolation() == nil, "step \(step)")
                #expect(tree.elements == model.map(\.value))
            }
        }
        #expect(tree.invariantViolation() == nil)
        #expect(tree.totalWeight == model.reduce(0) { $0 + $1.weight })
        var before = 0
        for (rank, entry) in model.enumerated() {
            let position = tree.find(entry.value)
            #expect(position?.rank == rank && position?.weightBefore == before && position?.weight == entry.weight)
            let byRank = tree.element(at: rank)
            #expect(byRank.element == entry.value && byRank.weightBefore == before)
            if entry.weight > 0 {
                #expect(tree.rank(containingWeightOffset: before)?.rank == rank)
            }
            before += entry.weight
        }
    }

    @Test func unitWeightsAgreeWithASortedArray() {
        var rng = SeededGenerator(seed: 98)
        let tree = OrderStatisticTree(
            ordering: IntOrdering(), sorted: Array(stride(from: 0, to: 3_000, by: 3)), unitWeights: true)
        var model = Array(stride(from: 0, to: 3_000, by: 3))
        for step in 0..<20_000 {
            if Int.random(in: 0..<2, using: &rng) == 0 || model.isEmpty {
                let value = Int.random(in: 0..<20_000, using: &rng)
                guard !model.contains(value) else { continue }
                let rank = tree.insert(value)
                let expected = model.firstIndex { $0 > value } ?? model.count
                model.insert(value, at: expected)
                #expect(rank == expected, "step \(step)")
            } else {
                let index = Int.random(in: 0..<model.count, using: &rng)
                let removed = tree.remove(model[index])
                #expect(
                    removed?.rank == index && removed?.weightBefore == index && removed?.weight == 1, "step \(step)")
                model.remove(at: index)
            }
            if step % 997 == 0 {
                #expect(tree.invariantViolation() == nil, "step \(step)")
                #expect(tree.elements == model)
            }
        }
        for (rank, value) in model.enumerated() {
            #expect(tree.find(value)?.rank == rank && tree.find(value)?.weightBefore == rank)
            #expect(tree.element(at: rank).element == value && tree.element(at: rank).weightBefore == rank)
            #expect(tree.rank(containingWeightOffset: rank)?.rank == rank)
        }
        #expect(tree.totalWeight == model.count && tree.invariantViolation() == nil)
    }

    @Test func removingEverythingLeavesAnEmptyValidTree() {
        let tree = OrderStatisticTree(ordering: IntOrdering(), sorted: Array(0..<1_000))
        for value in (0..<1_000).reversed() where value % 2 == 0 { tree.remove(value) }
        for value in 0..<1_000 where value % 2 == 1 { tree.remove(value) }
        #expect(tree.count == 0 && tree.elements.isEmpty)
        #expect(tree.invariantViolation() == nil)
        tree.insert(7)
        #expect(tree.elements == [7])
    }

    @Test func forEachStartsAtARankAndStops() {
        let tree = OrderStatisticTree(ordering: IntOrdering(), sorted: Array(0..<500))
        var seen: [Int] = []
        tree.forEach(from: 250) { value, _ in
            seen.append(value)
            return seen.count < 5
        }
        #expect(seen == [250, 251, 252, 253, 254])
    }

    @Test func readsByRankAgreeWithTheArray() {
        // 5,000 elements: three levels, so reads cross leaves and inner nodes.
        let values = Array(stride(from: 0, to: 10_000, by: 2))
        let tree = OrderStatisticTree(ordering: IntOrdering(), sorted: values, unitWeights: true)
        for rank in [0, 1, 23, 24, 31, 32, 47, 48, 63, 64, 2_500, 4_998, 4_999] {
            #expect(tree.read(at: rank) { $0 } == values[rank])
            for other in [rank - 1, rank + 1, rank + 64, -1, values.count] {
                let (a, b) = tree.read(at: rank, and: other) { $0 }
                #expect(a == values[rank])
                #expect(b == (values.indices.contains(other) ? values[other] : nil), "ranks \(rank), \(other)")
            }
            var rest: [Int] = []
            tree.forEach(from: rank) { value, weight in
                #expect(weight == 1)
                rest.append(value)
                return true
            }
            #expect(rest == Array(values[rank...]))
        }
        let (none, second) = tree.read(at: -1, and: 3) { $0 }
        #expect(none == nil && second == values[3])
    }
}
