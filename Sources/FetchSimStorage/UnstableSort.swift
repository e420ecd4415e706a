/// An in-place, unstable sort for small structs and integers in the change path: an introsort
/// (quicksort with a median of three, insertion sort for short ranges, heapsort when the
/// recursion runs too deep) on the array's memory.
///
/// The standard library's `sort(by:)` is a stable merge sort: it moves the elements into a
/// buffer and back at every level and calls the comparison through a closure, a heavy cost per
/// element for a few hundred structs that carry references
/// (docs/performance.md, "The classifier and move lowering"). The change path sorts index lists and
/// changes whose keys are distinct, where stability buys nothing; a caller whose keys may tie
/// breaks the tie in `areInIncreasingOrder` (by position, say) to get a deterministic order.
///
/// Inlinable and generic, so that each caller gets a copy specialised for its element type with
/// its comparison inlined — and `public` for that: the toolchain (Swift 6.3) neither inlines nor
/// specialises a `package` `@inlinable` function in another module (the controller's sorts would
/// run the unspecialised generic, slower than the merge sort). The storage module is no product,
/// so `public` here reaches the package's own modules only.
/// - Complexity: O(n log n) comparisons in the worst case.
public enum UnstableSort {
    /// Ranges this short are sorted by insertion.
    @inlinable static var insertionThreshold: Int { 20 }

    /// Sorts `elements` in place by `areInIncreasingOrder`, a strict weak ordering.
    /// `depthLimit`: partitioning levels before a range is heapsorted (tests lower it to reach the
    /// heapsort); by default twice the binary logarithm of the count.
    @inlinable
    public static func sort<Element>(
        _ elements: inout [Element], depthLimit: Int? = nil,
        by areInIncreasingOrder: (Element, Element) -> Bool
    ) {
        guard elements.count > 1 else { return }
        elements.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let depth = depthLimit ?? 2 * (Int.bitWidth - buffer.count.leadingZeroBitCount)
            introsort(base, 0, buffer.count, depth: depth, areInIncreasingOrder)
        }
    }

    /// Ranges shorter than this are sorted by `sort(_:keysBelow:key:)` with the introsort: the
    /// radix sort's fixed cost (its buckets) outweighs its per-element gain.
    @inlinable static var radixThreshold: Int { 32 }

    /// Sorts `elements` in place by an integer key in `0..<bound` (`key` must return one): an LSD
    /// radix sort through a scratch buffer, for lists keyed by ranks or rows, which are bounded by
    /// the list's size. Digits are about `log2(count)` bits wide (4 to 11), so a pass costs about
    /// as much in buckets as in elements, and a digit that every element shares is skipped; below
    /// `radixThreshold` elements, or where more than three passes would be needed, the introsort
    /// runs instead. The order of equal keys is unspecified (callers' keys are distinct).
    /// Elements are moved, never copied.
    /// - Complexity: O(n · passes + 2^digit · passes), passes = ⌈log2(bound) / digit⌉.
    @inlinable
    public static func sort<Element>(_ elements: inout [Element], keysBelow bound: Int, key: (Element) -> Int) {
        let count = elements.count
        guard count > 1, bound > 1 else { return }
        let bits = Int.bitWidth - (bound - 1).leadingZeroBitCount
        let widest = min(11, max(4, Int.bitWidth - count.leadingZeroBitCount))
        let passes = (bits + widest - 1) / widest
        guard count >= radixThreshold, passes <= 3 else {
            sort(&elements) { key($0) < key($1) }
            return
        }
        let digit = (bits + passes - 1) / passes
        elements.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            radixSort(base, count, passes: passes, digit: digit, key)
        }
    }

    /// The passes of `sort(_:keysBelow:key:)` over `a[0..<count]`: `passes` (1 to 3) digits of
    /// `digit` bits. Wrapping arithmetic and element moves by `initialize(to: move())` (a
    /// `moveInitialize(from:count:)` of one element is a `memmove` call).
    @inlinable
    static func radixSort<Element>(
        _ a: UnsafeMutablePointer<Element>, _ count: Int, passes: Int, digit: Int,
        _ key: (Element) -> Int
    ) {
        let buckets = 1 << digit
        let mask = buckets &- 1
        withUnsafeTemporaryAllocation(of: Int.self, capacity: passes << digit) { counts in
            guard let counts = counts.baseAddress else { return }
            counts.initialize(repeating: 0, count: passes << digit)
            // Every pass's counts in one read of the keys.
            let second = counts + buckets
            let third = second + buckets
            switch passes {
            case 1:
                for i in 0..<count { counts[key(a[i]) & mask] &+= 1 }
            case 2:
                for i in 0..<count {
                    let k = key(a[i])
                    counts[k & mask] &+= 1
                    second[k &>> digit & mask] &+= 1
                }
            default:
                for i in 0..<count {
                    let k = key(a[i])
                    counts[k & mask] &+= 1
                    second[k &>> digit & mask] &+= 1
                    third[k &>> (digit &<< 1) & mask] &+= 1
                }
            }
            withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { scratch in
                guard let scratch = scratch.baseAddress else { return }
                var source = a
                var target = scratch
                for pass in 0..<passes {
                    let shift = pass &* digit
                    let next = counts + pass &<< digit
                    // A digit every element shares moves nothing.
                    guard next[key(source[0]) &>> shift & mask] != count else { continue }
                    var sum = 0
                    for b in 0..<buckets {
                        let n = next[b]
                        next[b] = sum
                        sum &+= n
                    }
                    for i in 0..<count {
                        let b = key(source[i]) &>> shift & mask
                        let at = next[b]
                        (target + at).initialize(to: (source + i).move())
                        next[b] = at &+ 1
                    }
                    swap(&source, &target)
                }
                if source != a { a.moveInitialize(from: source, count: count) }
            }
        }
    }

    /// Sorts `a[low..<high]`.
    @inlinable
    static func introsort<Element>(
        _ a: UnsafeMutablePointer<Element>, _ low: Int, _ high: Int, depth: Int,
        _ less: (Element, Element) -> Bool
    ) {
        var low = low
        var high = high
        var depth = depth
        while high - low > insertionThreshold {
            guard depth > 0 else {
                heapsort(a + low, high - low, less)
                return
            }
            depth -= 1
            let p = partition(a, low, high, less)
            // Recursion on the shorter side keeps the stack O(log n) deep.
            if p - low < high - p {
                introsort(a, low, p, depth: depth, less)
                low = p + 1
            } else {
                introsort(a, p + 1, high, depth: depth, less)
                high = p
            }
        }
        insertionSort(a, low, high, less)
    }

    /// Partitions `a[low..<high]` (at least three elements) around the median of its first,
    /// middle and last elements; returns the pivot's final index.
    @inlinable @inline(__always)
    static func partition<Element>(
        _ a: UnsafeMutablePointer<Element>, _ low: Int, _ high: Int,
        _ less: (Element, Element) -> Bool
    ) -> Int {
        let mid = low + (high - low) / 2
        let last = high - 1
        if less(a[mid], a[low]) { swapAt(a, mid, low) }
        if less(a[last], a[mid]) {
            swapAt(a, last, mid)
            if less(a[mid], a[low]) { swapAt(a, mid, low) }
        }
        // a[low] ≤ a[mid] ≤ a[last]: the median becomes the pivot at `low`, and a[last] stops
        // the upward scan.
        swapAt(a, low, mid)
        // The pivot compared from a local: one copy per partition, and the scans' comparisons
        // read one element from memory instead of two.
        let pivot = a[low]
        var i = low
        var j = high
        while true {
            repeat { i += 1 } while i < last && less(a[i], pivot)
            repeat { j -= 1 } while less(pivot, a[j])
            if i >= j { break }
            swapAt(a, i, j)
        }
        swapAt(a, low, j)
        return j
    }

    /// Exchanges two elements by moving them: no retain or release for elements with references.
    @inlinable @inline(__always)
    static func swapAt<Element>(_ a: UnsafeMutablePointer<Element>, _ i: Int, _ j: Int) {
        guard i != j else { return }
        let t = (a + i).move()
        (a + i).moveInitialize(from: a + j, count: 1)
        (a + j).initialize(to: t)
    }

    @inlinable @inline(__always)
    static func insertionSort<Element>(
        _ a: UnsafeMutablePointer<Element>, _ low: Int, _ high: Int,
        _ less: (Element, Element) -> Bool
    ) {
        guard high - low > 1 else { return }
        for i in (low + 1)..<high {
            guard less(a[i], a[i - 1]) else { continue }
            // Takes a[i] out and moves the greater elements before it one up as it compares
            // (moves, not copies: no retain or release for elements with references).
            let element = (a + i).move()
            var j = i
            repeat {
                (a + j).moveInitialize(from: a + j - 1, count: 1)
                j -= 1
            } while j > low && less(element, a[j - 1])
            (a + j).initialize(to: element)
        }
    }

    @inlinable
    static func heapsort<Element>(_ a: UnsafeMutablePointer<Element>, _ count: Int, _ less: (Element, Element) -> Bool)
    {
        var start = count / 2
        while start > 0 {
            start -= 1
            siftDown(a, start, count, less)
        }
        var end = count
        while end > 1 {
            end -= 1
            swapAt(a, 0, end)
            siftDown(a, 0, end, less)
        }
    }

    @inlinable
    static func siftDown<Element>(
        _ a: UnsafeMutablePointer<Element>, _ start: Int, _ end: Int, _ less: (Element, Element) -> Bool
    ) {
        var root = start
        while true {
            var child = 2 * root + 1
            guard child < end else { return }
            if child + 1 < end, less(a[child], a[child + 1]) { child += 1 }
            guard less(a[root], a[child]) else { return }
            swapAt(a, root, child)
            root = child
        }
    }
}
