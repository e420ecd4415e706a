/// `LIKE` matching: `*` matches zero or more characters and `?` exactly one, over the whole
/// string. A backslash makes the next character literal (`\*` matches a star), so write `"\\*"`
/// in a format's string literal. Characters are Unicode scalars.
enum LikePattern {
    /// Whether `text` matches `pattern`, both UTF-8.
    /// - Complexity: O(*n*·*m*) in the worst case (greedy matching that backtracks to the last `*`).
    static func matches(_ text: Span<UInt8>, _ pattern: Span<UInt8>) -> Bool {
        let starByte = UInt8(ascii: "*")
        let question = UInt8(ascii: "?")
        let backslash = UInt8(ascii: "\\")
        var t = 0
        var p = 0
        // The last star met in the pattern and where in the text its match ends so far.
        var star: (pattern: Int, text: Int)?
        while t < text.count {
            if p < pattern.count {
                let c = pattern[p]
                if c == starByte {
                    star = (p, t)
                    p += 1
                    continue
                }
                if c == question {
                    t += min(UTF8Text.sequenceLength(text[t]), text.count - t)
                    p += 1
                    continue
                }
                let literal = c == backslash && p + 1 < pattern.count ? p + 1 : p
                let length = min(UTF8Text.sequenceLength(pattern[literal]), pattern.count - literal)
                if length <= text.count - t, Self.equal(text, at: t, pattern, at: literal, count: length) {
                    t += length
                    p = literal + length
                    continue
                }
            }
            guard var (starPattern, starText) = star else { return false }
            starText += min(UTF8Text.sequenceLength(text[starText]), text.count - starText)
            star = (starPattern, starText)
            t = starText
            p = starPattern + 1
        }
        while p < pattern.count, pattern[p] == starByte { p += 1 }
        return p == pattern.count
    }

    /// Whether `a[i..<i + count]` and `b[j..<j + count]` hold the same bytes.
    private static func equal(_ a: Span<UInt8>, at i: Int, _ b: Span<UInt8>, at j: Int, count: Int) -> Bool {
        for k in 0..<count where a[i + k] != b[j + k] { return false }
        return true
    }
}
