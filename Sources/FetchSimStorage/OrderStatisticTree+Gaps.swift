extension OrderStatisticTree {
    /// Opens a gap at `index` in `base[0..<count]` by moving the rest up one place.
    @inline(__always)
    @inlinable static func openGap<T>(_ base: UnsafeMutablePointer<T>, at index: Int, count: Int) {
        if index < count { (base + index + 1).moveInitialize(from: base + index, count: count - index) }
    }

    /// Closes the (uninitialised) gap at `index` of `base[0..<count]`, moving the rest down one.
    @inline(__always)
    @inlinable static func closeGap<T>(_ base: UnsafeMutablePointer<T>, at index: Int, count: Int) {
        if index + 1 < count { (base + index).moveInitialize(from: base + index + 1, count: count - index - 1) }
    }
}
