extension OrderStatisticTree {
    /// The elements next to one just inserted or removed, read from its leaf on the way: each
    /// is known only when that leaf held it (else the caller reads it by rank, one descent).
    public struct Neighbours {
        public var before: Element?
        public var after: Element?
        @inlinable public init() {}
    }

    /// Inserts `element` (which must not be present) with `weight`; returns its rank.
    @discardableResult
    @inlinable public func insert(_ element: Element, weight: Int = 1) -> Int {
        var neighbours = Neighbours()
        return insert(element, weight: weight, neighbours: &neighbours)
    }

    /// Inserts `element` (which must not be present) with `weight`; returns its rank, and in
    /// `neighbours` the elements now before and after it that its leaf holds.
    @discardableResult
    @inlinable public func insert(_ element: Element, weight: Int = 1, neighbours: inout Neighbours) -> Int {
        precondition(weight == 1 || !unitWeights, "a tree with unit weights takes weight 1 only")
        let (rank, split) = Unmanaged.passUnretained(root)._withUnsafeGuaranteedRef {
            insert(element, weight: weight, into: $0, neighbours: &neighbours)
        }
        if let (separator, right) = split {
            let left = root
            let newRoot = makeNode(isLeaf: false)
            newRoot.children = [left, right]
            newRoot.counts = [left.count, right.count]
            newRoot.sums = unitWeights ? [] : [left.sum, right.sum]
            newRoot.separators = [separator]
            root = newRoot
        }
        state.pointee.count += 1
        state.pointee.totalWeight += weight
        checkInvariantsAfterMutation()
        return rank
    }

    @inlinable func insert(_ element: Element, weight: Int, into node: Node, neighbours: inout Neighbours) -> (
        Int, (Element, Node)?
    ) {
        if node.isLeaf {
            let pos = lowerBound(in: node, of: element).index
            let n = node.length
            let elements = node.elementPointer
            neighbours.before = pos > 0 ? elements[pos - 1] : nil
            neighbours.after = pos < n ? elements[pos] : nil
            Self.openGap(elements, at: pos, count: n)
            (elements + pos).initialize(to: element)
            if !unitWeights {
                Self.openGap(node.weightPointer, at: pos, count: n)
                (node.weightPointer + pos).initialize(to: weight)
            }
            node.length = n + 1
            guard n + 1 > Self.leafCapacity else { return (pos, nil) }
            let mid = (n + 1) / 2
            let moved = n + 1 - mid
            let right = makeNode(isLeaf: true)
            right.elementPointer.moveInitialize(from: elements + mid, count: moved)
            if !unitWeights { right.weightPointer.moveInitialize(from: node.weightPointer + mid, count: moved) }
            right.length = moved
            node.length = mid
            return (pos, (right.elementPointer.pointee, right))
        }
        let i = childIndex(in: node, for: element)
        let counts = node.countPointer
        let rank = Self.prefixSum(counts, upTo: i)
        // Not retained: the node holds its children throughout (see `Node.lentChild`).
        let (childRank, split) = node.lentChild(i)._withUnsafeGuaranteedRef {
            insert(element, weight: weight, into: $0, neighbours: &neighbours)
        }
        counts[i] += 1
        if !unitWeights { node.sumPointer[i] += weight }
        if let (separator, right) = split {
            unowned(unsafe) let left = node.child(i)
            let n = node.length
            counts[i] = left.count
            Self.openGap(node.childPointer, at: i + 1, count: n)
            (node.childPointer + i + 1).initialize(to: right)
            Self.openGap(node.childRawPointer, at: i + 1, count: n)
            node.childRawPointer[i + 1] = right.raw
            Self.openGap(counts, at: i + 1, count: n)
            counts[i + 1] = right.count
            Self.openGap(node.separatorPointer, at: i, count: n - 1)
            (node.separatorPointer + i).initialize(to: separator)
            if !unitWeights {
                let sums = node.sumPointer
                sums[i] = left.sum
                Self.openGap(sums, at: i + 1, count: n)
                sums[i + 1] = right.sum
            }
            node.length = n + 1
        }
        let n = node.length
        guard n > Self.fanout else { return (rank + childRank, nil) }
        // Split: children [mid, n) go right; separator mid - 1 goes up.
        let mid = n / 2
        let moved = n - mid
        let right = makeNode(isLeaf: false)
        right.childPointer.moveInitialize(from: node.childPointer + mid, count: moved)
        right.childRawPointer.moveInitialize(from: node.childRawPointer + mid, count: moved)
        right.countPointer.moveInitialize(from: counts + mid, count: moved)
        right.separatorPointer.moveInitialize(from: node.separatorPointer + mid, count: moved - 1)
        let up = (node.separatorPointer + mid - 1).move()
        if !unitWeights { right.sumPointer.moveInitialize(from: node.sumPointer + mid, count: moved) }
        right.length = moved
        node.length = mid
        return (rank + childRank, (up, right))
    }

    /// Removes `element`; returns where it was, or `nil` if the tree does not hold it.
    ///
    /// Every separator stays a copy of an element the tree holds (the first of the subtree to its
    /// right): removing that element puts the subtree's new first element in its place. An
    /// ordering that reads more than the element (`EntryOrdering` looks up the full keys of
    /// inexact entries by object ID) may then compare a separator like any element.
    @discardableResult
    @inlinable public func remove(_ element: Element) -> Position? {
        var neighbours = Neighbours()
        return remove(element, neighbours: &neighbours)
    }

    /// Removes `element`; returns where it was (or `nil` if the tree does not hold it), and in
    /// `neighbours` the elements that were before and after it in its leaf.
    @discardableResult
    @inlinable public func remove(_ element: Element, neighbours: inout Neighbours) -> Position? {
        guard
            let (position, _) = Unmanaged.passUnretained(root)._withUnsafeGuaranteedRef({
                remove(element, from: $0, neighbours: &neighbours)
            })
        else { return nil }
        if !root.isLeaf, root.length == 1 {
            var top = root
            while !top.isLeaf, top.length == 1 { top = top.child(0) }
            root = top
        }
        state.pointee.count -= 1
        state.pointee.totalWeight -= position.weight
        checkInvariantsAfterMutation()
        return position
    }

    /// Removes `element` from the subtree of `node`: where it was, and whether it was the
    /// subtree's first element.
    @inlinable func remove(_ element: Element, from node: Node, neighbours: inout Neighbours) -> (
        Position, wasFirst: Bool
    )? {
        if node.isLeaf {
            let (pos, isEqual) = lowerBound(in: node, of: element)
            guard isEqual else { return nil }
            let n = node.length
            neighbours.before = pos > 0 ? node.elementPointer[pos - 1] : nil
            neighbours.after = pos + 1 < n ? node.elementPointer[pos + 1] : nil
            (node.elementPointer + pos).deinitialize(count: 1)
            Self.closeGap(node.elementPointer, at: pos, count: n)
            node.length = n - 1
            if unitWeights { return (Position(rank: pos, weightBefore: pos, weight: 1), pos == 0) }
            let weights = node.weightPointer
            let before = Self.prefixSum(weights, upTo: pos)
            let weight = weights[pos]
            Self.closeGap(weights, at: pos, count: n)
            return (Position(rank: pos, weightBefore: before, weight: weight), pos == 0)
        }
        let i = childIndex(in: node, for: element)
        // Not retained: it stays in `node` until the branch below drops it and returns.
        let lent = node.lentChild(i)
        guard
            var (position, wasFirst) = lent._withUnsafeGuaranteedRef({
                remove(element, from: $0, neighbours: &neighbours)
            })
        else { return nil }
        let counts = node.countPointer
        let countBefore = Self.prefixSum(counts, upTo: i)
        position.rank += countBefore
        position.weightBefore += unitWeights ? countBefore : Self.prefixSum(node.sumPointer, upTo: i)
        counts[i] -= 1
        if !unitWeights { node.sumPointer[i] -= position.weight }
        let n = node.length
        if counts[i] == 0, n > 1 {
            (node.childPointer + i).deinitialize(count: 1)
            Self.closeGap(node.childPointer, at: i, count: n)
            Self.closeGap(node.childRawPointer, at: i, count: n)
            Self.closeGap(counts, at: i, count: n)
            if !unitWeights { Self.closeGap(node.sumPointer, at: i, count: n) }
            let dropped = max(i - 1, 0)
            (node.separatorPointer + dropped).deinitialize(count: 1)
            Self.closeGap(node.separatorPointer, at: dropped, count: n - 1)
            node.length = n - 1
            // Child 0 gone: the node's first element is now the next child's (its old separator).
            return (position, i == 0)
        }
        if wasFirst, i > 0, counts[i] > 0 {
            node.separatorPointer[i - 1] = lent._withUnsafeGuaranteedRef { Self.firstElement(of: $0) }
            wasFirst = false
        }
        return (position, wasFirst && i == 0)
    }

    /// Adds `delta` to the weight of `element`; returns false if the tree does not hold it.
    @discardableResult
    @inlinable public func addWeight(_ delta: Int, to element: Element) -> Bool {
        adjustWeight(of: element, by: delta) != nil
    }

    /// An element the tree holds, where it sits, and its weight after an adjustment.
    public struct Adjusted {
        public let element: Element
        public let rank: Int
        public let weightBefore: Int
        public let weight: Int

        @inlinable init(element: Element, rank: Int, weightBefore: Int, weight: Int) {
            self.element = element
            self.rank = rank
            self.weightBefore = weightBefore
            self.weight = weight
        }
    }

    /// Adds `delta` to the weight of the element that holds weight offset `offset` (the element
    /// `rank(containingWeightOffset:)` names) in one descent; returns it, or nil if `offset` is
    /// outside the total weight.
    @inlinable public func adjustWeight(containingWeightOffset offset: Int, by delta: Int) -> Adjusted? {
        precondition(!unitWeights, "a tree with unit weights keeps its weights")
        guard let (leaf, index, rank, before) = place(containingWeightOffset: offset, addingWeight: delta) else {
            return nil
        }
        state.pointee.totalWeight += delta
        checkInvariantsAfterMutation()
        return leaf._withUnsafeGuaranteedRef { leaf in
            Adjusted(
                element: leaf.elementPointer[index], rank: rank, weightBefore: before, weight: leaf.weightPointer[index]
            )
        }
    }

    /// Adds `delta` to the weight of `element` in one descent; returns the tree's copy of it and
    /// where it sits, or nil (changing nothing) if the tree does not hold it.
    @inlinable public func adjustWeight(of element: Element, by delta: Int) -> Adjusted? {
        precondition(!unitWeights, "a tree with unit weights keeps its weights")
        guard
            let adjusted = Unmanaged.passUnretained(root)._withUnsafeGuaranteedRef({
                adjustWeight(of: element, by: delta, in: $0, rank: 0, before: 0)
            })
        else { return nil }
        state.pointee.totalWeight += delta
        checkInvariantsAfterMutation()
        return adjusted
    }

    @inlinable func adjustWeight(of element: Element, by delta: Int, in node: Node, rank: Int, before: Int) -> Adjusted?
    {
        if node.isLeaf {
            let (pos, isEqual) = lowerBound(in: node, of: element)
            guard isEqual else { return nil }
            let weights = node.weightPointer
            weights[pos] += delta
            return Adjusted(
                element: node.elementPointer[pos], rank: rank + pos,
                weightBefore: before + Self.prefixSum(weights, upTo: pos), weight: weights[pos])
        }
        let i = childIndex(in: node, for: element)
        let (rank, before) = (
            rank + Self.prefixSum(node.countPointer, upTo: i), before + Self.prefixSum(node.sumPointer, upTo: i)
        )
        guard
            let adjusted = node.lentChild(i)._withUnsafeGuaranteedRef({
                adjustWeight(of: element, by: delta, in: $0, rank: rank, before: before)
            })
        else { return nil }
        node.sumPointer[i] += delta
        return adjusted
    }

    /// Adds `delta` to the weight of the element at `rank`, which must exist.
    @inlinable public func addWeight(_ delta: Int, atRank rank: Int) {
        precondition(!unitWeights, "a tree with unit weights keeps its weights")
        _ = place(ofRank: rank, addingWeight: delta)
        state.pointee.totalWeight += delta
        checkInvariantsAfterMutation()
    }
}
