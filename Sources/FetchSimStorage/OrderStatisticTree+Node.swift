extension OrderStatisticTree {
    /// A node of the tree, in one fixed allocation reached through a `let` pointer (`raw`):
    ///
    /// - leaf: `length` (the element count), then up to `leafCapacity + 1` elements, then as many
    ///   weights when the node is weighted;
    /// - inner: `length` (the child count), then up to `fanout + 1` children, as many counts, as
    ///   many child storage pointers (`childRawPointer[i]` is `children[i].raw`: a search goes from
    ///   this storage to the child's without reading the child object), the separators (`separators[i]`
    ///   is the first element under `children[i + 1]`), then the child sums when weighted.
    ///
    /// The node has no stored `var`: the compiler checks no exclusivity on it and a search copies
    /// nothing. The capacity is the most a node holds between an insertion and its split, so an
    /// insertion never reallocates. The array properties (`elements`, `children`, …) copy in and
    /// out, for building trees and for tests; the tree's own operations use the pointers.
    public final class Node {
        public let isLeaf: Bool
        /// Whether the node stores weights (a leaf) or child sums (an inner node).
        @usableFromInline let isWeighted: Bool
        @usableFromInline let raw: UnsafeMutableRawPointer

        @inlinable static var leafSlots: Int { OrderStatisticTree.leafCapacity + 1 }
        @inlinable static var innerSlots: Int { OrderStatisticTree.fanout + 1 }
        @inline(__always) @inlinable static func aligned(_ offset: Int, _ alignment: Int) -> Int {
            (offset + alignment - 1) / alignment * alignment
        }
        @inlinable static var headerBytes: Int {
            aligned(MemoryLayout<Int>.stride, max(MemoryLayout<Element>.alignment, MemoryLayout<Int>.alignment))
        }
        // Leaf layout.
        @inlinable static var elementOffset: Int { headerBytes }
        @inlinable static var weightOffset: Int {
            aligned(elementOffset + leafSlots * MemoryLayout<Element>.stride, MemoryLayout<Int>.alignment)
        }
        // Inner layout.
        @inlinable static var childOffset: Int { headerBytes }
        @inlinable static var countOffset: Int { childOffset + innerSlots * MemoryLayout<Node>.stride }
        @inlinable static var childRawOffset: Int { countOffset + innerSlots * MemoryLayout<Int>.stride }
        @inlinable static var separatorOffset: Int {
            aligned(
                childRawOffset + innerSlots * MemoryLayout<UnsafeMutableRawPointer>.stride,
                MemoryLayout<Element>.alignment)
        }
        @inlinable static var sumOffset: Int {
            aligned(separatorOffset + innerSlots * MemoryLayout<Element>.stride, MemoryLayout<Int>.alignment)
        }

        /// The bytes of a node's storage: a leaf or an inner node, with weights (sums) or without.
        @inlinable static func byteCount(isLeaf: Bool, weighted: Bool) -> Int {
            if isLeaf { return weighted ? weightOffset + leafSlots * MemoryLayout<Int>.stride : weightOffset }
            return weighted ? sumOffset + innerSlots * MemoryLayout<Int>.stride : sumOffset
        }

        /// Where the storage came from: the tree's pools (a large tree, `NodePools`), or the
        /// allocator when nil.
        @usableFromInline let pools: NodePools?

        /// A node with nothing in it. `weighted`: whether it keeps weights (a leaf) or sums
        /// (inner); `pools`: the pools to take its storage from (nil: the allocator).
        @inlinable init(isLeaf: Bool, weighted: Bool = false, pools: NodePools? = nil) {
            self.isLeaf = isLeaf
            isWeighted = weighted
            self.pools = pools
            if let pools {
                precondition(pools.isWeighted == weighted, "a tree's pools hold nodes of its kind")
                raw = isLeaf ? pools.leaves.allocate() : pools.inner.allocate()
            } else {
                raw = .allocate(
                    byteCount: Self.byteCount(isLeaf: isLeaf, weighted: weighted),
                    alignment: max(MemoryLayout<Element>.alignment, MemoryLayout<Int>.alignment, 16))
            }
            raw.bindMemory(to: Int.self, capacity: 1).initialize(to: 0)
            if isLeaf {
                (raw + Self.elementOffset).bindMemory(to: Element.self, capacity: Self.leafSlots)
                if weighted { (raw + Self.weightOffset).bindMemory(to: Int.self, capacity: Self.leafSlots) }
            } else {
                (raw + Self.childOffset).bindMemory(to: Node.self, capacity: Self.innerSlots)
                (raw + Self.countOffset).bindMemory(to: Int.self, capacity: Self.innerSlots)
                (raw + Self.childRawOffset).bindMemory(to: UnsafeMutableRawPointer.self, capacity: Self.innerSlots)
                (raw + Self.separatorOffset).bindMemory(to: Element.self, capacity: Self.innerSlots)
                if weighted { (raw + Self.sumOffset).bindMemory(to: Int.self, capacity: Self.innerSlots) }
            }
        }

        deinit {
            let n = length
            if isLeaf {
                elementPointer.deinitialize(count: n)
            } else {
                childPointer.deinitialize(count: n)
                if n > 1 { separatorPointer.deinitialize(count: n - 1) }
            }
            if let pools {
                if isLeaf { pools.leaves.deallocate(raw) } else { pools.inner.deallocate(raw) }
            } else {
                raw.deallocate()
            }
        }

        /// The number of elements (a leaf) or children (an inner node).
        @inlinable var length: Int {
            @inline(__always) get { raw.assumingMemoryBound(to: Int.self).pointee }
            @inline(__always) set { raw.assumingMemoryBound(to: Int.self).pointee = newValue }
        }
        @inlinable var elementPointer: UnsafeMutablePointer<Element> {
            @inline(__always) get { (raw + Self.elementOffset).assumingMemoryBound(to: Element.self) }
        }
        @inlinable var weightPointer: UnsafeMutablePointer<Int> {
            @inline(__always) get { (raw + Self.weightOffset).assumingMemoryBound(to: Int.self) }
        }
        @inlinable var childPointer: UnsafeMutablePointer<Node> {
            @inline(__always) get { (raw + Self.childOffset).assumingMemoryBound(to: Node.self) }
        }
        @inlinable var countPointer: UnsafeMutablePointer<Int> {
            @inline(__always) get { (raw + Self.countOffset).assumingMemoryBound(to: Int.self) }
        }
        /// The children's `raw` pointers, kept beside `childPointer` wherever a child is set.
        @inlinable var childRawPointer: UnsafeMutablePointer<UnsafeMutableRawPointer> {
            @inline(__always) get { (raw + Self.childRawOffset).assumingMemoryBound(to: UnsafeMutableRawPointer.self) }
        }
        @inlinable var separatorPointer: UnsafeMutablePointer<Element> {
            @inline(__always) get { (raw + Self.separatorOffset).assumingMemoryBound(to: Element.self) }
        }
        @inlinable var sumPointer: UnsafeMutablePointer<Int> {
            @inline(__always) get { (raw + Self.sumOffset).assumingMemoryBound(to: Int.self) }
        }

        /// Child `index` of an inner node. The tree's descents keep what this returns in
        /// `unowned(unsafe)` locals: the node holds its children, so a search need not retain
        /// each node it passes (a retain and a release are atomic operations, paid per level;
        /// docs/performance.md, "The object tree and compact keys").
        @inline(__always)
        @inlinable func child(_ index: Int) -> Node { childPointer[index] }

        /// Child `index` of an inner node, lent: no retain. A recursion that passes a child on
        /// as an argument (`insert`, `remove`) retains and releases it per level even from an
        /// `unowned(unsafe)` local; `_withUnsafeGuaranteedRef` on this does not.
        @inline(__always)
        @inlinable func lentChild(_ index: Int) -> Unmanaged<Node> {
            UnsafeRawPointer(childPointer + index).load(as: Unmanaged<Node>.self)
        }

        /// Calls `body` with the elements of a leaf, read in place through a span (bounds-checked,
        /// and it cannot outlive the call); an inner node lends an empty span.
        ///
        /// ```swift
        /// leaf.withElements { elements in elements.isEmpty ? nil : elements[0] }
        /// ```
        /// - Parameter body: What to do with the elements.
        /// - Returns: What `body` returns.
        @inline(__always)
        @inlinable public func withElements<R>(_ body: (Span<Element>) throws -> R) rethrows -> R {
            let buffer = UnsafeBufferPointer(start: UnsafePointer(elementPointer), count: isLeaf ? length : 0)
            let elements = Span(_unsafeElements: buffer)
            return try body(elements)
        }

        // The array forms: copies, for building and inspecting.

        /// A leaf's elements (setting replaces them all).
        @inlinable public var elements: [Element] {
            get { isLeaf ? Array(UnsafeBufferPointer(start: elementPointer, count: length)) : [] }
            set {
                precondition(
                    isLeaf && newValue.count <= Self.leafSlots, "a leaf holds at most \(Self.leafSlots) elements")
                elementPointer.deinitialize(count: length)
                Self.initialize(elementPointer, from: newValue)
                length = newValue.count
            }
        }
        /// A weighted leaf's weights, one per element (empty for an unweighted node).
        @inlinable public var weights: [Int] {
            get { isLeaf && isWeighted ? Array(UnsafeBufferPointer(start: weightPointer, count: length)) : [] }
            set {
                guard !newValue.isEmpty else { return }
                precondition(
                    isLeaf && isWeighted && newValue.count == length, "one weight per element of a weighted leaf")
                Self.initialize(weightPointer, from: newValue)
            }
        }
        /// An inner node's children (setting replaces them and sets the node's length).
        @inlinable public var children: [Node] {
            get { isLeaf ? [] : Array(UnsafeBufferPointer(start: childPointer, count: length)) }
            set {
                precondition(
                    !isLeaf && newValue.count <= Self.innerSlots,
                    "an inner node holds at most \(Self.innerSlots) children")
                // The old separators go too: set the new ones after the children.
                let old = length
                childPointer.deinitialize(count: old)
                if old > 1 { separatorPointer.deinitialize(count: old - 1) }
                Self.initialize(childPointer, from: newValue)
                for (i, child) in newValue.enumerated() { childRawPointer[i] = child.raw }
                length = newValue.count
            }
        }
        /// The number of elements under each child (set after `children`).
        @inlinable public var counts: [Int] {
            get { isLeaf ? [] : Array(UnsafeBufferPointer(start: countPointer, count: length)) }
            set {
                precondition(!isLeaf && newValue.count == length, "one count per child")
                Self.initialize(countPointer, from: newValue)
            }
        }
        /// The weight under each child of a weighted inner node (set after `children`).
        @inlinable public var sums: [Int] {
            get { !isLeaf && isWeighted ? Array(UnsafeBufferPointer(start: sumPointer, count: length)) : [] }
            set {
                guard !newValue.isEmpty else { return }
                precondition(!isLeaf && isWeighted && newValue.count == length, "one sum per child of a weighted node")
                Self.initialize(sumPointer, from: newValue)
            }
        }
        /// Separators: `separators[i]` is the first element under child `i + 1` (set after `children`).
        @inlinable public var separators: [Element] {
            get { isLeaf || length < 2 ? [] : Array(UnsafeBufferPointer(start: separatorPointer, count: length - 1)) }
            set {
                precondition(!isLeaf && newValue.count == max(length - 1, 0), "one separator between each two children")
                Self.initialize(separatorPointer, from: newValue)
            }
        }

        /// Makes this empty inner node the parent of `nodes[range]` (at most `innerSlots`), in
        /// place: the children, their storage pointers, counts and sums (when weighted), and as
        /// separators `firsts[range.lowerBound + 1 ..< range.upperBound]`, the first element under
        /// each child after the first. No array is built on the way, so a bulk build retains each
        /// child once.
        @inlinable func initializeChildren(_ nodes: [Node], _ range: Range<Int>, firsts: [Element]) {
            precondition(
                !isLeaf && length == 0 && !range.isEmpty && range.count <= Self.innerSlots,
                "an empty inner node takes 1 to \(Self.innerSlots) children")
            precondition(nodes.count == firsts.count && range.upperBound <= nodes.count, "one first element per node")
            nodes.withUnsafeBufferPointer { nodes in
                for (slot, index) in range.enumerated() {
                    let child = nodes[index]
                    (childPointer + slot).initialize(to: child)
                    childRawPointer[slot] = child.raw
                    countPointer[slot] = child.count
                    if isWeighted { sumPointer[slot] = child.sum }
                }
            }
            firsts.withUnsafeBufferPointer { firsts in
                if let base = firsts.baseAddress, range.count > 1 {
                    separatorPointer.initialize(from: base + range.lowerBound + 1, count: range.count - 1)
                }
            }
            length = range.count
        }

        /// Initializes `target[0..<values.count]` with copies of `values`.
        @inlinable static func initialize<T>(_ target: UnsafeMutablePointer<T>, from values: [T]) {
            values.withUnsafeBufferPointer { values in
                if let base = values.baseAddress { target.initialize(from: base, count: values.count) }
            }
        }

        @inlinable public var count: Int { isLeaf ? length : OrderStatisticTree.prefixSum(countPointer, upTo: length) }
        @inlinable public var sum: Int {
            if isLeaf { return isWeighted ? OrderStatisticTree.prefixSum(weightPointer, upTo: length) : length }
            return isWeighted ? OrderStatisticTree.prefixSum(sumPointer, upTo: length) : count
        }

        /// In an inner node: the child holding rank `offset` (counted from the node's first
        /// element, in range) and the rank within that child.
        @inline(__always)
        @inlinable func child(holdingRank offset: Int) -> (index: Int, offset: Int) {
            var offset = offset
            let child = OrderStatisticTree.entry(holding: &offset, in: countPointer, count: length)
            return (child, offset)
        }

        /// The leaf holding rank `rank` of this subtree (in range) and the rank within it.
        @inline(__always)
        @inlinable func leaf(holdingRank rank: Int) -> (leaf: Node, index: Int) {
            // The nodes on the way down are not retained: the tree holds them (see `child`).
            unowned(unsafe) var node = self
            var offset = rank
            while !node.isLeaf {
                let step = node.child(holdingRank: offset)
                offset = step.offset
                node = node.child(step.index)
            }
            return (node, offset)
        }
    }
}
