import ObjectGraph

extension LineScanner {
    /// The value a token denotes: a quoted string, an integer, a decimal, `true`/`false`, an
    /// ISO-8601 date, `nil`, or an object `#7` (for a relationship).
    func value(of token: Token) throws(CommandError) -> Value {
        switch token.kind {
        case .string(let text):
            return .string(text)
        case .equals:
            throw error(.expectedGot("a value", got: "="), at: token.start)
        case .word:
            switch Self.bareValue(token.text) {
            case .value(let value): return value
            case .invalid(let reason): throw error(reason, at: token.start)
            }
        }
    }

    enum BareValue {
        case value(Value)
        case invalid(CommandError.Reason)
    }

    /// Reads an unquoted value, or says why it is not one.
    static func bareValue(_ text: String) -> BareValue {
        switch text {
        case "nil": return .value(.null)
        case "true": return .value(.bool(true))
        case "false": return .value(.bool(false))
        default: break
        }
        if text.hasPrefix("#") {
            // `#7`: an object, the value of a to-one relationship.
            guard let id = Int(text.dropFirst()), id > 0, text.dropFirst().allSatisfy(\.isASCII) else { return .invalid(.invalidValue(text)) }
            return .value(.object(ObjectID(id)))
        }
        let scalars = Array(text.unicodeScalars)
        if looksLikeDate(scalars) {
            guard let date = ISO8601.parse(text) else { return .invalid(.invalidDate(text)) }
            return .value(.date(date))
        }
        guard looksLikeNumber(scalars) else { return .invalid(.invalidValue(text)) }
        return number(text, scalars)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func looksLikeDate(_ s: [Unicode.Scalar]) -> Bool {
        s.count >= 5 && s[0..<4].allSatisfy(isDigit) && s[4] == "-"
    }

    private static func looksLikeNumber(_ s: [Unicode.Scalar]) -> Bool {
        guard let first = s.first else { return false }
        if isDigit(first) { return true }
        let rest = s.dropFirst()
        if first == "." { return rest.first.map(isDigit) ?? false }
        guard first == "-" || first == "+", let second = rest.first else { return false }
        return isDigit(second) || (second == "." && rest.dropFirst().first.map(isDigit) == true)
    }

    private static func number(_ text: String, _ s: [Unicode.Scalar]) -> BareValue {
        var i = (s.first == "-" || s.first == "+") ? 1 : 0
        let integerStart = i
        while i < s.count, isDigit(s[i]) { i += 1 }
        var digitCount = i - integerStart
        if i == s.count {
            guard let value = Int(text) else { return .invalid(.numberOutOfRange(text)) }
            return .value(.int(value))
        }
        var isDecimal = false
        if s[i] == "." {
            isDecimal = true
            i += 1
            let fractionStart = i
            while i < s.count, isDigit(s[i]) { i += 1 }
            digitCount += i - fractionStart
        }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            isDecimal = true
            i += 1
            if i < s.count, s[i] == "-" || s[i] == "+" { i += 1 }
            let exponentStart = i
            while i < s.count, isDigit(s[i]) { i += 1 }
            guard i > exponentStart else { return .invalid(.invalidNumber(text)) }
        }
        guard isDecimal, digitCount > 0, i == s.count, let value = Double(text) else {
            return .invalid(.invalidNumber(text))
        }
        guard value.isFinite else { return .invalid(.numberOutOfRange(text)) }
        return .value(.double(value))
    }
}
