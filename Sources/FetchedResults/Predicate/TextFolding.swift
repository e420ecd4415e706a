import Foundation

/// Case and diacritic folding for the `[c]` and `[d]` modifiers, and byte-level string tests.
///
/// Strings are compared as UTF-8 bytes, which orders them by Unicode scalar value exactly like
/// `Value.compare`. Folding uses Foundation's `folding(options:locale:)` with no locale, so `[c]`
/// also matches `ß` with `ss` and `[d]` matches `é` (precomposed or not) with `e`.
enum TextFolding {
    /// `text` folded as `options` ask; `text` itself if `options` is empty.
    static func fold(_ text: String, _ options: ComparisonOptions) -> String {
        guard options.foldsText else { return text }
        var foundationOptions: String.CompareOptions = []
        if options.contains(.caseInsensitive) { foundationOptions.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { foundationOptions.insert(.diacriticInsensitive) }
        return text.folding(options: foundationOptions, locale: nil)
    }

    /// Calls `body` with the UTF-8 bytes of `text` folded as `options` ask.
    ///
    /// Does not allocate for unfolded text or for ASCII text (which folds byte by byte; small
    /// buffers live on the stack); other text is folded into a new string.
    static func withUTF8<R>(
        _ text: String, folding options: ComparisonOptions, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        var text = text
        guard options.foldsText else { return text.withUTF8(body) }
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            var folded = fold(text, options)
            return folded.withUTF8(body)
        }
        // Diacritic folding leaves ASCII alone; case folding lowercases it.
        guard options.contains(.caseInsensitive) else { return text.withUTF8(body) }
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
                for i in 0..<bytes.count {
                    let byte = bytes[i]
                    buffer[i] = byte >= 65 && byte <= 90 ? byte | 0x20 : byte
                }
                return body(UnsafeBufferPointer(buffer))
            }
        }
    }

    /// Calls `body` with both strings' folded UTF-8 bytes.
    static func withUTF8<R>(
        _ a: String, folding aOptions: ComparisonOptions, _ b: String, folding bOptions: ComparisonOptions,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        withUTF8(a, folding: aOptions) { x in withUTF8(b, folding: bOptions) { y in body(x, y) } }
    }
}

/// Tests on UTF-8 byte buffers. Because UTF-8 is self-synchronising, a byte match of valid UTF-8
/// always starts and ends on scalar boundaries, so these are scalar-level tests.
enum UTF8Text {
    /// Lexicographic three-way comparison: negative, zero or positive.
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let n = min(a.count, b.count)
        for i in 0..<n where a[i] != b[i] {
            return a[i] < b[i] ? -1 : 1
        }
        return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
    }

    /// Whether `a` has `b` at `offset`.
    static func matches(_ a: UnsafeBufferPointer<UInt8>, at offset: Int, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset >= 0, offset + b.count <= a.count else { return false }
        for i in 0..<b.count where a[offset + i] != b[i] {
            return false
        }
        return true
    }

    static func hasPrefix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        matches(a, at: 0, b)
    }

    static func hasSuffix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        matches(a, at: a.count - b.count, b)
    }

    /// Whether `b` occurs in `a`; the empty string occurs in every string.
    /// - Complexity: O(*n*·*m*) in the worst case.
    static func contains(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = b.first else { return true }
        guard b.count <= a.count else { return false }
        for offset in 0...(a.count - b.count) where a[offset] == first && matches(a, at: offset, b) {
            return true
        }
        return false
    }

    /// The length of the UTF-8 sequence that starts with `lead` (1 for a stray continuation byte).
    static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
