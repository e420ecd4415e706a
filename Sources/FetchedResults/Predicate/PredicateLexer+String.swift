extension PredicateLexer {
    /// A string literal in single or double quotes.
    ///
    /// Escapes: `\\`, `\"`, `\'`, `\n`, `\t`, `\r`, `\0` and `\u{…}` (1 to 8 hex digits naming a
    /// Unicode scalar).
    mutating func string(quote: Unicode.Scalar) throws(PredicateError) -> PredicateToken {
        let start = index
        index += 1
        var value = String.UnicodeScalarView()
        while let c = peek() {
            index += 1
            if c == quote {
                return token(.string(String(value)), from: start)
            }
            guard c == "\\" else {
                value.append(c)
                continue
            }
            let escapeStart = index - 1
            guard let e = peek() else { break }
            index += 1
            switch e {
            case "\\", "\"", "'": value.append(e)
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "0": value.append("\0")
            case "u": value.append(try unicodeEscape(from: escapeStart))
            default:
                throw PredicateError(
                    "unknown escape \(PredicateError.quoted(text(from: escapeStart)))", column: escapeStart + 1)
            }
        }
        throw PredicateError("unterminated string", column: start + 1)
    }

    /// The scalar of `\u{…}`, with `index` just after the `u`.
    private mutating func unicodeEscape(from escapeStart: Int) throws(PredicateError) -> Unicode.Scalar {
        var invalid: PredicateError {
            PredicateError(
                "invalid unicode escape \(PredicateError.quoted(text(from: escapeStart)))", column: escapeStart + 1)
        }
        guard peek() == "{" else { throw invalid }
        index += 1
        var code: UInt32 = 0
        var digits = 0
        while let c = peek(), let digit = hexValue(c) {
            index += 1
            digits += 1
            guard digits <= 8 else { throw invalid }
            code = code << 4 | digit
        }
        guard digits > 0, peek() == "}" else { throw invalid }
        index += 1
        guard let scalar = Unicode.Scalar(code) else { throw invalid }
        return scalar
    }

    private func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c.value {
        case 48...57: c.value - 48
        case 65...70: c.value - 55
        case 97...102: c.value - 87
        default: nil
        }
    }
}
