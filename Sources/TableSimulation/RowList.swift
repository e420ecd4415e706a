import FetchSimCore
import FetchSimStorage

/// The rows of one section in a counted B+ tree: reading, replacing, inserting and removing the
/// row at an index all take O(log n), so no row operation shifts a whole section.
///
/// Leaves hold up to `leafCapacity` rows; inner nodes up to `fanout` children with the number of
/// rows under each. A node that falls below a quarter full is merged into a neighbour when the two
/// fit in one, so the tree stays shallow and its memory proportional to its rows.
/// - Complexity: O(log n) per operation (height 4 for a million rows); O(n) to build from an array.
final class RowList {
    static var leafCapacity: Int { 128 }
    static var fanout: Int { 64 }

    final class Node: CountedTreeNode {
        /// Leaf storage.
        var rows: [TableRow] = []
        /// Inner-node storage: the children and the number of rows under each.
        var children: [Node] = []
        var counts: [Int] = []
        let isLeaf: Bool

        init(isLeaf: Bool) { self.isLeaf = isLeaf }

        var count: Int { isLeaf ? rows.count : counts.reduce(0, +) }
        var width: Int { isLeaf ? rows.count : children.count }
    }

    private(set) var root: Node
    private(set) var count: Int

    /// A list holding `rows`, with leaves three quarters full.
    init(_ rows: [TableRow] = []) {
        count = rows.count
        let fill = Self.leafCapacity * 3 / 4
        var level: [Node] = stride(from: 0, to: rows.count, by: fill).map { start in
            let leaf = Node(isLeaf: true)
            leaf.rows = Array(rows[start..<min(start + fill, rows.count)])
            return leaf
        }
        let innerFill = Self.fanout * 3 / 4
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: innerFill).map { start in
                let parent = Node(isLeaf: false)
                parent.children = Array(level[start..<min(start + innerFill, level.count)])
                parent.counts = parent.children.map(\.count)
                return parent
            }
        }
        root = level.first ?? Node(isLeaf: true)
    }

    /// The row at `index`, which must be in range.
    subscript(index: Int) -> TableRow {
        get {
            let (leaf, offset) = locate(index)
            return leaf._withUnsafeGuaranteedRef { $0.rows[offset] }
        }
        set {
            let (leaf, offset) = locate(index)
            leaf._withUnsafeGuaranteedRef { $0.rows[offset] = newValue }
        }
    }

    /// The leaf holding `index` and the index within it, lent unretained (the list holds it, and
    /// the descent holds the nodes it passes `unowned(unsafe)`): returning the leaf as a reference
    /// would retain and release it per row read.
    @inline(__always)
    private func locate(_ index: Int) -> (Unmanaged<Node>, Int) {
        precondition(index >= 0 && index < count, "row \(index) out of 0..<\(count)")
        unowned(unsafe) var node = root
        var offset = index
        while !node.isLeaf {
            let step = node.child(holding: offset)
            offset = step.offset
            node = node.children[step.index]
        }
        return (Unmanaged.passUnretained(node), offset)
    }

    /// Inserts `row` so that it ends up at `index` (0…count).
    func insert(_ row: TableRow, at index: Int) {
        precondition(index >= 0 && index <= count, "insertion point \(index) out of 0...\(count)")
        if let right = insert(row, at: index, into: root) {
            let newRoot = Node(isLeaf: false)
            newRoot.children = [root, right]
            newRoot.counts = [root.count, right.count]
            root = newRoot
        }
        count += 1
    }

    /// Inserts into the subtree of `node`; returns the new right sibling if `node` split.
    private func insert(_ row: TableRow, at index: Int, into node: Node) -> Node? {
        if node.isLeaf {
            node.rows.insert(row, at: index)
            guard node.rows.count > Self.leafCapacity else { return nil }
            let right = Node(isLeaf: true)
            right.rows = Array(node.rows[(node.rows.count / 2)...])
            node.rows.removeSubrange((node.rows.count / 2)...)
            return right
        }
        var i = index
        var child = 0
        while child < node.children.count - 1, i > node.counts[child] {
            i -= node.counts[child]
            child += 1
        }
        node.counts[child] += 1
        if let right = insert(row, at: i, into: node.children[child]) {
            node.counts[child] = node.children[child].count
            node.children.insert(right, at: child + 1)
            node.counts.insert(right.count, at: child + 1)
        }
        guard node.children.count > Self.fanout else { return nil }
        let mid = node.children.count / 2
        let right = Node(isLeaf: false)
        right.children = Array(node.children[mid...])
        right.counts = Array(node.counts[mid...])
        node.children.removeSubrange(mid...)
        node.counts.removeSubrange(mid...)
        return right
    }

    /// Removes the row at `index` and returns it.
    @discardableResult
    func remove(at index: Int) -> TableRow {
        precondition(index >= 0 && index < count, "row \(index) out of 0..<\(count)")
        let row = remove(at: index, from: root)
        count -= 1
        while !root.isLeaf, root.children.count == 1 { root = root.children[0] }
        return row
    }

    private func remove(at index: Int, from node: Node) -> TableRow {
        if node.isLeaf { return node.rows.remove(at: index) }
        let (child, i) = node.child(holding: index)
        let row = remove(at: i, from: node.children[child])
        node.counts[child] -= 1
        rebalance(node, at: child)
        return row
    }

    /// Drops an emptied child, or merges a child under a quarter full into a neighbour that has room.
    private func rebalance(_ node: Node, at child: Int) {
        let capacity = node.children[child].isLeaf ? Self.leafCapacity : Self.fanout
        let small = node.children[child]
        guard small.width < capacity / 4, node.children.count > 1 else { return }
        if small.width == 0 {
            node.children.remove(at: child)
            node.counts.remove(at: child)
            return
        }
        let left = child > 0 ? child - 1 : child
        let right = left + 1
        let (a, b) = (node.children[left], node.children[right])
        guard a.width + b.width <= capacity * 3 / 4 else { return }
        if a.isLeaf {
            a.rows += b.rows
        } else {
            a.children += b.children
            a.counts += b.counts
        }
        node.counts[left] += node.counts[right]
        node.children.remove(at: right)
        node.counts.remove(at: right)
    }

    /// Calls `body` with each row in order from `index` until it returns false.
    func forEach(from index: Int = 0, _ body: (TableRow) -> Bool) {
        guard index < count else { return }
        root.forEachLeaf(from: max(index, 0)) { leaf, start in
            // Read once: every `leaf.rows[i]` would be a run-time-checked access to the property.
            let rows = leaf.rows
            for i in start..<rows.count where !body(rows[i]) { return false }
            return true
        }
    }

    /// Calls `body` with the rows of each leaf in order, from `index` on (the first leaf's from
    /// `index`'s), until it returns false: the caller's loop over a leaf's rows runs without a
    /// call per row (the viewport refresh and the consistency check walk every visible row after
    /// every batch; docs/performance.md, "The table: RowList, batch plan, cells").
    func forEachRun(from index: Int = 0, _ body: (UnsafeBufferPointer<TableRow>) -> Bool) {
        guard index < count else { return }
        root.forEachLeaf(from: max(index, 0)) { leaf, start in
            leaf.rows.withUnsafeBufferPointer { rows in body(UnsafeBufferPointer(rebasing: rows[start...])) }
        }
    }

    /// Every row in order.
    /// - Complexity: O(n).
    var rows: [TableRow] {
        var out: [TableRow] = []
        out.reserveCapacity(count)
        forEach { row in
            out.append(row)
            return true
        }
        return out
    }

    /// Checks the counts and node sizes; returns a description of the first violation.
    func invariantViolation() -> String? {
        func check(_ node: Node, isRoot: Bool) -> (count: Int, problem: String?) {
            if node.isLeaf {
                if node.rows.count > Self.leafCapacity { return (0, "leaf over capacity") }
                return (node.rows.count, nil)
            }
            guard node.counts.count == node.children.count else { return (0, "inner node arrays misaligned") }
            guard node.children.count <= Self.fanout else { return (0, "inner node over capacity") }
            guard isRoot ? node.children.count > 1 : !node.children.isEmpty else { return (0, "inner node too narrow") }
            var total = 0
            for (i, child) in node.children.enumerated() {
                let (c, problem) = check(child, isRoot: false)
                if let problem { return (0, problem) }
                guard c == node.counts[i] else { return (0, "stale count") }
                guard c > 0 else { return (0, "empty child kept") }
                total += c
            }
            return (total, nil)
        }
        let (total, problem) = check(root, isRoot: true)
        if let problem { return problem }
        return total == count ? nil : "list counts \(count) but nodes hold \(total)"
    }
}
