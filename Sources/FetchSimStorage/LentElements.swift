extension Array where Element: AnyObject {
    /// Calls `body` with each element in order, lent: the array holds every element throughout,
    /// so none is retained for the call (`for element in array` retains and releases each one,
    /// two atomic operations per element). `body` must not keep an element beyond the call
    /// without retaining it, nor change the array.
    @inlinable @inline(__always)
    public func forEachLent(_ body: (Element) throws -> Void) rethrows {
        try withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            for index in 0..<buffer.count {
                let element = raw.load(
                    fromByteOffset: index &* MemoryLayout<Element>.stride, as: Unmanaged<Element>.self)
                try element._withUnsafeGuaranteedRef(body)
            }
        }
    }
}
