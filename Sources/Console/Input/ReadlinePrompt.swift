import CommandLanguage
import Interpreter

/// Prepares a prompt for readline, which must be told which bytes take no columns.
enum ReadlinePrompt {
    /// `prompt` with each ANSI escape sequence (`ESC [ … final`) wrapped in readline's
    /// invisible-text markers `\u{1}` … `\u{2}`, so line editing counts columns right.
    static func markingInvisibleSequences(_ prompt: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = prompt.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                result.append(scalar)
                continue
            }
            var sequence = String.UnicodeScalarView([scalar])
            if let next = scalars.next() {
                sequence.append(next)
                if next == "[" {
                    while let byte = scalars.next() {
                        sequence.append(byte)
                        if (0x40...0x7E).contains(byte.value) { break }
                    }
                }
            }
            result.append("\u{1}")
            result.append(contentsOf: sequence)
            result.append("\u{2}")
        }
        return String(result)
    }
}
