/// Small text helpers shared by the sheet's files.
enum SheetText {
    /// `text` safe to draw on one terminal line: line breaks become `↵`, tabs a space, and other
    /// control characters (escape included, so cell text cannot inject ANSI codes) `�`.
    /// - Complexity: O(n) in the length of `text`.
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for character in text {
            guard let first = character.unicodeScalars.first, isControl(first) else {
                result.append(character)
                continue
            }
            switch first {
            case "\n", "\r": result.append("↵")
            case "\t": result.append(" ")
            default: result.append("\u{FFFD}")
            }
        }
        return result
    }

    /// `1 row`, `4 rows`: a count and a noun, plural unless the count is one.
    static func counted(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }
}
