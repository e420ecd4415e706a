import FetchSimCore
import Testing

@testable import FetchSimStorage

/// Large trees take their nodes from huge-page pools (`OrderStatisticTree.NodePools`); the
/// tree must behave exactly as one on the allocator, and give every block back.
@Suite struct OrderStatisticTreePoolTests {
    typealias Tree = OrderStatisticTree<IntOrdering>
    static let large = Tree.NodePools.minimumTreeCount + 5_000

    /// Every node of `tree`, depth first.
    static func nodes(of tree: Tree) -> [Tree.Node] {
        var nodes: [Tree.Node] = []
        var stack = [tree.root]
        while let node = stack.popLast() {
            nodes.append(node)
            stack += node.children
        }
        return nodes
    }

    @Test(arguments: [false, true])
    func aLargeTreeBuiltFromSortedElementsLivesInPoolsAndAnswersLikeTheInput(unitWeights: Bool) {
        let values = (0..<Self.large).map { $0 * 3 }
        let tree = Tree(ordering: IntOrdering(), sorted: values, unitWeights: unitWeights)
        #expect(tree.invariantViolation() == nil)
        #expect(tree.count == values.count && tree.elements == values)
        let nodes = Self.nodes(of: tree)
        let pools = nodes[0].pools
        #expect(pools != nil)
        #expect(nodes.allSatisfy { $0.pools === pools })
        #expect(pools.map { $0.leaves.liveBlocks + $0.inner.liveBlocks } == nodes.count)
        for probe in [0, 1, Self.large / 2, Self.large - 1] {
            #expect(tree.element(at: probe).element == values[probe])
            #expect(tree.find(values[probe])?.rank == probe)
        }
    }

    @Test func aSmallTreeStaysOnTheAllocator() {
        let tree = Tree(ordering: IntOrdering(), sorted: Array(0..<5_000))
        #expect(Self.nodes(of: tree).allSatisfy { $0.pools == nil })
    }

    @Test func insertionsAndRemovalsInAPooledTreeAgreeWithASortedModelAndReuseFreedBlocks() {
        // Even values are in the tree, odd ones get inserted: ranks are known without a search.
        let tree = Tree(ordering: IntOrdering(), sorted: (0..<Self.large).map { $0 * 2 }, unitWeights: true)
        var rng = SeededGenerator(seed: 27)
        var present = Set((0..<Self.large).map { $0 * 2 })
        for step in 0..<20_000 {
            let value = Int.random(in: 0..<(2 * Self.large), using: &rng)
            if present.contains(value) {
                #expect(tree.remove(value) != nil, "step \(step)")
                present.remove(value)
            } else {
                tree.insert(value)
                present.insert(value)
            }
        }
        #expect(tree.invariantViolation() == nil)
        #expect(tree.elements == present.sorted())
        let nodes = Self.nodes(of: tree)
        let pools = nodes.compactMap(\.pools)
        #expect(pools.count == nodes.count)  // split nodes come from the same pools
        #expect(pools.first.map { $0.leaves.liveBlocks + $0.inner.liveBlocks } == nodes.count)
    }

    @Test func aTreeGrowingByInsertionsTakesNewNodesFromPoolsOnceLarge() {
        let tree = Tree(ordering: IntOrdering(), unitWeights: true)
        for value in 0..<(Self.large + 10_000) { tree.insert(value) }
        #expect(tree.invariantViolation() == nil)
        #expect(tree.count == Self.large + 10_000)
        let nodes = Self.nodes(of: tree)
        #expect(nodes.contains { $0.pools == nil } && nodes.contains { $0.pools != nil })
        // The rightmost leaf was split off after the tree reached the threshold.
        var last = tree.root
        while !last.isLeaf { last = last.child(last.length - 1) }
        #expect(last.pools != nil)
    }

    @Test func thePoolsAreFreedWithTheTree() {
        weak var pools: Tree.NodePools?
        do {
            let tree = Tree(ordering: IntOrdering(), sorted: Array(0..<Self.large))
            pools = tree.root.pools
            #expect(pools != nil)
        }
        #expect(pools == nil)
    }

    @Test func theLinearBuilderPutsALargeTreesLeavesInPools() {
        var builder = Tree.Builder(expectedCount: Self.large)
        for value in 0..<Self.large { builder.append(value) }
        let tree = builder.finish(ordering: IntOrdering())
        #expect(tree.invariantViolation() == nil)
        #expect(tree.elements == Array(0..<Self.large))
        #expect(Self.nodes(of: tree).allSatisfy { $0.pools != nil })
    }
}
