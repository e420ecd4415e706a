import FetchSimCore

extension OrderStatisticTree {
    /// Builds a tree with unit weights from elements appended in order, one leaf at a time, in
    /// O(n): no intermediate array of all elements, no search per element. The linear change path
    /// (`FetchedResultsController+LinearPath.swift`) appends the merged results to one.
    struct Builder {
        private(set) var leaves: [Node] = []
        private var current: [Element] = []
        /// The number of elements appended.
        private(set) var count = 0
        private let fill = OrderStatisticTree.leafCapacity * 3 / 4

        init(expectedCount: Int) {
            leaves.reserveCapacity(expectedCount / fill + 1)
            current.reserveCapacity(fill)
        }

        /// Appends `element`, which must sort after every element appended before.
        @inline(__always)
        mutating func append(_ element: Element) {
            current.append(element)
            count += 1
            if current.count == fill { closeLeaf() }
        }

        /// Appends the elements of `run`, in order; they must sort after every element appended
        /// before. Copies them a leaf's worth at a time.
        mutating func append(contentsOf run: UnsafeBufferPointer<Element>) {
            var start = 0
            while start < run.count {
                let take = Swift.min(fill - current.count, run.count - start)
                current.append(contentsOf: UnsafeBufferPointer(rebasing: run[start..<(start + take)]))
                count += take
                start += take
                if current.count == fill { closeLeaf() }
            }
        }

        private mutating func closeLeaf() {
            let leaf = Node(isLeaf: true)
            leaf.elements = current
            leaves.append(leaf)
            current = []
            current.reserveCapacity(fill)
        }

        /// The tree of the appended elements, each of weight 1.
        mutating func finish(ordering: Ordering) -> OrderStatisticTree {
            if !current.isEmpty { closeLeaf() }
            return OrderStatisticTree(ordering: ordering, unitLeaves: leaves, count: count)
        }
    }

    /// A tree with unit weights over `leaves`: non-empty leaves whose elements, taken in order,
    /// are sorted and number `count` in all. Builds the inner levels bottom-up in O(leaves).
    convenience init(ordering: Ordering, unitLeaves leaves: [Node], count: Int) {
        self.init(ordering: ordering, unitWeights: true)
        guard !leaves.isEmpty else { return }
        let innerFill = Self.fanout * 3 / 4
        var level = leaves
        // The first element under each node of the level: the separators of the level above.
        var firsts = leaves.map { $0.elements[0] }
        while level.count > 1 {
            var parents: [Node] = [], parentFirsts: [Element] = []
            parents.reserveCapacity(level.count / innerFill + 1)
            var i = 0
            while i < level.count {
                let end = min(i + innerFill, level.count)
                let parent = Node(isLeaf: false)
                parent.children = Array(level[i..<end])
                parent.counts = level[i..<end].map(\.count)
                parent.separators = Array(firsts[(i + 1)..<end])
                parents.append(parent)
                parentFirsts.append(firsts[i])
                i = end
            }
            level = parents
            firsts = parentFirsts
        }
        root = level[0]
        self.count = count
        totalWeight = count
    }

    /// The leaves, in order.
    /// - Complexity: O(leaves).
    var leaves: [Node] {
        var leaves: [Node] = []
        leaves.reserveCapacity(count / (Self.leafCapacity / 2) + 1)
        collectLeaves(of: root, into: &leaves)
        return leaves
    }

    private func collectLeaves(of node: Node, into leaves: inout [Node]) {
        if node.isLeaf {
            leaves.append(node)
            return
        }
        for child in node.children { collectLeaves(of: child, into: &leaves) }
    }
}
