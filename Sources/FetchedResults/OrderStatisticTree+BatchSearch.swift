internal import CPrefetch

extension OrderStatisticTree {
    /// Where `batchSearch(_:)` found one key: the number of elements ordered before it (its rank
    /// when the tree holds it), and whether the tree holds it.
    struct BatchHit: Equatable {
        var rank: Int
        var isPresent: Bool
    }

    /// Searches for all `keys` at once and reports, per key, its rank and whether the tree holds
    /// it — the ranks `find(_:)` would report one at a time — leaving in the caches the nodes
    /// each search read, for the operations on the same keys that follow.
    ///
    /// The searches advance together, one step of every search per pass: at each level of the
    /// tree, one probe of each key's binary search, then the next probe; then each key's child.
    /// After every step the address the key's next step will read is prefetched, so a pass over
    /// the keys keeps many cache misses in flight instead of waiting for one after another (a
    /// search one key at a time waits for each of its misses in turn: at a million elements,
    /// a leaf and the inner node above it are rarely cached). Reads only.
    /// - Complexity: O(m log n) for m keys, the same comparisons as m searches.
    func batchSearch(_ keys: UnsafeBufferPointer<Element>) -> [BatchHit] {
        batchSearch(keys, ranked: keys.count)
    }

    /// `batchSearch(_:)` that reports only the first `ranked` keys' hits: the others are
    /// searched for the caches' sake alone (their ranks are not summed).
    func batchSearch(_ keys: UnsafeBufferPointer<Element>, ranked: Int) -> [BatchHit] {
        let n = keys.count, ranked = min(max(ranked, 0), n)
        var hits = [BatchHit](repeating: BatchHit(rank: 0, isPresent: false), count: ranked)
        guard n > 0, count > 0 else { return hits }
        var depth = 0
        var walk = root
        while !walk.isLeaf {
            depth += 1
            walk = walk.child(0)
        }
        let stride = MemoryLayout<Element>.stride, lineBytes = 64
        // Per key: the node it is in (its storage), the bounds of its binary search there, and
        // the elements before that node. One allocation for all of it.
        var states = [SearchState](repeating: SearchState(raw: root.raw), count: n)
        states.withUnsafeMutableBufferPointer { states in
            for level in 0...depth {
                let isLeaf = level == depth
                let offset = isLeaf ? Node.elementOffset : Node.separatorOffset
                if level + 1 < depth {
                    // Above the leaves' parents: a few nodes every search reads, so cached;
                    // searched key by key (interleaving them would only add instructions).
                    for j in 0..<n {
                        let raw = states[j].raw
                        let separators = (raw + offset).assumingMemoryBound(to: Element.self)
                        var lo = 0, hi = raw.load(as: Int.self) - 1
                        while lo < hi {
                            let mid = (lo &+ hi) >> 1
                            if ordering.areInIncreasingOrder(keys[j], separators[mid]) { hi = mid } else { lo = mid &+ 1 }
                        }
                        states[j].lo = lo
                    }
                } else {
                    // A leaf is searched for the first element not below the key (`lowerBound`), an
                    // inner node for the child whose range holds it (`childIndex`).
                    for j in 0..<n {
                        let length = states[j].raw.load(as: Int.self)
                        states[j].lo = 0
                        states[j].hi = isLeaf ? length : length - 1
                        if states[j].hi > 0 { fetchsim_prefetch(states[j].raw + offset + (states[j].hi >> 1) * stride) }
                    }
                    var searching = true
                    while searching {
                        searching = false
                        for j in 0..<n where states[j].lo < states[j].hi {
                            let (lo, hi, raw) = (states[j].lo, states[j].hi, states[j].raw)
                            let mid = (lo &+ hi) >> 1
                            let probe = (raw + offset + mid * stride).assumingMemoryBound(to: Element.self)
                            let goesRight = isLeaf ? ordering.areInIncreasingOrder(probe.pointee, keys[j])
                                                   : !ordering.areInIncreasingOrder(keys[j], probe.pointee)
                            let (newLo, newHi) = goesRight ? (mid &+ 1, hi) : (lo, mid)
                            states[j].lo = newLo
                            states[j].hi = newHi
                            if newLo < newHi {
                                fetchsim_prefetch(raw + offset + ((newLo &+ newHi) >> 1) * stride)
                                searching = true
                            }
                        }
                    }
                }
                if isLeaf {
                    for j in 0..<ranked {
                        let (lo, raw) = (states[j].lo, states[j].raw)
                        let elements = (raw + offset).assumingMemoryBound(to: Element.self)
                        let present = lo < raw.load(as: Int.self) && !ordering.areInIncreasingOrder(keys[j], elements[lo])
                        hits[j] = BatchHit(rank: states[j].rank + lo, isPresent: present)
                    }
                    // The other keys are removed or inserted next, which moves the leaf's
                    // elements from the key's place to its end: lines the search did not read.
                    for j in ranked..<n {
                        let raw = states[j].raw
                        let end = raw + offset + raw.load(as: Int.self) * stride
                        var line = raw + offset + states[j].lo * stride
                        while line < end {
                            fetchsim_prefetch_for_writing(line)
                            line += lineBytes
                        }
                        if end > raw + offset { fetchsim_prefetch_for_writing(end - 1) }
                    }
                    break
                }
                // The counts before the child (summed for the rank), then the child's pointer,
                // then the child's storage: each pass prefetches what the next one reads (the
                // upper nodes' counts and pointers are cached).
                for j in 0..<n where level + 1 == depth {
                    let (lo, raw) = (states[j].lo, states[j].raw)
                    var line = 0
                    while line <= lo * MemoryLayout<Int>.stride {
                        fetchsim_prefetch(raw + Node.countOffset + line)
                        line += lineBytes
                    }
                    fetchsim_prefetch(raw + Node.childOffset + lo * MemoryLayout<Node>.stride)
                }
                for j in 0..<n {
                    let (lo, raw) = (states[j].lo, states[j].raw)
                    if j < ranked { states[j].rank += Self.prefixSum((raw + Node.countOffset).assumingMemoryBound(to: Int.self), upTo: lo) }
                    let child = raw.load(fromByteOffset: Node.childOffset + lo * MemoryLayout<Node>.stride, as: Unmanaged<Node>.self)
                    states[j].child = child
                    // The line of the child object holding its `raw` (a hint: see `rawFieldOffset`).
                    fetchsim_prefetch(child.toOpaque() + Node.rawFieldOffset)
                }
                for j in 0..<n {
                    guard let child = states[j].child else { continue }
                    states[j].raw = child._withUnsafeGuaranteedRef { $0.raw }
                    fetchsim_prefetch(states[j].raw)
                }
            }
        }
        return hits
    }

    /// One key's search in `batchSearch(_:)`.
    private struct SearchState {
        var raw: UnsafeMutableRawPointer
        var lo = 0
        var hi = 0
        var rank = 0
        var child: Unmanaged<Node>?
    }
}
