extension OrderStatisticTree {
    /// Where a large tree's nodes live: leaves and inner nodes each in a `HugePageBlockPool`, so
    /// that a search through a tree of a million elements (~45 MB of leaves) walks memory that
    /// transparent huge pages map, 2 MB to a TLB entry, instead of 4 KB pages scattered through
    /// the heap (docs/performance.md, "The object tree and compact keys").
    ///
    /// A small tree keeps its nodes on the allocator: a pool maps at least 2 MB per kind of node.
    /// A node keeps its pools alive (`Node.pools`) and returns its storage to them when freed;
    /// the pools are used by the tree's one user at a time, as the tree itself is.
    @usableFromInline final class NodePools {
        /// The number of elements from which a tree takes its new nodes from pools: about 2,700
        /// leaves (5.8 MB) at ¾ full, so the pools' partly used last chunks (≤ 4 MB) stay a
        /// minor part of the tree.
        @inlinable static var minimumTreeCount: Int { 1 << 17 }

        @usableFromInline let isWeighted: Bool
        public let leaves: HugePageBlockPool
        public let inner: HugePageBlockPool

        @inlinable public init(weighted: Bool) {
            precondition(
                MemoryLayout<Element>.alignment <= HugePageBlockPool.blockAlignment, "blocks are 64-byte aligned")
            isWeighted = weighted
            leaves = HugePageBlockPool(blockBytes: Node.byteCount(isLeaf: true, weighted: weighted))
            inner = HugePageBlockPool(blockBytes: Node.byteCount(isLeaf: false, weighted: weighted))
        }

        /// Pools for a tree that will hold `count` elements, or nil when it is small.
        @inlinable static func forTree(of count: Int, weighted: Bool) -> NodePools? {
            count >= minimumTreeCount ? NodePools(weighted: weighted) : nil
        }
    }

    /// The pools new nodes come from: the tree's, made when it first reaches
    /// `NodePools.minimumTreeCount` elements (a tree that grows by insertions moves its new nodes
    /// to pools then; the nodes it has stay where they are).
    @inlinable var poolsForNewNodes: NodePools? {
        if let pools = state.pointee.pools { return pools }
        guard count >= NodePools.minimumTreeCount else { return nil }
        let pools = NodePools(weighted: !unitWeights)
        state.pointee.pools = pools
        return pools
    }

    /// A new empty node of this tree's kind, its storage from `poolsForNewNodes`.
    @inline(__always)
    @inlinable func makeNode(isLeaf: Bool) -> Node {
        Node(isLeaf: isLeaf, weighted: !unitWeights, pools: poolsForNewNodes)
    }
}
