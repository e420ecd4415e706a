extension OrderStatisticTree {
    /// Where an element sits: its rank, the total weight of the elements before it, and its weight.
    struct Position {
        var rank: Int
        var weightBefore: Int
        var weight: Int
    }

    /// The position of `element`, or `nil` if the tree does not hold it.
    func find(_ element: Element) -> Position? {
        var node = root
        var rank = 0, before = 0
        while !node.isLeaf {
            let i = childIndex(in: node, for: element)
            for j in 0..<i {
                rank += node.counts[j]
                before += node.sums[j]
            }
            node = node.children[i]
        }
        let pos = lowerBound(in: node, of: element)
        guard pos < node.elements.count, !ordering.areInIncreasingOrder(element, node.elements[pos]) else { return nil }
        for j in 0..<pos { before += node.weights[j] }
        return Position(rank: rank + pos, weightBefore: before, weight: node.weights[pos])
    }

    /// The element at `rank` (0-based) and the total weight of the elements before it.
    func element(at rank: Int) -> (element: Element, weightBefore: Int, weight: Int) {
        precondition(rank >= 0 && rank < count, "rank \(rank) out of 0..<\(count)")
        var node = root
        var r = rank, before = 0
        while !node.isLeaf {
            var i = 0
            while r >= node.counts[i] {
                r -= node.counts[i]
                before += node.sums[i]
                i += 1
            }
            node = node.children[i]
        }
        for j in 0..<r { before += node.weights[j] }
        return (node.elements[r], before, node.weights[r])
    }

    /// The number of elements whose weights, summed in order, stay at or below `weight`: for the
    /// section tree, the index of the section that holds global row `weight`.
    func rank(containingWeightOffset weight: Int) -> (rank: Int, weightBefore: Int)? {
        guard weight >= 0, weight < totalWeight else { return nil }
        var node = root
        var w = weight, rank = 0
        while !node.isLeaf {
            var i = 0
            while w >= node.sums[i] {
                w -= node.sums[i]
                rank += node.counts[i]
                i += 1
            }
            node = node.children[i]
        }
        var i = 0
        while w >= node.weights[i] {
            w -= node.weights[i]
            i += 1
        }
        return (rank + i, weight - w)
    }

    /// Calls `body` with each element and its weight in order, starting at `rank`, until it returns false.
    func forEach(from rank: Int = 0, _ body: (Element, Int) -> Bool) {
        guard rank < count else { return }
        _ = visit(root, skipping: max(rank, 0), body)
    }

    private func visit(_ node: Node, skipping skip: Int, _ body: (Element, Int) -> Bool) -> Bool {
        var skip = skip
        if node.isLeaf {
            for i in skip..<node.elements.count where !body(node.elements[i], node.weights[i]) { return false }
            return true
        }
        for (i, child) in node.children.enumerated() {
            if skip >= node.counts[i] {
                skip -= node.counts[i]
                continue
            }
            guard visit(child, skipping: skip, body) else { return false }
            skip = 0
        }
        return true
    }

    /// All elements in order.
    var elements: [Element] {
        var out: [Element] = []
        out.reserveCapacity(count)
        forEach { element, _ in
            out.append(element)
            return true
        }
        return out
    }
}
