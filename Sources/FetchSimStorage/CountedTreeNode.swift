/// A node of a counted B+ tree: an inner node knows how many elements lie under each child, so
/// the element at a position is found by subtracting counts on the way down, in O(height).
///
/// The controller's `OrderStatisticTree` (elements in sort order) and the table's `RowList` (rows
/// in display order) are both such trees; these are the walks they share.
package protocol CountedTreeNode: AnyObject {
    var isLeaf: Bool { get }
    /// An inner node's children (empty in a leaf).
    var children: [Self] { get }
    /// The number of elements under each child (empty in a leaf).
    var counts: [Int] { get }
}

extension CountedTreeNode {
    /// In an inner node: the child holding the element at `offset` (counted from this node's
    /// first element, which must be in range) and the element's offset within that child.
    @inlinable
    package func child(holding offset: Int) -> (index: Int, offset: Int) {
        var child = 0
        var offset = offset
        while offset >= counts[child] {
            offset -= counts[child]
            child += 1
        }
        return (child, offset)
    }

    /// Calls `body` with each leaf in order, starting with the one that holds `position`, and the
    /// index to start from in it (`position`'s index in the first leaf, 0 in the others), until
    /// `body` returns false. Returns false if `body` stopped the walk.
    @inlinable
    @discardableResult
    package func forEachLeaf(from position: Int, _ body: (Self, Int) -> Bool) -> Bool {
        if isLeaf { return body(self, position) }
        var skip = position
        for (i, child) in children.enumerated() {
            if skip >= counts[i] {
                skip -= counts[i]
                continue
            }
            guard child.forEachLeaf(from: skip, body) else { return false }
            skip = 0
        }
        return true
    }
}
