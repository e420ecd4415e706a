/// A list in a counted B+ tree: reading, replacing, inserting and removing the element at an
/// index all take O(log n), so no operation shifts the whole list. The table keeps the rows of
/// each section in one.
///
/// Leaves hold up to `leafCapacity` elements; inner nodes up to `fanout` children with the number
/// of elements under each. A node that falls below a quarter full is merged into a neighbour when
/// the two fit in one, so the tree stays shallow and its memory proportional to its elements.
///
/// ```swift
/// let list = RowList([10, 20, 30])
/// list.insert(15, at: 1)
/// list.remove(at: 0)     // 10
/// list[0] = 16
/// list.forEachRun { run in print(run.count); return true }  // 3: one leaf
/// ```
/// - Complexity: O(log n) per operation (height 4 for a million elements); O(n) to build from an array.
public final class RowList<Row> {
    @inlinable public static var leafCapacity: Int { 128 }
    @inlinable public static var fanout: Int { 64 }

    /// A node. Its walks are written here, in the inlinable type, rather than shared with the
    /// controller's tree through a protocol: a `package` body is not inlined into another module,
    /// and the table's reads of its rows must be.
    @usableFromInline
    final class Node {
        /// Leaf storage.
        @usableFromInline var rows: [Row] = []
        /// Inner-node storage: the children and the number of elements under each.
        @usableFromInline var children: [Node] = []
        @usableFromInline var counts: [Int] = []
        @usableFromInline let isLeaf: Bool

        @inlinable init(isLeaf: Bool) { self.isLeaf = isLeaf }

        @inlinable var count: Int { isLeaf ? rows.count : counts.reduce(0, +) }
        @inlinable var width: Int { isLeaf ? rows.count : children.count }

        /// In an inner node: the child holding the element at `offset` (counted from this
        /// node's first element, which must be in range) and the element's offset within it.
        @inlinable
        func child(holding offset: Int) -> (index: Int, offset: Int) {
            var child = 0
            var offset = offset
            while offset >= counts[child] {
                offset -= counts[child]
                child += 1
            }
            return (child, offset)
        }

        /// Calls `body` with each leaf in order, starting with the one that holds `position`,
        /// and the index to start from in it (`position`'s in the first leaf, 0 in the others),
        /// until `body` returns false. Returns false if `body` stopped the walk.
        @inlinable
        @discardableResult
        func forEachLeaf(from position: Int, _ body: (Node, Int) -> Bool) -> Bool {
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

    @usableFromInline var root: Node
    /// The number of elements.
    @inlinable public var count: Int { storedCount }
    @usableFromInline var storedCount: Int

    /// A list holding `rows`, with nodes three quarters full.
    @inlinable
    public init(_ rows: [Row] = []) {
        storedCount = rows.count
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
        checkInvariantsIfEnabled()
    }

    /// The element at `index`, which must be in range.
    @inlinable
    public subscript(index: Int) -> Row {
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
    /// would retain and release it per element read. The lent leaf is used at once, before the
    /// list changes, and never leaves this type.
    @inlinable @inline(__always)
    func locate(_ index: Int) -> (Unmanaged<Node>, Int) {
        precondition(index >= 0 && index < storedCount, "row \(index) out of 0..<\(storedCount)")
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
    @inlinable
    public func insert(_ row: Row, at index: Int) {
        precondition(index >= 0 && index <= storedCount, "insertion point \(index) out of 0...\(storedCount)")
        if let right = insert(row, at: index, into: root) {
            let newRoot = Node(isLeaf: false)
            newRoot.children = [root, right]
            newRoot.counts = [root.count, right.count]
            root = newRoot
        }
        storedCount += 1
        checkInvariantsIfEnabled()
    }

    /// Inserts into the subtree of `node`; returns the new right sibling if `node` split.
    @inlinable
    func insert(_ row: Row, at index: Int, into node: Node) -> Node? {
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

    /// Removes the element at `index` and returns it.
    @inlinable
    @discardableResult
    public func remove(at index: Int) -> Row {
        precondition(index >= 0 && index < storedCount, "row \(index) out of 0..<\(storedCount)")
        let row = remove(at: index, from: root)
        storedCount -= 1
        while !root.isLeaf, root.children.count == 1 { root = root.children[0] }
        checkInvariantsIfEnabled()
        return row
    }

    @inlinable
    func remove(at index: Int, from node: Node) -> Row {
        if node.isLeaf { return node.rows.remove(at: index) }
        let (child, i) = node.child(holding: index)
        let row = remove(at: i, from: node.children[child])
        node.counts[child] -= 1
        rebalance(node, at: child)
        return row
    }

    /// Drops an emptied child, or merges a child under a quarter full into a neighbour that has room.
    @inlinable
    func rebalance(_ node: Node, at child: Int) {
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

    /// Calls `body` with each element in order from `index` until it returns false.
    @inlinable
    public func forEach(from index: Int = 0, _ body: (Row) -> Bool) {
        guard index < storedCount else { return }
        root.forEachLeaf(from: max(index, 0)) { leaf, start in
            // Read once: every `leaf.rows[i]` would be a run-time-checked access to the property.
            let rows = leaf.rows
            for i in start..<rows.count where !body(rows[i]) { return false }
            return true
        }
    }

    /// Calls `body` with the elements of each leaf in order, from `index` on (the first leaf's
    /// from `index`'s), until it returns false: the caller's loop over a leaf's elements runs
    /// without a call per element (the viewport refresh walks every visible row after every batch).
    @inlinable
    public func forEachRun(from index: Int = 0, _ body: (Span<Row>) -> Bool) {
        guard index < storedCount else { return }
        root.forEachLeaf(from: max(index, 0)) { leaf, start in
            // A local copy: a span of the leaf's property would depend on an access to it.
            let rows = leaf.rows
            return body(rows.span.extracting(start...))
        }
    }

    /// Every element in order.
    /// - Complexity: O(n).
    @inlinable
    public var rows: [Row] {
        var out: [Row] = []
        out.reserveCapacity(storedCount)
        forEach { row in
            out.append(row)
            return true
        }
        return out
    }
}

extension RowList {
    /// Traps with a description of the first broken invariant: a node over capacity, an inner
    /// node whose arrays disagree, a kept empty child, an inner node narrower than two children
    /// at the root or one below it, a count that is not the number of elements under its child,
    /// or a list count that is not the number of elements in the leaves.
    /// - Complexity: O(n / leafCapacity): it visits every node, not every element.
    /// `checkInvariants()` when `StorageChecks.isEnabled`: what each mutation ends with. Out of
    /// line, so that the inlined mutations read the build's flag where it is defined.
    @usableFromInline
    func checkInvariantsIfEnabled() {
        if StorageChecks.isEnabled { checkInvariants() }
    }

    package func checkInvariants() {
        if let problem = invariantViolation() { preconditionFailure("RowList: \(problem)") }
    }

    /// The first broken invariant, described; nil when there is none.
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
        return total == storedCount ? nil : "list counts \(storedCount) but nodes hold \(total)"
    }
}
