import FetchSimCore

/// How an `OrderStatisticTree` orders its elements: a strict weak order with no two elements equal.
protocol TreeOrdering {
    associatedtype Element
    func areInIncreasingOrder(_ lhs: Element, _ rhs: Element) -> Bool
}

/// A counted B+ tree: elements kept sorted by an ordering, each with an integer weight, so that
/// insertion, removal, lookup by element, lookup by rank, and the total weight before an element
/// all take O(log n).
///
/// The controller keeps one over its fetched objects (weight 1: rank = global row) and one over its
/// sections (weight = rows in the section: prefix weight = the section's first global row).
/// Leaves hold up to `leafCapacity` elements; inner nodes up to `fanout` children, with separators
/// that bound each child from below. Removal drops emptied nodes but does not rebalance, so the
/// height stays that of the largest size reached. A tree made with `unitWeights` gives every
/// element weight 1 and stores no weights at all: its weight before an element is its rank.
/// - Complexity: O(log n) per operation with a small constant (height ≤ 4 for a million elements).
final class OrderStatisticTree<Ordering: TreeOrdering> {
    typealias Element = Ordering.Element

    static var leafCapacity: Int { 64 }
    static var fanout: Int { 64 }

    final class Node: CountedTreeNode {
        // Leaf storage.
        var elements: [Element] = []
        var weights: [Int] = []
        // Inner-node storage: separators[i] is a lower bound of children[i + 1].
        var children: [Node] = []
        var counts: [Int] = []
        var sums: [Int] = []
        var separators: [Element] = []
        let isLeaf: Bool

        init(isLeaf: Bool) { self.isLeaf = isLeaf }

        var count: Int { isLeaf ? elements.count : counts.reduce(0, +) }
        var sum: Int { isLeaf ? weights.reduce(0, +) : sums.reduce(0, +) }

        /// In an inner node: the child holding rank `offset` (counted from the node's first
        /// element, in range) and the rank within that child. Reads the counts in place: the
        /// protocol's generic `child(holding:)` reads them through a witness, a copy per step.
        @inline(__always)
        func child(holdingRank offset: Int) -> (index: Int, offset: Int) {
            var offset = offset
            let child = OrderStatisticTree.entry(holding: &offset, in: counts)
            return (child, offset)
        }

        /// The leaf holding rank `rank` of this subtree (in range) and the rank within it: the
        /// protocol's `leaf(holding:)`, stepping through `child(holdingRank:)` instead of the
        /// witness.
        @inline(__always)
        func leaf(holdingRank rank: Int) -> (leaf: Node, index: Int) {
            var node = self, offset = rank
            while !node.isLeaf {
                let step = node.child(holdingRank: offset)
                offset = step.offset
                node = node.children[step.index]
            }
            return (node, offset)
        }
    }

    /// The sum of `values[0..<end]`, read in place.
    @inline(__always)
    static func prefixSum(_ values: [Int], upTo end: Int) -> Int {
        values.withUnsafeBufferPointer { values in
            var total = 0
            for j in 0..<end { total &+= values[j] }
            return total
        }
    }

    let ordering: Ordering
    /// Whether every element weighs 1 and no weights are stored.
    let unitWeights: Bool
    var root: Node
    var count = 0
    var totalWeight = 0

    init(ordering: Ordering, unitWeights: Bool = false) {
        self.ordering = ordering
        self.unitWeights = unitWeights
        root = Node(isLeaf: true)
    }

    /// Builds a tree from elements already sorted by `ordering`, in O(n).
    init(ordering: Ordering, sorted elements: [Element], weights: [Int]? = nil, unitWeights: Bool = false) {
        precondition(weights == nil || weights?.count == elements.count, "one weight per element")
        precondition(weights == nil || !unitWeights, "a tree with unit weights takes no weights")
        self.ordering = ordering
        self.unitWeights = unitWeights
        let fill = Self.leafCapacity * 3 / 4
        var level: [Node] = []
        var start = 0
        while start < elements.count {
            let end = min(start + fill, elements.count)
            let leaf = Node(isLeaf: true)
            leaf.elements = Array(elements[start..<end])
            if !unitWeights {
                leaf.weights = weights.map { Array($0[start..<end]) } ?? Array(repeating: 1, count: end - start)
            }
            level.append(leaf)
            start = end
        }
        count = elements.count
        totalWeight = weights?.reduce(0, +) ?? elements.count
        guard !level.isEmpty else {
            root = Node(isLeaf: true)
            return
        }
        let innerFill = Self.fanout * 3 / 4
        while level.count > 1 {
            var parents: [Node] = []
            var i = 0
            while i < level.count {
                let group = level[i..<min(i + innerFill, level.count)]
                let parent = Node(isLeaf: false)
                parent.children = Array(group)
                parent.counts = group.map(\.count)
                parent.sums = unitWeights ? [] : group.map(\.sum)
                parent.separators = group.dropFirst().map { Self.firstElement(of: $0) }
                parents.append(parent)
                i += innerFill
            }
            level = parents
        }
        root = level[0]
    }

    static func firstElement(of node: Node) -> Element {
        var n = node
        while !n.isLeaf { n = n.children[0] }
        return n.elements[0]
    }

    @inline(__always)
    func less(_ a: Element, _ b: Element) -> Bool { ordering.areInIncreasingOrder(a, b) }

    /// Index of the child of `node` whose range holds `element`.
    /// Reads the separators in place: comparing copies nothing.
    @inline(__always)
    func childIndex(in node: Node, for element: Element) -> Int {
        node.separators.withUnsafeBufferPointer { separators in
            // Through `pointee` rather than the buffer's subscript. (Callgrind counts the same
            // instructions either way: the comparison still copies the entries it is given.)
            guard let base = separators.baseAddress else { return 0 }
            var lo = 0, hi = separators.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if ordering.areInIncreasingOrder(element, (base + mid).pointee) { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }
    }

    /// Index of the first element of `leaf` not less than `element`, and whether it equals it.
    @inline(__always)
    func lowerBound(in leaf: Node, of element: Element) -> (index: Int, isEqual: Bool) {
        leaf.elements.withUnsafeBufferPointer { elements in
            guard let base = elements.baseAddress else { return (0, false) }
            var lo = 0, hi = elements.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if ordering.areInIncreasingOrder((base + mid).pointee, element) { lo = mid + 1 } else { hi = mid }
            }
            return (lo, lo < elements.count && !ordering.areInIncreasingOrder(element, (base + lo).pointee))
        }
    }
}
