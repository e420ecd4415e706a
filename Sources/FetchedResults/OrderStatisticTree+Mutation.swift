import FetchSimCore

extension OrderStatisticTree {
    /// Inserts `element` (which must not be present) with `weight`; returns its rank.
    @discardableResult
    func insert(_ element: Element, weight: Int = 1) -> Int {
        precondition(weight == 1 || !unitWeights, "a tree with unit weights takes weight 1 only")
        let (rank, split) = insert(element, weight: weight, into: root)
        if let (separator, right) = split {
            let left = root
            let newRoot = Node(isLeaf: false)
            newRoot.children = [left, right]
            newRoot.counts = [left.count, right.count]
            newRoot.sums = unitWeights ? [] : [left.sum, right.sum]
            newRoot.separators = [separator]
            root = newRoot
        }
        count += 1
        totalWeight += weight
        return rank
    }

    private func insert(_ element: Element, weight: Int, into node: Node) -> (Int, (Element, Node)?) {
        if node.isLeaf {
            let pos = lowerBound(in: node, of: element).index
            node.elements.insert(element, at: pos)
            if !unitWeights { node.weights.insert(weight, at: pos) }
            guard node.elements.count > Self.leafCapacity else { return (pos, nil) }
            let mid = node.elements.count / 2
            let right = Node(isLeaf: true)
            right.elements = Array(node.elements[mid...])
            node.elements.removeSubrange(mid...)
            if !unitWeights {
                right.weights = Array(node.weights[mid...])
                node.weights.removeSubrange(mid...)
            }
            return (pos, (right.elements[0], right))
        }
        let i = childIndex(in: node, for: element)
        let rank = Self.prefixSum(node.counts, upTo: i)
        let (childRank, split) = insert(element, weight: weight, into: node.children[i])
        node.counts[i] += 1
        if !unitWeights { node.sums[i] += weight }
        if let (separator, right) = split {
            let left = node.children[i]
            node.counts[i] = left.count
            node.children.insert(right, at: i + 1)
            node.counts.insert(right.count, at: i + 1)
            node.separators.insert(separator, at: i)
            if !unitWeights {
                node.sums[i] = left.sum
                node.sums.insert(right.sum, at: i + 1)
            }
        }
        guard node.children.count > Self.fanout else { return (rank + childRank, nil) }
        let mid = node.children.count / 2
        let right = Node(isLeaf: false)
        right.children = Array(node.children[mid...])
        right.counts = Array(node.counts[mid...])
        right.separators = Array(node.separators[mid...])
        let up = node.separators[mid - 1]
        node.children.removeSubrange(mid...)
        node.counts.removeSubrange(mid...)
        node.separators.removeSubrange((mid - 1)...)
        if !unitWeights {
            right.sums = Array(node.sums[mid...])
            node.sums.removeSubrange(mid...)
        }
        return (rank + childRank, (up, right))
    }

    /// Removes `element`; returns where it was, or `nil` if the tree does not hold it.
    ///
    /// Every separator stays a copy of an element the tree holds (the first of the subtree to its
    /// right): removing that element puts the subtree's new first element in its place. An
    /// ordering that reads more than the element (`EntryOrdering` looks up the full keys of
    /// inexact entries by object ID) may then compare a separator like any element.
    @discardableResult
    func remove(_ element: Element) -> Position? {
        guard let (position, _) = remove(element, from: root) else { return nil }
        while !root.isLeaf, root.children.count == 1 { root = root.children[0] }
        count -= 1
        totalWeight -= position.weight
        return position
    }

    /// Removes `element` from the subtree of `node`: where it was, and whether it was the
    /// subtree's first element.
    private func remove(_ element: Element, from node: Node) -> (Position, wasFirst: Bool)? {
        if node.isLeaf {
            let (pos, isEqual) = lowerBound(in: node, of: element)
            guard isEqual else { return nil }
            node.elements.remove(at: pos)
            if unitWeights { return (Position(rank: pos, weightBefore: pos, weight: 1), pos == 0) }
            let before = Self.prefixSum(node.weights, upTo: pos)
            let weight = node.weights.remove(at: pos)
            return (Position(rank: pos, weightBefore: before, weight: weight), pos == 0)
        }
        let i = childIndex(in: node, for: element)
        guard var (position, wasFirst) = remove(element, from: node.children[i]) else { return nil }
        let countBefore = Self.prefixSum(node.counts, upTo: i)
        position.rank += countBefore
        position.weightBefore += unitWeights ? countBefore : Self.prefixSum(node.sums, upTo: i)
        node.counts[i] -= 1
        if !unitWeights { node.sums[i] -= position.weight }
        if node.counts[i] == 0, node.children.count > 1 {
            node.children.remove(at: i)
            node.counts.remove(at: i)
            if !unitWeights { node.sums.remove(at: i) }
            node.separators.remove(at: max(i - 1, 0))
            // Child 0 gone: the node's first element is now the next child's (its old separator).
            return (position, i == 0)
        }
        if wasFirst, i > 0, node.counts[i] > 0 {
            node.separators[i - 1] = Self.firstElement(of: node.children[i])
            wasFirst = false
        }
        return (position, wasFirst && i == 0)
    }

    /// Adds `delta` to the weight of `element`; returns false if the tree does not hold it.
    @discardableResult
    func addWeight(_ delta: Int, to element: Element) -> Bool {
        precondition(!unitWeights, "a tree with unit weights keeps its weights")
        var path: [(Node, Int)] = []
        var node = root
        while !node.isLeaf {
            let i = childIndex(in: node, for: element)
            path.append((node, i))
            node = node.children[i]
        }
        let (pos, isEqual) = lowerBound(in: node, of: element)
        guard isEqual else { return false }
        node.weights[pos] += delta
        for (parent, i) in path { parent.sums[i] += delta }
        totalWeight += delta
        return true
    }

    /// An element the tree holds, where it sits, and its weight after an adjustment.
    struct Adjusted {
        let element: Element
        let rank: Int
        let weightBefore: Int
        let weight: Int
    }

    /// Adds `delta` to the weight of the element that holds weight offset `offset` (the element
    /// `rank(containingWeightOffset:)` names) in one descent; returns it, or nil if `offset` is
    /// outside the total weight.
    func adjustWeight(containingWeightOffset offset: Int, by delta: Int) -> Adjusted? {
        precondition(!unitWeights, "a tree with unit weights keeps its weights")
        guard offset >= 0, offset < totalWeight else { return nil }
        var node = root
        var w = offset, rank = 0
        while !node.isLeaf {
            let i = Self.entry(holding: &w, in: node.sums)
            rank += Self.prefixSum(node.counts, upTo: i)
            node.sums[i] += delta
            node = node.children[i]
        }
        let i = Self.entry(holding: &w, in: node.weights)
        node.weights[i] += delta
        totalWeight += delta
        return Adjusted(element: node.elements[i], rank: rank + i, weightBefore: offset - w, weight: node.weights[i])
    }

    /// Adds `delta` to the weight of `element` in one descent; returns the tree's copy of it and
    /// where it sits, or nil (changing nothing) if the tree does not hold it.
    func adjustWeight(of element: Element, by delta: Int) -> Adjusted? {
        precondition(!unitWeights, "a tree with unit weights keeps its weights")
        guard let adjusted = adjustWeight(of: element, by: delta, in: root, rank: 0, before: 0) else { return nil }
        totalWeight += delta
        return adjusted
    }

    private func adjustWeight(of element: Element, by delta: Int, in node: Node, rank: Int, before: Int) -> Adjusted? {
        if node.isLeaf {
            let (pos, isEqual) = lowerBound(in: node, of: element)
            guard isEqual else { return nil }
            node.weights[pos] += delta
            return Adjusted(element: node.elements[pos], rank: rank + pos,
                            weightBefore: before + Self.prefixSum(node.weights, upTo: pos), weight: node.weights[pos])
        }
        let i = childIndex(in: node, for: element)
        guard let adjusted = adjustWeight(of: element, by: delta, in: node.children[i],
                                          rank: rank + Self.prefixSum(node.counts, upTo: i),
                                          before: before + Self.prefixSum(node.sums, upTo: i)) else { return nil }
        node.sums[i] += delta
        return adjusted
    }

    /// Adds `delta` to the weight of the element at `rank`, which must exist.
    func addWeight(_ delta: Int, atRank rank: Int) {
        precondition(!unitWeights, "a tree with unit weights keeps its weights")
        precondition(rank >= 0 && rank < count, "rank \(rank) out of 0..<\(count)")
        var node = root, r = rank
        while !node.isLeaf {
            let (i, offset) = node.child(holdingRank: r)
            r = offset
            node.sums[i] += delta
            node = node.children[i]
        }
        node.weights[r] += delta
        totalWeight += delta
    }

    /// Verifies order, counts, sums and separators; returns a description of the first violation.
    func invariantViolation() -> String? {
        var previous: Element?
        var failure: String?
        func check(_ node: Node, lower: Element?, upper: Element?) -> (count: Int, sum: Int)? {
            if node.isLeaf {
                guard node.weights.count == (unitWeights ? 0 : node.elements.count) else { failure = "leaf weights misaligned"; return nil }
                for e in node.elements {
                    if let p = previous, !less(p, e) { failure = "elements out of order"; return nil }
                    if let l = lower, less(e, l) { failure = "element below its separator"; return nil }
                    if let u = upper, !less(e, u) { failure = "element not below the next separator"; return nil }
                    previous = e
                }
                return (node.elements.count, unitWeights ? node.elements.count : node.weights.reduce(0, +))
            }
            guard node.separators.count == node.children.count - 1,
                  node.counts.count == node.children.count, node.sums.count == (unitWeights ? 0 : node.children.count)
            else { failure = "inner node arrays misaligned"; return nil }
            var total = (0, 0)
            for (i, child) in node.children.enumerated() {
                let lo = i == 0 ? lower : node.separators[i - 1]
                let hi = i == node.separators.count ? upper : node.separators[i]
                guard let (c, s) = check(child, lower: lo, upper: hi) else { return nil }
                guard c == node.counts[i], s == (unitWeights ? c : node.sums[i]) else { failure = "stale count or sum"; return nil }
                guard c > 0 || node.children.count == 1 else { failure = "empty child kept"; return nil }
                if let lo, i > 0, less(lo, Self.firstElement(of: child)) { failure = "separator not its subtree's first element"; return nil }
                total.0 += c
                total.1 += s
            }
            return total
        }
        guard let (c, s) = check(root, lower: nil, upper: nil) else { return failure }
        guard c == count, s == totalWeight, !unitWeights || totalWeight == count else { return "tree totals \(count)/\(totalWeight) but nodes hold \(c)/\(s)" }
        return nil
    }
}
