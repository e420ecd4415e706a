/// How an `OrderStatisticTree` orders its elements: a strict weak order with no two elements equal.
public protocol TreeOrdering {
    associatedtype Element
    func areInIncreasingOrder(_ lhs: Element, _ rhs: Element) -> Bool
    /// `areInIncreasingOrder` on elements borrowed where the tree holds them: an ordering that
    /// decides most pairs on a few words reads just those, copying neither element.
    func isOrdered(_ lhs: borrowing Element, before rhs: borrowing Element) -> Bool
    /// The bytes of an element that `isOrdered` reads first, for a search to prefetch.
    static var comparedBytes: Range<Int> { get }
}

extension TreeOrdering {
    @inline(__always)
    @inlinable public func isOrdered(_ lhs: borrowing Element, before rhs: borrowing Element) -> Bool {
        areInIncreasingOrder(lhs, rhs)
    }

    @inlinable public static var comparedBytes: Range<Int> { 0..<MemoryLayout<Element>.size }
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
///
/// Storage (`Node`, `TreeState`): every mutable field lives in memory reached through a `let`
/// pointer, never in a stored `var` of a class, so reading or changing the tree performs no
/// runtime exclusivity check (`swift_beginAccess`), retains no array buffer and checks no
/// uniqueness: a search is loads and compares only.
/// - Complexity: O(log n) per operation with a small constant (height ≤ 4 for a million elements).
public final class OrderStatisticTree<Ordering: TreeOrdering> {
    public typealias Element = Ordering.Element

    @inlinable public static var leafCapacity: Int { 32 }
    @inlinable public static var fanout: Int { 64 }

    /// The tree's mutable fields, kept behind `state`.
    @usableFromInline struct TreeState {
        @usableFromInline var root: Node
        public var count = 0
        public var totalWeight = 0
        /// Where new nodes' storage comes from once the tree is large (`poolsForNewNodes`).
        @usableFromInline var pools: NodePools?
        #if FETCHSIM_STORAGE_CHECKS
        /// Mutations since the invariants were last checked (`checkInvariantsAfterMutation`).
        @usableFromInline var mutationsSinceCheck = 0
        #endif

        @inlinable init(root: Node) { self.root = root }
    }

    public let ordering: Ordering
    /// Whether every element weighs 1 and no weights are stored.
    public let unitWeights: Bool
    @usableFromInline let state: UnsafeMutablePointer<TreeState>

    /// The root node.
    @inlinable var root: Node {
        @inline(__always) get { state.pointee.root }
        @inline(__always) set { state.pointee.root = newValue }
    }
    /// The number of elements.
    @inlinable public var count: Int {
        @inline(__always) get { state.pointee.count }
    }
    /// The sum of all weights (the count, with unit weights).
    @inlinable public var totalWeight: Int {
        @inline(__always) get { state.pointee.totalWeight }
    }

    @inlinable public init(ordering: Ordering, unitWeights: Bool = false) {
        self.ordering = ordering
        self.unitWeights = unitWeights
        state = .allocate(capacity: 1)
        state.initialize(to: TreeState(root: Node(isLeaf: true, weighted: !unitWeights)))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Builds a tree from elements already sorted by `ordering`, in O(n).
    @inlinable public convenience init(
        ordering: Ordering, sorted elements: [Element], weights: [Int]? = nil, unitWeights: Bool = false
    ) {
        precondition(weights == nil || weights?.count == elements.count, "one weight per element")
        precondition(weights == nil || !unitWeights, "a tree with unit weights takes no weights")
        self.init(ordering: ordering, unitWeights: unitWeights)
        state.pointee.pools = NodePools.forTree(of: elements.count, weighted: !unitWeights)
        let fill = Self.leafCapacity * 3 / 4
        var level: [Node] = []
        level.reserveCapacity(elements.count / fill + 1)
        // Each leaf is a fixed allocation: its elements (and weights) are copied straight in.
        elements.withUnsafeBufferPointer { elements in
            guard let base = elements.baseAddress else { return }
            var start = 0
            while start < elements.count {
                let end = min(start + fill, elements.count)
                let leaf = makeNode(isLeaf: true)
                leaf.elementPointer.initialize(from: base + start, count: end - start)
                leaf.length = end - start
                if !unitWeights {
                    if let weights {
                        for i in start..<end { (leaf.weightPointer + (i - start)).initialize(to: weights[i]) }
                    } else {
                        leaf.weightPointer.initialize(repeating: 1, count: end - start)
                    }
                }
                level.append(leaf)
                start = end
            }
        }
        state.pointee.count = elements.count
        state.pointee.totalWeight = weights?.reduce(0, +) ?? elements.count
        guard !level.isEmpty else { return }
        root = root(overLeaves: level)
        checkInvariantsAfterMutation()
    }

    /// The root of inner levels built bottom-up over `leaves` (non-empty, in order, none empty),
    /// each parent ¾ full and made by `makeNode` (the tree's pools when it has them).
    /// - Complexity: O(leaves).
    @inlinable func root(overLeaves leaves: [Node]) -> Node {
        let innerFill = Self.fanout * 3 / 4
        var level = leaves
        // The first element under each node of the level: the separators of the level above.
        var firsts = leaves.map { $0.elementPointer[0] }
        while level.count > 1 {
            var parents: [Node] = []
            var parentFirsts: [Element] = []
            parents.reserveCapacity(level.count / innerFill + 1)
            var i = 0
            while i < level.count {
                let end = min(i + innerFill, level.count)
                let parent = makeNode(isLeaf: false)
                parent.initializeChildren(level, i..<end, firsts: firsts)
                parents.append(parent)
                parentFirsts.append(firsts[i])
                i = end
            }
            level = parents
            firsts = parentFirsts
        }
        return level[0]
    }

    @inlinable static func firstElement(of node: Node) -> Element {
        unowned(unsafe) var n = node
        while !n.isLeaf { n = n.child(0) }
        return n.elementPointer.pointee
    }

    @inline(__always)
    @inlinable func less(_ a: Element, _ b: Element) -> Bool { ordering.areInIncreasingOrder(a, b) }

    /// Index of the child of `node` whose range holds `element`: a binary search of the
    /// separators in place.
    @inline(__always)
    @inlinable func childIndex(in node: Node, for element: Element) -> Int {
        let separators = node.separatorPointer
        var lo = 0
        var hi = node.length - 1
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            if ordering.areInIncreasingOrder(element, separators[mid]) { hi = mid } else { lo = mid &+ 1 }
        }
        return lo
    }

    /// Index of the first element of `leaf` not less than `element`, and whether it equals it.
    @inline(__always)
    @inlinable func lowerBound(in leaf: Node, of element: Element) -> (index: Int, isEqual: Bool) {
        let elements = leaf.elementPointer
        let count = leaf.length
        var lo = 0
        var hi = count
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            if ordering.areInIncreasingOrder(elements[mid], element) { lo = mid &+ 1 } else { hi = mid }
        }
        return (lo, lo < count && !ordering.areInIncreasingOrder(element, elements[lo]))
    }

    /// The sum of `values[0..<end]`.
    @inline(__always)
    @inlinable static func prefixSum(_ values: UnsafeMutablePointer<Int>, upTo end: Int) -> Int {
        var total = 0
        for j in 0..<end { total &+= values[j] }
        return total
    }

    /// The sum of `values[0..<end]` (the array form, for callers outside the tree).
    @inline(__always)
    @inlinable static func prefixSum(_ values: [Int], upTo end: Int) -> Int {
        values.withUnsafeBufferPointer { values in
            var total = 0
            for j in 0..<end { total &+= values[j] }
            return total
        }
    }
}
