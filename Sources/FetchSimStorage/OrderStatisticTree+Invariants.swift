extension OrderStatisticTree {
    /// Trees of up to this many elements are checked after every mutation in builds with storage
    /// checks; larger ones once every `count` mutations, so that the checks cost O(1) amortised
    /// per mutation and a test's large tree does not make the debug build quadratic.
    @inlinable static var checkedOnEveryMutation: Int { 512 }

    /// In builds with storage checks (`StorageChecks.isEnabled`: debug builds and the tests),
    /// checks the whole tree after a mutation — on a large tree, after one mutation in `count`.
    /// Does nothing in release builds.
    @inlinable @inline(__always)
    func checkInvariantsAfterMutation() {
        #if FETCHSIM_STORAGE_CHECKS
        state.pointee.mutationsSinceCheck += 1
        guard count <= Self.checkedOnEveryMutation || state.pointee.mutationsSinceCheck >= count else { return }
        state.pointee.mutationsSinceCheck = 0
        checkInvariants()
        #endif
    }

    /// Stops the program with the first violated invariant (`invariantViolation()`), if any: a
    /// corrupted tree would go on answering with wrong ranks.
    ///
    /// ```swift
    /// tree.checkInvariants()
    /// ```
    public func checkInvariants() {
        if let violation = invariantViolation() { preconditionFailure("OrderStatisticTree: \(violation)") }
    }

    /// Verifies order, counts, sums and separators; returns a description of the first violation.
    public func invariantViolation() -> String? {
        var previous: Element?
        var failure: String?
        func check(_ node: Node, lower: Element?, upper: Element?) -> (count: Int, sum: Int)? {
            if node.isLeaf {
                guard node.weights.count == (unitWeights ? 0 : node.elements.count) else {
                    failure = "leaf weights misaligned"
                    return nil
                }
                for e in node.elements {
                    if let p = previous, !less(p, e) {
                        failure = "elements out of order"
                        return nil
                    }
                    if let l = lower, less(e, l) {
                        failure = "element below its separator"
                        return nil
                    }
                    if let u = upper, !less(e, u) {
                        failure = "element not below the next separator"
                        return nil
                    }
                    previous = e
                }
                return (node.elements.count, unitWeights ? node.elements.count : node.weights.reduce(0, +))
            }
            guard node.separators.count == node.children.count - 1,
                node.counts.count == node.children.count, node.sums.count == (unitWeights ? 0 : node.children.count)
            else {
                failure = "inner node arrays misaligned"
                return nil
            }
            var total = (0, 0)
            for (i, child) in node.children.enumerated() {
                guard node.childRawPointer[i] == child.raw else {
                    failure = "stale child storage pointer"
                    return nil
                }
                let lo = i == 0 ? lower : node.separators[i - 1]
                let hi = i == node.separators.count ? upper : node.separators[i]
                guard let (c, s) = check(child, lower: lo, upper: hi) else { return nil }
                guard c == node.counts[i], s == (unitWeights ? c : node.sums[i]) else {
                    failure = "stale count or sum"
                    return nil
                }
                guard c > 0 || node.children.count == 1 else {
                    failure = "empty child kept"
                    return nil
                }
                if let lo, i > 0, less(lo, Self.firstElement(of: child)) {
                    failure = "separator not its subtree's first element"
                    return nil
                }
                total.0 += c
                total.1 += s
            }
            return total
        }
        guard let (c, s) = check(root, lower: nil, upper: nil) else { return failure }
        guard c == count, s == totalWeight, !unitWeights || totalWeight == count else {
            return "tree totals \(count)/\(totalWeight) but nodes hold \(c)/\(s)"
        }
        return nil
    }
}
