import FetchSimCore
import Testing

@testable import FetchSimStorage

/// `OrderStatisticTree.batchSearch(_:)`: many searches advanced together, each reporting the
/// number of elements before its key and whether the tree holds it.
@Suite struct OrderStatisticTreeBatchSearchTests {
    typealias Hit = OrderStatisticTree<IntOrdering>.BatchHit

    private func search(_ tree: OrderStatisticTree<IntOrdering>, _ keys: [Int]) -> [Hit] {
        tree.batchSearch(keys)
    }

    @Test func oneLeaf() {
        let tree = OrderStatisticTree(ordering: IntOrdering(), sorted: [10, 20, 30, 40, 50], unitWeights: true)
        // 25 falls between 20 and 30; 5 before everything; 60 after everything.
        #expect(
            search(tree, [25, 10, 50, 5, 60, 30, 30]) == [
                Hit(rank: 2, isPresent: false), Hit(rank: 0, isPresent: true), Hit(rank: 4, isPresent: true),
                Hit(rank: 0, isPresent: false), Hit(rank: 5, isPresent: false), Hit(rank: 2, isPresent: true),
                Hit(rank: 2, isPresent: true),
            ])
        #expect(search(tree, []).isEmpty)
    }

    /// The batch search goes from an inner node's storage to a child's through the node's copy
    /// of the child's `raw`: after a bulk build, splits (a new root, a split leaf and inner
    /// node) and removals that drop emptied children, every copy must be the child's own.
    @Test func childStoragePointersFollowTheChildren() {
        typealias Tree = OrderStatisticTree<IntOrdering>
        func check(_ node: Tree.Node) -> Int {
            guard !node.isLeaf else { return 0 }
            var checked = 0
            for (i, child) in node.children.enumerated() {
                #expect(node.childRawPointer[i] == child.raw)
                checked += 1 + check(child)
            }
            return checked
        }
        let tree = OrderStatisticTree(
            ordering: IntOrdering(), sorted: Array(stride(from: 0, to: 20_000, by: 2)), unitWeights: true)
        #expect(check(tree.root) > 100)
        // Odd numbers into the first 4,000 places: every leaf there splits, and inner nodes too.
        for v in stride(from: 1, to: 4_000, by: 2) { tree.insert(v) }
        #expect(check(tree.root) > 100)
        // Emptying the last 10,000 places drops their leaves and inner nodes.
        for v in stride(from: 10_000, to: 20_000, by: 2) { tree.remove(v) }
        #expect(check(tree.root) > 10)
        #expect(tree.invariantViolation() == nil)
    }

    @Test func emptyTree() {
        let tree = OrderStatisticTree(ordering: IntOrdering(), unitWeights: true)
        #expect(search(tree, [7, -1]) == [Hit(rank: 0, isPresent: false), Hit(rank: 0, isPresent: false)])
    }

    /// 30,000 multiples of 3 (leaves of 24, two levels of inner nodes; keys at leaf and node
    /// boundaries: 72 starts the second leaf, 3,456 the second inner node of 48 leaves): the elements below a key
    /// v ≥ 0 are the multiples of 3 below it, ⌈v / 3⌉ of them (capped at the count), and v is
    /// held when it is a multiple of 3 below 90,000.
    @Test func multiplesOfThree() {
        let n = 30_000
        let tree = OrderStatisticTree(
            ordering: IntOrdering(), sorted: Array(stride(from: 0, to: 3 * n, by: 3)), unitWeights: true)
        #expect(!tree.root.isLeaf && !tree.root.child(0).isLeaf)
        let keys = [
            0, 1, 2, 3, 47, 48, 71, 72, 73, 3 * 24 * 48, 3 * 24 * 48 + 1, 50_001, 89_997, 89_998, 90_000, 123_456, -5,
        ]
        let expected = keys.map { v in
            Hit(rank: v < 0 ? 0 : min((v + 2) / 3, n), isPresent: v >= 0 && v % 3 == 0 && v < 3 * n)
        }
        #expect(search(tree, keys) == expected)
    }

    /// After random insertions and removals (splits, emptied nodes dropped), each key's answer
    /// is its place in a sorted array kept beside the tree.
    @Test func afterRandomEdits() {
        var rng = SeededGenerator(seed: 77)
        let tree = OrderStatisticTree(
            ordering: IntOrdering(), sorted: Array(stride(from: 0, to: 20_000, by: 2)), unitWeights: true)
        var model = Array(stride(from: 0, to: 20_000, by: 2))
        for round in 0..<6 {
            for _ in 0..<3_000 {
                if Int.random(in: 0..<3, using: &rng) == 0, !model.isEmpty {
                    let index = Int.random(in: 0..<model.count, using: &rng)
                    tree.remove(model[index])
                    model.remove(at: index)
                } else {
                    let value = Int.random(in: 0..<40_000, using: &rng)
                    let index = model.firstIndex { $0 >= value } ?? model.count
                    guard index == model.count || model[index] != value else { continue }
                    tree.insert(value)
                    model.insert(value, at: index)
                }
            }
            let keys = (0..<500).map { _ in Int.random(in: -10..<40_010, using: &rng) }
            let expected = keys.map { key in
                let index = model.firstIndex { $0 >= key } ?? model.count
                return Hit(rank: index, isPresent: index < model.count && model[index] == key)
            }
            #expect(search(tree, keys) == expected, "round \(round)")
        }
    }

    /// A weighted tree answers by rank (element counts), not by weight.
    @Test func weightedTreeReportsRanks() {
        let tree = OrderStatisticTree(ordering: IntOrdering(), sorted: [1, 4, 9, 16], weights: [5, 1, 7, 2])
        #expect(
            search(tree, [9, 10, 1]) == [
                Hit(rank: 2, isPresent: true), Hit(rank: 3, isPresent: false), Hit(rank: 0, isPresent: true),
            ])
    }
}
