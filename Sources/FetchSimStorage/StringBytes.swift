#if canImport(Glibc)
import Glibc
#endif

/// Comparisons of strings by their bytes: the UTF-8 order of two strings in one `memcmp`, and
/// whether two strings share their representation.
///
/// UTF-8 preserves the order of Unicode scalars byte by byte, so the scalar order of two native
/// strings is the order of their bytes. A `String`'s 16 bytes are its text when it is short, or
/// a reference to its storage and its length: the same 16 bytes are the same string.
///
/// ```swift
/// StringBytes.compare("apple", "apply")         // -1
/// StringBytes.compare("é", "z")                 // 1 (U+00E9 after U+007A)
/// StringBytes.identity(of: "key") == StringBytes.identity(of: "key")   // true
/// ```
public enum StringBytes {
    /// The three-way order of `a` and `b` by their UTF-8 bytes (-1, 0 or 1), or nil when either
    /// keeps no contiguous UTF-8 (a bridged string), for the caller to walk its scalars instead.
    /// - Parameters:
    ///   - a: The first string.
    ///   - b: The second string.
    /// - Returns: -1, 0 or 1; nil when the bytes are not at hand.
    @inlinable @inline(__always)
    public static func compare(_ a: String, _ b: String) -> Int? {
        let result = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                let common = min(x.count, y.count)
                if common > 0, let p = x.baseAddress, let q = y.baseAddress {
                    let c = memcmp(p, q, common)
                    if c != 0 { return c < 0 ? -1 : 1 }
                }
                return x.count < y.count ? -1 : (x.count == y.count ? 0 : 1)
            }
        }
        return result ?? nil
    }

    /// The 16 bytes of `text`'s representation: equal identities are equal strings (the same
    /// inline text, or the same storage and length); unequal ones say nothing.
    /// - Parameter text: The string.
    /// - Returns: Its representation's two words.
    @inlinable @inline(__always)
    public static func identity(of text: String) -> StringIdentity {
        withUnsafeBytes(of: text) {
            StringIdentity(low: $0.load(as: UInt64.self), high: $0.load(fromByteOffset: 8, as: UInt64.self))
        }
    }
}

/// The 16 bytes of a `String`'s representation (`StringBytes.identity(of:)`).
public struct StringIdentity: Equatable {
    @usableFromInline let low: UInt64
    @usableFromInline let high: UInt64

    @inlinable init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }
}
