import Testing

@testable import FetchSimStorage

/// The tree's invariant walk finds a corrupted structure, and in builds with storage checks the
/// next mutation runs it and stops the program instead of answering with wrong ranks.
@Suite struct OrderStatisticTreeInvariantTests {
    /// 200 even numbers: leaves of 24 elements under one inner root.
    private static func tree() -> OrderStatisticTree<IntOrdering> {
        OrderStatisticTree(ordering: IntOrdering(), sorted: Array(0..<200).map { $0 * 2 })
    }

    /// The root counting one element too many under its first child: a rank search would skip
    /// an element.
    private static func treeWithAStaleCount() -> OrderStatisticTree<IntOrdering> {
        let tree = tree()
        tree.root.countPointer[0] += 1
        return tree
    }

    @Test func anIntactTreePasses() {
        let tree = Self.tree()
        #expect(!tree.root.isLeaf)
        #expect(tree.invariantViolation() == nil)
    }

    @Test func aStaleCountIsFound() {
        #expect(Self.treeWithAStaleCount().invariantViolation() == "stale count or sum")
    }

    @Test func elementsOutOfOrderAreFound() {
        let tree = Self.tree()
        let leaf = tree.root.child(0)
        leaf.elementPointer.swapAt(0, 1)
        #expect(tree.invariantViolation() == "elements out of order")
    }

    @Test func aStaleTotalIsFound() {
        let tree = Self.tree()
        tree.state.pointee.count += 1
        #expect(tree.invariantViolation() == "tree totals 201/200 but nodes hold 200/200")
    }

    @Test func aMutationOfACorruptedTreeStopsTheProgram() async {
        #expect(StorageChecks.isEnabled)
        await #expect(processExitsWith: .failure) {
            OrderStatisticTreeInvariantTests.treeWithAStaleCount().insert(1)
        }
    }

    @Test func theSameMutationOfAnIntactTreeRuns() {
        let tree = Self.tree()
        #expect(tree.insert(1) == 1)
        #expect(tree.invariantViolation() == nil)
    }
}

private extension UnsafeMutablePointer {
    func swapAt(_ i: Int, _ j: Int) {
        let first = self[i]
        self[i] = self[j]
        self[j] = first
    }
}
