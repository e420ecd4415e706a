extension OrderStatisticTree {
    /// Builds a tree with unit weights from elements appended in order, in O(n): no search per
    /// element. The linear change path (`FetchedResultsController+LinearPath.swift`) appends the
    /// merged results to one, single entries and runs of entries.
    ///
    /// The elements go into one buffer sized for the expected count, written through a pointer
    /// (an array's `append` checks uniqueness and capacity per element, and its
    /// `append(contentsOf:)` takes the generic sequence path per run);
    /// `finish` moves them into leaves of ¾ capacity.
    public struct Builder {
        @usableFromInline let storage: BuilderStorage
        @usableFromInline let fill = OrderStatisticTree.leafCapacity * 3 / 4

        /// A builder with a buffer of its own, sized for `expectedCount` elements.
        @inlinable public init(expectedCount: Int) {
            self.init(reusing: BuilderStorage(capacity: Swift.max(expectedCount, 1)), expectedCount: expectedCount)
        }

        /// A builder that appends into `storage`, an empty buffer its owner keeps from one build
        /// to the next: a new buffer's pages are fresh memory, and filling them would fault each
        /// page in again on every build.
        @inlinable public init(reusing storage: BuilderStorage, expectedCount: Int) {
            precondition(storage.count == 0, "a builder's buffer must be empty when it is reused")
            storage.reserve(expectedCount)
            self.storage = storage
        }

        /// The number of elements appended.
        @inlinable public var count: Int { storage.count }

        /// Appends `element`, which must sort after every element appended before.
        @inline(__always)
        @inlinable public mutating func append(_ element: Element) {
            storage.reserve(1)
            (storage.base + storage.count).initialize(to: element)
            storage.count += 1
        }

        /// Appends the elements of `run`, in order; they must sort after every element appended
        /// before.
        @inlinable public mutating func append(contentsOf run: Span<Element>) {
            run.withUnsafeBufferPointer { run in
                guard let source = run.baseAddress, run.count > 0 else { return }
                storage.reserve(run.count)
                (storage.base + storage.count).initialize(from: source, count: run.count)
                storage.count += run.count
            }
        }

        /// The tree of the appended elements, each of weight 1; the builder is empty after.
        ///
        /// `spare`: leaves of a tree being replaced, in any state; each one nothing else
        /// references (no tree holds it any more) is emptied and filled again instead of a new
        /// leaf being allocated while the old one is freed — the new tree of a linear event has
        /// about as many leaves as the old.
        @inlinable public mutating func finish(ordering: Ordering, reusing spare: inout [Node]) -> OrderStatisticTree {
            let count = storage.count
            var leaves: [Node] = []
            leaves.reserveCapacity(count / fill + 1)
            var start = 0
            var nextSpare = 0
            let pools = NodePools.forTree(of: count, weighted: false)
            while start < count {
                let size = Swift.min(fill, count - start)
                let source = storage.base + start
                var reusable: Node?
                if nextSpare < spare.count {
                    if spare[nextSpare].isLeaf, !spare[nextSpare].isWeighted,
                        isKnownUniquelyReferenced(&spare[nextSpare])
                    {
                        reusable = spare[nextSpare]
                    }
                    nextSpare += 1
                }
                // Leaves are fixed allocations of `leafCapacity + 1` slots: the elements move
                // straight from the buffer into them.
                let leaf = reusable ?? Node(isLeaf: true, pools: pools)
                leaf.elementPointer.deinitialize(count: leaf.length)
                leaf.elementPointer.moveInitialize(from: source, count: size)
                leaf.length = size
                leaves.append(leaf)
                start += size
            }
            storage.count = 0
            return OrderStatisticTree(ordering: ordering, unitLeaves: leaves, count: count, pools: pools)
        }

        /// The tree of the appended elements, each of weight 1, in new leaves.
        @inlinable public mutating func finish(ordering: Ordering) -> OrderStatisticTree {
            var none: [Node] = []
            return finish(ordering: ordering, reusing: &none)
        }
    }

    /// The buffer of a `Builder`: it owns the elements not yet moved into leaves.
    public final class BuilderStorage {
        /// Read and written only by the builder, one access at a time: no run-time exclusivity
        /// check per append.
        @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<Element>
        @exclusivity(unchecked) @usableFromInline var capacity: Int
        /// The number of initialized elements from `base`.
        @exclusivity(unchecked) public var count = 0

        @inlinable public init(capacity: Int) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        /// The bytes the buffer holds room for.
        @inlinable public var byteCount: Int { capacity * MemoryLayout<Element>.stride }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }

        /// Makes room for `extra` more elements.
        @inline(__always)
        @inlinable func reserve(_ extra: Int) {
            if count + extra > capacity { grow(toHold: count + extra) }
        }

        @inlinable func grow(toHold needed: Int) {
            let larger = Swift.max(needed, capacity * 2)
            let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
            moved.moveInitialize(from: base, count: count)
            base.deallocate()
            base = moved
            capacity = larger
        }
    }

    /// A tree with unit weights over `leaves`: non-empty leaves whose elements, taken in order,
    /// are sorted and number `count` in all. Builds the inner levels bottom-up in O(leaves).
    /// `pools`: where the inner nodes and later new nodes go (`NodePools.forTree`).
    @inlinable convenience init(ordering: Ordering, unitLeaves leaves: [Node], count: Int, pools: NodePools? = nil) {
        self.init(ordering: ordering, unitWeights: true)
        state.pointee.pools = pools
        guard !leaves.isEmpty else { return }
        root = root(overLeaves: leaves)
        state.pointee.count = count
        state.pointee.totalWeight = count
        checkInvariantsAfterMutation()
    }

    /// The leaves, in order.
    /// - Complexity: O(leaves).
    @inlinable public var leaves: [Node] {
        var leaves: [Node] = []
        leaves.reserveCapacity(count / (Self.leafCapacity / 2) + 1)
        collectLeaves(of: root, into: &leaves)
        return leaves
    }

    @inlinable func collectLeaves(of node: Node, into leaves: inout [Node]) {
        if node.isLeaf {
            leaves.append(node)
            return
        }
        for index in 0..<node.length { collectLeaves(of: node.child(index), into: &leaves) }
    }
}
