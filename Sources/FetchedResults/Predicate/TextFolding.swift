import FetchSimStorage
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

    /// Calls `body` with the UTF-8 bytes of `text` folded as `options` ask, read in place
    /// through a span.
    ///
    /// Does not allocate for unfolded text or for ASCII text (which folds byte by byte into
    /// `TemporaryElements`, on the stack when short); other text is folded into a new string.
    static func withUTF8<R>(_ text: String, folding options: ComparisonOptions, _ body: (Span<UInt8>) -> R) -> R {
        guard options.foldsText else { return withContiguousUTF8(text, body) }
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return withContiguousUTF8(fold(text, options), body) }
        // Diacritic folding leaves ASCII alone; case folding lowercases it.
        guard options.contains(.caseInsensitive) else { return withContiguousUTF8(text, body) }
        return withContiguousUTF8(text) { bytes in
            TemporaryElements.with(
                count: bytes.count,
                { index in
                    let byte = bytes[index]
                    return byte >= 65 && byte <= 90 ? byte | 0x20 : byte
                }, body)
        }
    }

    /// Calls `body` with the UTF-8 bytes of `text`, made contiguous first if they are not.
    private static func withContiguousUTF8<R>(_ text: String, _ body: (Span<UInt8>) -> R) -> R {
        var text = text
        text.makeContiguousUTF8()
        return body(text.utf8.span)
    }

    /// Calls `body` with both strings' folded UTF-8 bytes.
    static func withUTF8<R>(
        _ a: String, folding aOptions: ComparisonOptions, _ b: String, folding bOptions: ComparisonOptions,
        _ body: (Span<UInt8>, Span<UInt8>) -> R
    ) -> R {
        withUTF8(a, folding: aOptions) { x in withUTF8(b, folding: bOptions) { y in body(x, y) } }
    }
}

/// Tests on UTF-8 bytes. Because UTF-8 is self-synchronising, a byte match of valid UTF-8
/// always starts and ends on scalar boundaries, so these are scalar-level tests.
enum UTF8Text {
    /// Lexicographic three-way comparison: negative, zero or positive.
    static func compare(_ a: Span<UInt8>, _ b: Span<UInt8>) -> Int {
        let n = min(a.count, b.count)
        for i in 0..<n where a[i] != b[i] {
            return a[i] < b[i] ? -1 : 1
        }
        return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
    }

    /// Whether `a` has `b` at `offset`.
    static func matches(_ a: Span<UInt8>, at offset: Int, _ b: Span<UInt8>) -> Bool {
        guard offset >= 0, offset + b.count <= a.count else { return false }
        for i in 0..<b.count where a[offset + i] != b[i] {
            return false
        }
        return true
    }

    static func hasPrefix(_ a: Span<UInt8>, _ b: Span<UInt8>) -> Bool {
        matches(a, at: 0, b)
    }

    static func hasSuffix(_ a: Span<UInt8>, _ b: Span<UInt8>) -> Bool {
        matches(a, at: a.count - b.count, b)
    }

    /// Whether `b` occurs in `a`; the empty string occurs in every string.
    /// - Complexity: O(*n*·*m*) in the worst case.
    static func contains(_ a: Span<UInt8>, _ b: Span<UInt8>) -> Bool {
        guard !b.isEmpty else { return true }
        guard b.count <= a.count else { return false }
        let first = b[0]
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
