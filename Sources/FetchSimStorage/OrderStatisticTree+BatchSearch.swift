public import CPrefetch

extension OrderStatisticTree {
    /// Where `batchSearch(_:)` found one key: the number of elements ordered before it (its rank
    /// when the tree holds it), and whether the tree holds it.
    public struct BatchHit: Equatable {
        public var rank: Int
        public var isPresent: Bool

        @inlinable public init(rank: Int, isPresent: Bool) {
            self.rank = rank
            self.isPresent = isPresent
        }
    }

    /// Searches for all `keys` at once: per key, its rank and whether the tree holds it — what
    /// `find(_:)` reports one key at a time — leaving in the caches the nodes each search read,
    /// for the operations on the same keys that follow. Only the first `ranked` keys' hits are
    /// reported (all by default); the others are searched for the caches' sake alone.
    ///
    /// ```swift
    /// let hits = tree.batchSearch(keys, ranked: owners.count)
    /// ```
    /// - Parameters:
    ///   - keys: The elements to search for.
    ///   - ranked: How many of the keys, from the first, to report.
    /// - Returns: One hit per reported key, in the keys' order.
    /// - Complexity: O(m log n) for m keys.
    @inlinable public func batchSearch(_ keys: [Element], ranked: Int? = nil) -> [BatchHit] {
        keys.withUnsafeBufferPointer { batchSearch($0, ranked: ranked ?? $0.count) }
    }

    /// Searches for all `keys` at once and reports, per key, its rank and whether the tree holds
    /// it — the ranks `find(_:)` would report one at a time — leaving in the caches the nodes
    /// each search read, for the operations on the same keys that follow.
    ///
    /// The searches advance together, one step of every search per pass: at each of the two
    /// lowest levels of the tree (a leaf and the inner node above it, rarely cached at a million
    /// elements), one halving step of each key's search (`interleavedSearch`), then the next;
    /// then each key's child, read from the parent's copy of the child's storage pointer
    /// (`Node.childRawPointer`, so no child object is read on the way). After every step the
    /// address the key's next step will read is prefetched, so a pass over the keys keeps many
    /// cache misses in flight instead of waiting for one after another. The levels above (a root
    /// and a handful of nodes every search reads, so cached) are descended key by key, all but
    /// their last step down, which is a pass of its own for the same reason. What only the
    /// removals and insertions that follow read is prefetched last, out of the searches' way.
    /// Reads only.
    /// - Complexity: O(m log n) for m keys.
    @inlinable func batchSearch(_ keys: UnsafeBufferPointer<Element>) -> [BatchHit] {
        batchSearch(keys, ranked: keys.count)
    }

    /// `batchSearch(_:)` that reports only the first `ranked` keys' hits: the others are
    /// searched for the caches' sake alone (their ranks are not summed).
    @inlinable func batchSearch(_ keys: UnsafeBufferPointer<Element>, ranked: Int) -> [BatchHit] {
        let n = keys.count
        let ranked = min(max(ranked, 0), n)
        var hits = [BatchHit](repeating: BatchHit(rank: 0, isPresent: false), count: ranked)
        guard n > 0, count > 0 else { return hits }
        var depth = 0
        var walk = root
        while !walk.isLeaf {
            depth += 1
            walk = walk.child(0)
        }
        // Per key, in separate arrays (a pass reads and writes a word or two of each): the node's
        // storage, the search's window there (`base`, `span`), the elements before the node, and
        // the two lowest inner nodes it went through with the child index taken in each (for
        // the work left to the end: the counts summed for the rank, the node objects prefetched).
        withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer.self, capacity: 3 * n) { pointers in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * n) { words in
                let raws = pointers.baseAddress.unsafelyUnwrapped
                let upperRaws = raws + n
                let lowerRaws = raws + 2 * n
                let bases = words.baseAddress.unsafelyUnwrapped
                let spans = bases + n
                let ranks = bases + 2 * n
                let upperIndexes = bases + 3 * n
                let lowerIndexes = bases + 4 * n
                ranks.initialize(repeating: 0, count: n)
                let rootRaw = root.raw
                let key = { (j: Int) in keys.baseAddress.unsafelyUnwrapped + j }
                // The levels above the leaves' parents, key by key, all but the last step down:
                // its child storage pointer is prefetched, and read by the next pass.
                let upper = max(depth - 1, 0)
                if upper > 0 {
                    for j in 0..<n {
                        var raw = rootRaw
                        var rank = 0
                        var index = Self.childIndex(raw, key(j), ordering)
                        for _ in 1..<upper {
                            if j < ranked {
                                rank &+= Self.prefixSum(
                                    (raw + Node.countOffset).assumingMemoryBound(to: Int.self), upTo: index)
                            }
                            raw = Self.childRaw(raw, index)
                            index = Self.childIndex(raw, key(j), ordering)
                        }
                        upperRaws[j] = raw
                        upperIndexes[j] = index
                        ranks[j] = rank
                        fetchsim_prefetch(
                            raw + Node.childRawOffset + index * MemoryLayout<UnsafeMutableRawPointer>.stride)
                    }
                    for j in 0..<n {
                        raws[j] = Self.childRaw(upperRaws[j], upperIndexes[j])
                        fetchsim_prefetch(raws[j])
                    }
                } else {
                    raws.initialize(repeating: rootRaw, count: n)
                }
                if depth > 0 {
                    interleavedSearch(keys, raws: raws, bases: bases, spans: spans, isLeaf: false)
                    // The search's last step prefetched the child storage pointers; the leaf's
                    // first line next, and for later the counts before the child and the slot
                    // of its object.
                    for j in 0..<n {
                        let raw = raws[j]
                        let index = bases[j]
                        lowerRaws[j] = raw
                        lowerIndexes[j] = index
                        raws[j] = Self.childRaw(raw, index)
                        fetchsim_prefetch(raws[j])
                        Self.prefetchCounts(raw, upTo: index)
                        if j >= ranked { fetchsim_prefetch(raw + Node.childOffset + index * MemoryLayout<Node>.stride) }
                    }
                }
                interleavedSearch(keys, raws: raws, bases: bases, spans: spans, isLeaf: true)
                for j in 0..<ranked {
                    let raw = raws[j]
                    let index = bases[j]
                    var rank = ranks[j] &+ index
                    if upper > 0 {
                        rank &+= Self.prefixSum(
                            (upperRaws[j] + Node.countOffset).assumingMemoryBound(to: Int.self), upTo: upperIndexes[j])
                    }
                    if depth > 0 {
                        rank &+= Self.prefixSum(
                            (lowerRaws[j] + Node.countOffset).assumingMemoryBound(to: Int.self), upTo: lowerIndexes[j])
                    }
                    let element = UnsafePointer(
                        (raw + Node.elementOffset).assumingMemoryBound(to: Element.self) + index)
                    let present =
                        index < raw.load(as: Int.self) && !ordering.isOrdered(key(j).pointee, before: element.pointee)
                    hits[j] = BatchHit(rank: rank, isPresent: present)
                }
                // The other keys are removed or inserted next, which descends through the node
                // objects (the search went through `childRawPointer` instead): the two lowest
                // inner nodes' objects, whose slots were prefetched long before, and the upper
                // one's counts; and which moves the leaf's elements from the key's place to its
                // end: the first and last of those lines, where a removal's move (forwards) and
                // an insertion's (backwards) start — the hardware streams the rest. Prefetching
                // every line of the move instead cost more in this search than it saved there.
                let stride = MemoryLayout<Element>.stride
                for j in ranked..<n {
                    if upper > 0 {
                        Self.prefetchObject(upperRaws[j], upperIndexes[j])
                        Self.prefetchCounts(upperRaws[j], upTo: upperIndexes[j])
                    }
                    if depth > 0 { Self.prefetchObject(lowerRaws[j], lowerIndexes[j]) }
                    let raw = raws[j]
                    let start = raw + Node.elementOffset
                    let end = start + raw.load(as: Int.self) &* stride
                    let line = start + bases[j] &* stride
                    if line < end { fetchsim_prefetch_for_writing(line) }
                    if end > start { fetchsim_prefetch_for_writing(end - 1) }
                }
            }
        }
        return hits
    }

    /// One level of `batchSearch`: for each key `j`, in the node whose storage is `raws[j]`, the
    /// index of the first element not below the key (a leaf: `lowerBound`) or of the child whose
    /// range holds it (an inner node: `childIndex`), left in `bases[j]`.
    ///
    /// Each key's search is the branch-free halving one: the answer lies in `base…base + span`,
    /// and a step compares the element at `base + span / 2` and keeps one half, so every step
    /// of every key is the same few instructions, whatever the node's length; after each step
    /// the element the key's next step compares is prefetched. The search ends at `span` 1 with
    /// one compare of `base` (prefetched with its neighbour, which a leaf's presence test reads).
    @inline(__always)
    @inlinable func interleavedSearch(
        _ keys: UnsafeBufferPointer<Element>, raws: UnsafeMutablePointer<UnsafeMutableRawPointer>,
        bases: UnsafeMutablePointer<Int>, spans: UnsafeMutablePointer<Int>, isLeaf: Bool
    ) {
        let n = keys.count
        let stride = MemoryLayout<Element>.stride
        let offset = isLeaf ? Node.elementOffset : Node.separatorOffset
        var widest = 0
        for j in 0..<n {
            let raw = raws[j]
            let span = raw.load(as: Int.self) - (isLeaf ? 0 : 1)
            bases[j] = 0
            spans[j] = span
            widest = max(widest, span)
            Self.prefetchNext(raw, offset: offset, base: 0, span: span, isLeaf: isLeaf)
        }
        var steps = 0
        var span = widest
        while span > 1 {
            span -= span >> 1
            steps += 1
        }
        for _ in 0..<steps {
            for j in 0..<n {
                let span = spans[j]
                let half = span >> 1
                guard half > 0 else { continue }
                let raw = raws[j]
                let base = bases[j]
                let probe = UnsafePointer(
                    (raw + offset + (base &+ half) &* stride).assumingMemoryBound(to: Element.self))
                let key = keys.baseAddress.unsafelyUnwrapped + j
                let goesRight =
                    isLeaf
                    ? ordering.isOrdered(probe.pointee, before: key.pointee)
                    : !ordering.isOrdered(key.pointee, before: probe.pointee)
                let newBase = goesRight ? base &+ half : base
                let newSpan = span &- half
                bases[j] = newBase
                spans[j] = newSpan
                Self.prefetchNext(raw, offset: offset, base: newBase, span: newSpan, isLeaf: isLeaf)
            }
        }
        for j in 0..<n {
            let raw = raws[j]
            let base = bases[j]
            guard spans[j] > 0 else { continue }
            let last = UnsafePointer((raw + offset + base &* stride).assumingMemoryBound(to: Element.self))
            let key = keys.baseAddress.unsafelyUnwrapped + j
            let goesRight =
                isLeaf
                ? ordering.isOrdered(last.pointee, before: key.pointee)
                : !ordering.isOrdered(key.pointee, before: last.pointee)
            if goesRight { bases[j] = base &+ 1 }
        }
    }

    /// Prefetches what a key's search reads next, its window in the node at `raw` being
    /// `base…base + span`: the words of the element its next step compares (`prefetchCompared`);
    /// once one compare is left, in a leaf also the element after it (the presence test may read
    /// it), in an inner node the two child storage pointers the answer picks between.
    @inline(__always)
    @inlinable static func prefetchNext(_ raw: UnsafeMutableRawPointer, offset: Int, base: Int, span: Int, isLeaf: Bool)
    {
        let stride = MemoryLayout<Element>.stride
        let element = raw + offset + (base &+ (span >> 1)) &* stride
        if span > 0 { prefetchCompared(element) }
        guard span <= 1 else { return }
        if isLeaf {
            if span == 1 { prefetchCompared(element + stride) }
            return
        }
        let children = raw + Node.childRawOffset + base &* MemoryLayout<UnsafeMutableRawPointer>.stride
        fetchsim_prefetch(children)
        fetchsim_prefetch(children + MemoryLayout<UnsafeMutableRawPointer>.stride)
    }

    /// Prefetches the words of the element at `element` that a comparison reads first: an
    /// ordering's own hint (`TreeOrdering.comparedBytes`, the whole element by default).
    @inline(__always)
    @inlinable static func prefetchCompared(_ element: UnsafeMutableRawPointer) {
        let bytes = Ordering.comparedBytes
        fetchsim_prefetch(element + bytes.lowerBound)
        fetchsim_prefetch(element + bytes.upperBound - 1)
    }

    /// Prefetches, in the inner node whose storage is `raw`, the counts before child `index`
    /// (what a rank sums; a removal or insertion through that child sums them too).
    @inline(__always)
    @inlinable static func prefetchCounts(_ raw: UnsafeMutableRawPointer, upTo index: Int) {
        let counts = raw + Node.countOffset
        let end = index &* MemoryLayout<Int>.stride
        var line = 0
        while line < end {
            fetchsim_prefetch(counts + line)
            line += 64
        }
    }

    /// Prefetches the object of child `index` of the inner node whose storage is `raw`: the
    /// line holding its flags and `raw`, after the object's 16-byte header (a hint: a wrong
    /// guess would only cost a useless prefetch).
    @inline(__always)
    @inlinable static func prefetchObject(_ raw: UnsafeMutableRawPointer, _ index: Int) {
        let object = raw.load(
            fromByteOffset: Node.childOffset + index &* MemoryLayout<Node>.stride, as: Unmanaged<Node>.self)
        fetchsim_prefetch(object.toOpaque() + 16)
    }

    /// In the inner node whose storage is `raw`: the index of the child whose range holds `key`.
    @inline(__always)
    @inlinable static func childIndex(
        _ raw: UnsafeMutableRawPointer, _ key: UnsafePointer<Element>, _ ordering: Ordering
    )
        -> Int
    {
        let separators = UnsafePointer((raw + Node.separatorOffset).assumingMemoryBound(to: Element.self))
        var lo = 0
        var hi = raw.load(as: Int.self) - 1
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            if ordering.isOrdered(key.pointee, before: separators[mid]) { hi = mid } else { lo = mid &+ 1 }
        }
        return lo
    }

    /// The storage of child `index` of the inner node whose storage is `raw` (`Node.childRawPointer`).
    @inline(__always)
    @inlinable static func childRaw(_ raw: UnsafeMutableRawPointer, _ index: Int) -> UnsafeMutableRawPointer {
        (raw + Node.childRawOffset).assumingMemoryBound(to: UnsafeMutableRawPointer.self)[index]
    }
}
