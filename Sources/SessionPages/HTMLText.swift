/// Text made safe for an HTML page: in element content and in double- or single-quoted
/// attribute values alike.
///
/// ```swift
/// HTMLText.escaped("a < b & \"c\"")   // "a &lt; b &amp; &quot;c&quot;"
/// ```
package enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, and control
    /// characters other than tab and line feed shown as their Unicode control pictures (HTML
    /// forbids them in a document; a cell that holds one still shows that it does).
    package static func escaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\t", "\n": output.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 {
                    output.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
                } else if scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    output.unicodeScalars.append(scalar.value == 0x7F ? "\u{2421}" : "\u{FFFD}")
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
