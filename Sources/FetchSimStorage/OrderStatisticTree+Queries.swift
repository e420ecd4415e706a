extension OrderStatisticTree {
    /// Where an element sits: its rank, the total weight of the elements before it, and its weight.
    public struct Position {
        public var rank: Int
        public var weightBefore: Int
        public var weight: Int

        @inlinable public init(rank: Int, weightBefore: Int, weight: Int) {
            self.rank = rank
            self.weightBefore = weightBefore
            self.weight = weight
        }
    }

    /// The position of `element`, or `nil` if the tree does not hold it.
    @inlinable public func find(_ element: Element) -> Position? {
        descend(to: element)?.position
    }

    /// The tree's own copy of the element equal to `element` (it may carry more than the key),
    /// and its position; `nil` if the tree does not hold it.
    @inlinable public func lookup(_ element: Element) -> (element: Element, position: Position)? {
        guard let (leaf, index, position) = descend(to: element) else { return nil }
        return (leaf._withUnsafeGuaranteedRef { $0.elementPointer[index] }, position)
    }

    /// The leaf and index that hold `element`, and its position.
    @inline(__always)
    @inlinable func descend(to element: Element) -> (leaf: Unmanaged<Node>, index: Int, position: Position)? {
        unowned(unsafe) var node = root
        var rank = 0
        var before = 0
        while !node.isLeaf {
            let i = childIndex(in: node, for: element)
            rank += Self.prefixSum(node.countPointer, upTo: i)
            if !unitWeights { before += Self.prefixSum(node.sumPointer, upTo: i) }
            node = node.child(i)
        }
        // Lent to the search, like the recursions' children (`Node.lentChild`): passing the
        // `unowned(unsafe)` local as an argument retained and released it.
        let leaf = Unmanaged.passUnretained(node)
        let (pos, isEqual) = leaf._withUnsafeGuaranteedRef { lowerBound(in: $0, of: element) }
        guard isEqual else { return nil }
        if unitWeights {
            return (
                Unmanaged.passUnretained(node), pos, Position(rank: rank + pos, weightBefore: rank + pos, weight: 1)
            )
        }
        before += Self.prefixSum(node.weightPointer, upTo: pos)
        return (
            Unmanaged.passUnretained(node), pos,
            Position(rank: rank + pos, weightBefore: before, weight: node.weightPointer[pos])
        )
    }

    /// `project` of the elements at two nearby ranks (nil for a rank outside the tree), read in
    /// place with one descent when the same leaf holds both.
    @inlinable public func read<T>(at first: Int, and second: Int, _ project: (Element) -> T) -> (T?, T?) {
        let total = count
        let valid = { (rank: Int) in rank >= 0 && rank < total }
        guard valid(first) else { return (nil, valid(second) ? read(at: second, project) : nil) }
        let (node, r) = root.leaf(holdingRank: first)
        let elements = node.elementPointer
        let a = project(elements[r])
        guard valid(second) else { return (a, nil) }
        let secondInLeaf = r + (second - first)
        if secondInLeaf >= 0, secondInLeaf < node.length { return (a, project(elements[secondInLeaf])) }
        return (a, read(at: second, project))
    }

    /// `project` of the element at `rank`, read in place.
    @inline(__always)
    @inlinable public func read<T>(at rank: Int, _ project: (Element) -> T) -> T {
        precondition(rank >= 0 && rank < count, "rank \(rank) out of 0..<\(count)")
        let (leaf, index) = root.leaf(holdingRank: rank)
        return project(leaf.elementPointer[index])
    }

    /// The element at `rank` (0-based) and the total weight of the elements before it.
    @inlinable public func element(at rank: Int) -> (element: Element, weightBefore: Int, weight: Int) {
        let (leaf, index, before) = place(ofRank: rank)
        return leaf._withUnsafeGuaranteedRef { leaf in
            (leaf.elementPointer[index], before, unitWeights ? 1 : leaf.weightPointer[index])
        }
    }

    /// The leaf holding `rank` (0-based), the rank's index there and the total weight of the
    /// elements before it: the one descent by rank, which `element(at:)` and `weights(at:)` read
    /// and `addWeight(_:atRank:)` changes weights with. A nonzero `delta` is added on the way to
    /// the element's weight and to the sums above it (a weighted tree only); the total weight
    /// is the caller's. The leaf is lent, not retained (the tree holds it): returning it as a
    /// reference retained and released it per call.
    /// - Complexity: O(log n).
    @inline(__always)
    @inlinable func place(ofRank rank: Int, addingWeight delta: Int = 0) -> (
        leaf: Unmanaged<Node>, index: Int, weightBefore: Int
    ) {
        precondition(rank >= 0 && rank < count, "rank \(rank) out of 0..<\(count)")
        unowned(unsafe) var node = root
        var r = rank
        var before = 0
        while !node.isLeaf {
            let (i, offset) = node.child(holdingRank: r)
            r = offset
            if !unitWeights { before += Self.prefixSum(node.sumPointer, upTo: i) }
            if delta != 0 { node.sumPointer[i] += delta }
            node = node.child(i)
        }
        if unitWeights { return (Unmanaged.passUnretained(node), r, rank) }
        if delta != 0 { node.weightPointer[r] += delta }
        return (Unmanaged.passUnretained(node), r, before + Self.prefixSum(node.weightPointer, upTo: r))
    }

    /// The index of the entry of `weights[0..<count]` (a node's child sums or a leaf's weights)
    /// that holds weight offset `w`, with `w` reduced to the offset within that entry; the last
    /// entry when `w` is past them all.
    @inline(__always)
    @inlinable static func entry(holding w: inout Int, in weights: UnsafeMutablePointer<Int>, count: Int) -> Int {
        var i = 0
        while i < count - 1, w >= weights[i] {
            w -= weights[i]
            i += 1
        }
        return i
    }

    /// The number of elements whose weights, summed in order, stay at or below `weight`: for the
    /// section tree, the index of the section that holds global row `weight`.
    @inlinable public func rank(containingWeightOffset weight: Int) -> (rank: Int, weightBefore: Int)? {
        if unitWeights { return weight >= 0 && weight < totalWeight ? (weight, weight) : nil }
        guard let place = place(containingWeightOffset: weight) else { return nil }
        return (place.rank, place.weightBefore)
    }

    /// Calls `body` with the element that holds weight offset `weight`, lent where the tree holds
    /// it (reading a field copies only that field), its rank and the weight before it; nil
    /// without calling `body` if `weight` is outside the total weight. One descent, changing
    /// nothing.
    ///
    /// ```swift
    /// tree.withPlace(containingWeightOffset: 12) { element, rank, weightBefore in element.name }
    /// ```
    /// - Parameters:
    ///   - weight: A weight offset, from 0 below the total weight.
    ///   - body: What to do with the element, its rank and the weight of the elements before it.
    /// - Returns: What `body` returns, or nil when no element holds `weight`.
    @inlinable public func withPlace<R>(
        containingWeightOffset weight: Int, _ body: (borrowing Element, _ rank: Int, _ weightBefore: Int) throws -> R
    ) rethrows -> R? {
        guard let (leaf, index, rank, weightBefore) = place(containingWeightOffset: weight) else { return nil }
        let element = leaf._withUnsafeGuaranteedRef { UnsafePointer($0.elementPointer + index) }
        return try body(element.pointee, rank, weightBefore)
    }

    /// The leaf holding the element that holds weight offset `weight` and its index there (the
    /// leaf lent, as by `place(ofRank:addingWeight:)`), its rank and the weight before it; nil
    /// if `weight` is outside the total weight: the one descent by weight, which
    /// `rank(containingWeightOffset:)` and `withPlace` read and
    /// `adjustWeight(containingWeightOffset:by:)` changes weights with. A nonzero `delta` is added
    /// on the way to the element's weight and to the sums above it (a weighted tree only); the
    /// total weight is the caller's.
    @inline(__always)
    @inlinable func place(containingWeightOffset weight: Int, addingWeight delta: Int = 0) -> (
        leaf: Unmanaged<Node>, index: Int, rank: Int, weightBefore: Int
    )? {
        guard weight >= 0, weight < totalWeight else { return nil }
        unowned(unsafe) var node = root
        var w = weight
        var rank = 0
        while !node.isLeaf {
            let i = Self.entry(holding: &w, in: unitWeights ? node.countPointer : node.sumPointer, count: node.length)
            rank += Self.prefixSum(node.countPointer, upTo: i)
            if delta != 0 { node.sumPointer[i] += delta }
            node = node.child(i)
        }
        if unitWeights { return (Unmanaged.passUnretained(node), w, rank + w, weight) }
        let i = Self.entry(holding: &w, in: node.weightPointer, count: node.length)
        if delta != 0 { node.weightPointer[i] += delta }
        return (Unmanaged.passUnretained(node), i, rank + i, weight - w)
    }

    /// Calls `body` with each element and its weight in order, starting at `rank`, until it returns false.
    /// - Complexity: O(log n + m) for m elements visited.
    @inlinable public func forEach(from rank: Int = 0, _ body: (Element, Int) -> Bool) {
        guard rank < count else { return }
        forEach(in: root, from: max(rank, 0), body)
    }

    @discardableResult
    @inlinable func forEach(in node: Node, from position: Int, _ body: (Element, Int) -> Bool) -> Bool {
        let n = node.length
        if node.isLeaf {
            let elements = node.elementPointer
            if unitWeights {
                for i in position..<n where !body(elements[i], 1) { return false }
            } else {
                let weights = node.weightPointer
                for i in position..<n where !body(elements[i], weights[i]) { return false }
            }
            return true
        }
        let counts = node.countPointer
        var skip = position
        for i in 0..<n {
            if skip >= counts[i] {
                skip -= counts[i]
                continue
            }
            guard forEach(in: node.child(i), from: skip, body) else { return false }
            skip = 0
        }
        return true
    }

    /// All elements in order.
    @inlinable public var elements: [Element] {
        var out: [Element] = []
        out.reserveCapacity(count)
        forEach { element, _ in
            out.append(element)
            return true
        }
        return out
    }
}
