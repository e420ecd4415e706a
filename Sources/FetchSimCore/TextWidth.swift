/// How many terminal columns text takes, and cutting it to fit.
///
/// East Asian wide and fullwidth characters and emoji shown as pictures take 2 columns;
/// combining marks, zero-width format characters and control characters take none; the rest 1.
package enum TextWidth {
    /// The number of columns `text` occupies on a terminal.
    /// - Complexity: O(n) in the length of `text`.
    package static func displayWidth(of text: some StringProtocol) -> Int {
        // The sum of `displayWidth(of: Character)` over the text's characters. Grapheme breaking
        // and Unicode property lookups are needed only around non-ASCII scalars: two ASCII
        // scalars in a row always meet at a character boundary (CR LF, the one exception, is
        // zero columns either way), so a run of them is measured byte by byte. An ASCII scalar
        // followed by a non-ASCII one (a combining mark, a variation selector) is measured as
        // the character it starts.
        let utf8 = text.utf8
        var width = 0
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            if byte < 0x80, next == utf8.endIndex || utf8[next] < 0x80 {
                if (0x20..<0x7F).contains(byte) { width += 1 }
                index = next
                continue
            }
            guard let character = text[index...].first else { break }
            width += displayWidth(of: character)
            index = utf8.index(index, offsetBy: character.utf8.count)
        }
        return width
    }

    /// The columns one character (a grapheme cluster) occupies: 0, 1 or 2.
    package static func displayWidth(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.isASCII, scalars.count == 1 {
            return (0x20..<0x7F).contains(first.value) ? 1 : 0
        }
        if scalars.contains(where: { $0.value == 0xFE0F || $0.properties.isEmojiPresentation }) { return 2 }
        if first.isASCII { return (0x20..<0x7F).contains(first.value) ? 1 : 0 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return 0
        default:
            return EastAsianWidth.isWide(first) ? 2 : 1
        }
    }

    /// `text` cut to at most `width` columns, ending in `…` when anything was cut.
    ///
    /// The result may be one column narrower than `width` when a wide character does not fit.
    package static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        guard displayWidth(of: text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let next = displayWidth(of: character)
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// `text` padded with spaces on the right to `width` columns (unchanged if already wider).
    package static func pad(_ text: String, toWidth width: Int) -> String {
        let missing = width - displayWidth(of: text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }
}
