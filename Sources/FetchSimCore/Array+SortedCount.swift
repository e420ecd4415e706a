extension Array where Element: Comparable {
    /// The number of elements of this ascending array that are less than `value` (a binary search).
    /// - Complexity: O(log n).
    package func countOfElements(below value: Element) -> Int {
        var lo = 0
        var hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
