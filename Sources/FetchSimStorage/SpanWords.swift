/// Bytes read a word at a time: for encoders that copy text into packed keys eight bytes per
/// step instead of one.
///
/// ```swift
/// let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
/// bytes.span.bigEndianWord(at: 1)  // 0x0203_0405_0607_0809
/// ```
extension Span where Element == UInt8 {
    /// The eight bytes from `offset` as one big-endian word: the byte at `offset` in the high
    /// eight bits. Stops the program when the eight bytes are not all in the span.
    /// - Parameter offset: The first byte's index; at most `count - 8`.
    /// - Returns: The word.
    @inlinable @inline(__always)
    public func bigEndianWord(at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset <= count - 8, "eight bytes from \(offset) are not in \(count)")
        return withUnsafeBufferPointer { bytes in
            guard let start = bytes.baseAddress else { return 0 }
            return UInt64(bigEndian: UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self))
        }
    }
}
