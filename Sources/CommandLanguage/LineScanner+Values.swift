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

    /// `value(of: token)` for the token that ends at the cursor (just read): on an ASCII line a
    /// word of 1 to 18 digits — an int, never out of range — is read from the line's bytes in
    /// place (`bareValue` tried the keywords, the date and number shapes, then `Int(text)`).
    func value(endingHere token: Token) throws(CommandError) -> Value {
        if token.isWord, let asciiBytes, token.start < position, position - token.start <= 18 {
            let number = { () -> Int? in
                var number = 0
                for index in token.start..<position {
                    let digit = asciiBytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    number = number * 10 + Int(digit)
                }
                return number
            }()
            if let number { return .int(number) }
        }
        return try value(of: token)
    }

    /// The objects of a to-many relationship, `[#3, #4]` (or `[]`), whose first token `first`
    /// (starting with `[`) was just read: the tokens up to the one ending in `]` are read too.
    mutating func objectList(startingWith first: Token) throws(CommandError) -> Value {
        var text = first.text
        while !text.hasSuffix("]") {
            guard !isAtSegmentEnd, let next = try token(), next.isWord else {
                throw error(.expected("']'", after: text), at: first.start)
            }
            text += " " + next.text
        }
        switch Self.bareObjectList(text) {
        case .value(let value): return value
        case .invalid(let reason): throw error(reason, at: first.start)
        }
    }

    /// Reads `[#3, #4]` or `[]` as `Value.objects` (`Value.objectList(_:)`), or says why not.
    static func bareObjectList(_ text: String) -> BareValue {
        guard let ids = Value.objectList(text) else { return .invalid(.invalidValue(text)) }
        return .value(.objects(ids))
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
        if text.utf8.first == UInt8(ascii: "#"), text.hasPrefix("#") {
            // `#7`: an object, the value of a to-one relationship.
            guard let id = Int(text.dropFirst()), id > 0, text.dropFirst().allSatisfy(\.isASCII) else {
                return .invalid(.invalidValue(text))
            }
            return .value(.object(ObjectID(id)))
        }
        // The shape is read from the UTF-8 bytes in place (every byte it looks for is ASCII, and
        // a non-ASCII scalar's bytes match none of them, as the scalar did not).
        let s = text.utf8.span
        if looksLikeDate(s) {
            guard let date = ISO8601.parse(text) else { return .invalid(.invalidDate(text)) }
            return .value(.date(date))
        }
        guard looksLikeNumber(s) else { return .invalid(.invalidValue(text)) }
        return number(text, s)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func looksLikeDate(_ s: Span<UInt8>) -> Bool {
        guard s.count >= 5, s[4] == UInt8(ascii: "-") else { return false }
        for index in 0..<4 where !isDigit(s[index]) { return false }
        return true
    }

    private static func looksLikeNumber(_ s: Span<UInt8>) -> Bool {
        guard !s.isEmpty else { return false }
        let first = s[0]
        if isDigit(first) { return true }
        let second = s.count > 1 ? s[1] : nil
        if first == dot { return second.map(isDigit) ?? false }
        guard first == minus || first == plus, let second else { return false }
        return isDigit(second) || (second == dot && s.count > 2 && isDigit(s[2]))
    }

    private static let dot = UInt8(ascii: "."), minus = UInt8(ascii: "-"), plus = UInt8(ascii: "+")
    private static let lowerE = UInt8(ascii: "e"), upperE = UInt8(ascii: "E")

    private static func number(_ text: String, _ s: Span<UInt8>) -> BareValue {
        var i = !s.isEmpty && (s[0] == minus || s[0] == plus) ? 1 : 0
        let integerStart = i
        while i < s.count, isDigit(s[i]) { i += 1 }
        var digitCount = i - integerStart
        if i == s.count {
            guard let value = Int(text) else { return .invalid(.numberOutOfRange(text)) }
            return .value(.int(value))
        }
        var isDecimal = false
        if s[i] == dot {
            isDecimal = true
            i += 1
            let fractionStart = i
            while i < s.count, isDigit(s[i]) { i += 1 }
            digitCount += i - fractionStart
        }
        if i < s.count, s[i] == lowerE || s[i] == upperE {
            isDecimal = true
            i += 1
            if i < s.count, s[i] == minus || s[i] == plus { i += 1 }
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
