/// `LIKE` matching: `*` matches zero or more characters and `?` exactly one, over the whole
/// string. A backslash makes the next character literal (`\*` matches a star), so write `"\\*"`
/// in a format's string literal. Characters are Unicode scalars.
enum LikePattern {
    /// Whether `text` matches `pattern`, both UTF-8.
    /// - Complexity: O(*n*·*m*) in the worst case (greedy matching that backtracks to the last `*`).
    static func matches(_ text: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool {
        let star = UInt8(ascii: "*")
        let question = UInt8(ascii: "?")
        let backslash = UInt8(ascii: "\\")
        var t = 0
        var p = 0
        var starPattern = -1
        var starText = 0
        while t < text.count {
            if p < pattern.count {
                let c = pattern[p]
                if c == star {
                    starPattern = p
                    starText = t
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
                if length <= text.count - t, (0..<length).allSatisfy({ text[t + $0] == pattern[literal + $0] }) {
                    t += length
                    p = literal + length
                    continue
                }
            }
            guard starPattern >= 0 else { return false }
            starText += min(UTF8Text.sequenceLength(text[starText]), text.count - starText)
            t = starText
            p = starPattern + 1
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}
