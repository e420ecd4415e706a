/// Reading an element's weight without the element (FetchedResultsController+Access.swift).
extension OrderStatisticTree {
    /// The total weight of the elements before `rank` (0-based) and the weight at `rank`: what
    /// `element(at:)` gives besides the element, without copying the element (for the section
    /// tree, a section's value and state: a retain and a release, and the value's destruction).
    /// - Complexity: O(log n).
    @inlinable public func weights(at rank: Int) -> (weightBefore: Int, weight: Int) {
        if unitWeights {
            precondition(rank >= 0 && rank < count, "rank \(rank) out of 0..<\(count)")
            return (rank, 1)
        }
        let (leaf, index, before) = place(ofRank: rank)
        return (before, leaf._withUnsafeGuaranteedRef { $0.weightPointer[index] })
    }
}
