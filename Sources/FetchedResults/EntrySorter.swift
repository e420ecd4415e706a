import ObjectGraph

/// Sorts entries in the controller's order (`EntryOrdering`), in place: an introsort (quicksort
/// with a median of three, insertion sort for short ranges, heapsort when the recursion runs too
/// deep) on the entries' memory. `performFetch()` and section rebuilds sort every matching object.
///
/// Entries are trivially copyable and their compact keys order as the full keys do, so the
/// entries are sorted as they are: a comparison reads a few words and only looks up full keys
/// (`InexactKeys`) when two compact keys tie and one is inexact. The standard library's sort is a
/// stable merge sort: it copies the 40-byte entries into a buffer and back at every level and calls
/// the comparison through a closure, about 1,100 instructions per entry at 100,000 entries
/// (docs/performance.md, "Initial fetch and store, fourth pass"). Stability buys nothing here:
/// no two entries are equal under `EntryOrdering`, which ends with the object ID.
/// - Complexity: O(n log n) comparisons in the worst case.
enum EntrySorter {
    /// Ranges this short are sorted by insertion.
    static let insertionThreshold = 20

    /// `depthLimit`: partitioning levels before a range is heapsorted (tests lower it to reach
    /// the heapsort); by default twice the binary logarithm of the count.
    static func sort(_ entries: inout [ResultEntry], by ordering: EntryOrdering, depthLimit: Int? = nil) {
        guard entries.count > 1 else { return }
        entries.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let depth = depthLimit ?? 2 * (Int.bitWidth - buffer.count.leadingZeroBitCount)
            introsort(base, 0, buffer.count, depth: depth, ordering)
        }
    }

    /// Sorts `a[low..<high]`.
    private static func introsort(_ a: UnsafeMutablePointer<ResultEntry>, _ low: Int, _ high: Int, depth: Int,
                                  _ ordering: EntryOrdering) {
        var low = low, high = high, depth = depth
        while high - low > insertionThreshold {
            guard depth > 0 else {
                heapsort(a + low, high - low, ordering)
                return
            }
            depth -= 1
            let p = partition(a, low, high, ordering)
            // Recursion on the shorter side keeps the stack O(log n) deep.
            if p - low < high - p {
                introsort(a, low, p, depth: depth, ordering)
                low = p + 1
            } else {
                introsort(a, p + 1, high, depth: depth, ordering)
                high = p
            }
        }
        insertionSort(a, low, high, ordering)
    }

    /// Partitions `a[low..<high]` (at least three entries) around the median of its first,
    /// middle and last entries; returns the pivot's final index: every entry before it is
    /// less, every entry after it greater (or equal, for orderings with equal elements).
    @inline(__always)
    private static func partition(_ a: UnsafeMutablePointer<ResultEntry>, _ low: Int, _ high: Int,
                                  _ ordering: EntryOrdering) -> Int {
        let mid = low + (high - low) / 2, last = high - 1
        if ordering.areInIncreasingOrder(a[mid], a[low]) { swap(a, mid, low) }
        if ordering.areInIncreasingOrder(a[last], a[mid]) {
            swap(a, last, mid)
            if ordering.areInIncreasingOrder(a[mid], a[low]) { swap(a, mid, low) }
        }
        // a[low] ≤ a[mid] ≤ a[last]: the median becomes the pivot at `low`, and a[last] stops
        // the upward scan.
        swap(a, low, mid)
        let pivot = a[low]
        var i = low, j = high
        while true {
            repeat { i += 1 } while i < last && ordering.areInIncreasingOrder(a[i], pivot)
            repeat { j -= 1 } while ordering.areInIncreasingOrder(pivot, a[j])
            if i >= j { break }
            swap(a, i, j)
        }
        swap(a, low, j)
        return j
    }

    @inline(__always)
    private static func swap(_ a: UnsafeMutablePointer<ResultEntry>, _ i: Int, _ j: Int) {
        let t = a[i]
        a[i] = a[j]
        a[j] = t
    }

    private static func insertionSort(_ a: UnsafeMutablePointer<ResultEntry>, _ low: Int, _ high: Int,
                                      _ ordering: EntryOrdering) {
        guard high - low > 1 else { return }
        for i in (low + 1)..<high {
            let entry = a[i]
            var j = i
            while j > low, ordering.areInIncreasingOrder(entry, a[j - 1]) {
                a[j] = a[j - 1]
                j -= 1
            }
            a[j] = entry
        }
    }

    private static func heapsort(_ a: UnsafeMutablePointer<ResultEntry>, _ count: Int, _ ordering: EntryOrdering) {
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while true {
                var child = 2 * root + 1
                guard child < end else { return }
                if child + 1 < end, ordering.areInIncreasingOrder(a[child], a[child + 1]) { child += 1 }
                guard ordering.areInIncreasingOrder(a[root], a[child]) else { return }
                swap(a, root, child)
                root = child
            }
        }
        var start = count / 2
        while start > 0 {
            start -= 1
            siftDown(start, count)
        }
        var end = count
        while end > 1 {
            end -= 1
            swap(a, 0, end)
            siftDown(0, end)
        }
    }
}
