public import CPrefetch

/// Hints about an array's memory to the CPU and the kernel: they change no element and no
/// count, so they are safe for any array and any index.
///
/// ```swift
/// var slots: [Slot?] = []
/// slots.reserveCapacity(1 << 20)
/// slots.adviseHugePages()                 // before the slots are filled
/// for id in ids { slots.prefetchElement(at: id - base) }
/// ```
extension Array {
    /// Asks the CPU to bring element `index` into the caches, without waiting for it, so that
    /// reading several elements one after another does not wait for each miss in turn. An index
    /// outside the array is ignored.
    /// - Parameter index: The element's index.
    @inlinable @inline(__always)
    public func prefetchElement(at index: Int) {
        guard index >= 0, index < count else { return }
        withUnsafeBufferPointer { elements in
            if let start = elements.baseAddress { fetchsim_prefetch(start + index) }
        }
    }

    /// Asks the kernel to back the array's storage, its whole capacity, with transparent huge
    /// pages (`HugePages.advise`): for a large table whose lookups land at random, where 4 KB
    /// pages miss the TLB on nearly every one. Pages already touched keep their size, so call it
    /// after `reserveCapacity(_:)` and before filling.
    public func adviseHugePages() {
        let bytes = capacity * MemoryLayout<Element>.stride
        withUnsafeBufferPointer { elements in
            if let start = elements.baseAddress { HugePages.advise(start, byteCount: bytes) }
        }
    }
}
