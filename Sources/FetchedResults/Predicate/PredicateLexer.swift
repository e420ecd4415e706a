import ObjectGraph

/// Splits a predicate format into tokens.
///
/// Columns count Unicode scalars, starting at 1. Whitespace (including newlines) separates tokens.
/// The token list always ends with one `.end` token whose column is one past the input.
struct PredicateLexer {
    private let scalars: [Unicode.Scalar]
    var index = 0

    init(_ format: String) {
        scalars = Array(format.unicodeScalars)
    }

    /// - Complexity: O(*n*) in the length of the format.
    mutating func tokenize() throws(PredicateError) -> [PredicateToken] {
        var tokens: [PredicateToken] = []
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let i = index + offset
        return i < scalars.count ? scalars[i] : nil
    }

    func text(from start: Int) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[start..<index])
        return String(out)
    }

    func token(_ kind: PredicateToken.Kind, from start: Int) -> PredicateToken {
        PredicateToken(kind: kind, column: start + 1, text: text(from: start))
    }

    private mutating func next() throws(PredicateError) -> PredicateToken {
        while let c = peek(), c.properties.isWhitespace { index += 1 }
        let start = index
        guard let c = peek() else { return PredicateToken(kind: .end, column: start + 1, text: "") }
        if c == "\"" || c == "'" { return try string(quote: c) }
        if isDigit(c) || (c == "-" && peek(1).map(isDigit) == true) { return try number() }
        if c == "_" || c.properties.isAlphabetic {
            let word = identifier()
            if let keyword = PredicateKeyword(word) { return token(.keyword(keyword), from: start) }
            return token(.identifier(word), from: start)
        }
        if c == "#", let first = peek(1), first == "_" || first.properties.isAlphabetic {
            index += 1
            let word = identifier()
            return token(.escapedKey(word), from: start)
        }
        if c == "$", let first = peek(1), first == "_" || first.properties.isAlphabetic {
            // `$n` or `$n.done`: SUBQUERY's variable, read as a key the subquery resolves.
            index += 1
            let word = identifier()
            return token(.identifier("$" + word), from: start)
        }
        if c == ".", peek(1) == "@", let first = peek(2), first.properties.isAlphabetic {
            // `.@count` after `SUBQUERY(…)`.
            index += 2
            let word = identifier()
            return token(.collectionOperator(word), from: start)
        }
        if c == "%" { return try placeholder() }
        if c == "[" { return try modifier() }
        for (spelling, symbol) in PredicateSymbol.spellings where matches(spelling) {
            index += spelling.unicodeScalars.count
            return token(.symbol(symbol), from: start)
        }
        throw PredicateError("unexpected character \(PredicateError.quoted(String(c)))", column: start + 1)
    }

    private func matches(_ spelling: String) -> Bool {
        var offset = 0
        for s in spelling.unicodeScalars {
            guard peek(offset) == s else { return false }
            offset += 1
        }
        return true
    }

    private func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 48 && c.value <= 57 }

    /// A key, with its dotted components when it is a key path (`list.name`); a path may end
    /// in a collection operator (`notes.@count`).
    private mutating func identifier() -> String {
        let start = index
        while true {
            while let c = peek(), c == "_" || c.properties.isAlphabetic || isDigit(c) { index += 1 }
            guard peek() == ".", let next = peek(1) else { break }
            if next == "@", index > start, let letter = peek(2), letter.properties.isAlphabetic {
                index += 2
                while let c = peek(), c.properties.isAlphabetic { index += 1 }
                break
            }
            guard next == "_" || next.properties.isAlphabetic else { break }
            index += 1
        }
        return text(from: start)
    }

    private mutating func digits() -> Int {
        let start = index
        while let c = peek(), isDigit(c) { index += 1 }
        return index - start
    }

    /// `-? digits ('.' digits)? ([eE] [+-]? digits)?`; an integer that does not fit `Int` is a double.
    private mutating func number() throws(PredicateError) -> PredicateToken {
        let start = index
        if peek() == "-" { index += 1 }
        _ = digits()
        var isInteger = true
        if peek() == "." {
            index += 1
            guard digits() > 0 else {
                throw PredicateError("invalid number \(PredicateError.quoted(text(from: start)))", column: start + 1)
            }
            isInteger = false
        }
        if let e = peek(), e == "e" || e == "E" {
            let sign = peek(1) == "+" || peek(1) == "-" ? 1 : 0
            if let d = peek(1 + sign), isDigit(d) {
                index += 1 + sign
                _ = digits()
                isInteger = false
            }
        }
        let literal = text(from: start)
        if isInteger, let int = Int(literal) { return token(.number(.int(int)), from: start) }
        guard let double = Double(literal), double.isFinite else {
            throw PredicateError("number \(PredicateError.quoted(literal)) is out of range", column: start + 1)
        }
        return token(.number(.double(double)), from: start)
    }

    private mutating func placeholder() throws(PredicateError) -> PredicateToken {
        let start = index
        index += 1
        switch peek() {
        case "K":
            index += 1
            return token(.keyPlaceholder, from: start)
        case "@":
            index += 1
            return token(.valuePlaceholder, from: start)
        default:
            if peek() != nil { index += 1 }
            throw PredicateError(
                "unknown format specifier \(PredicateError.quoted(text(from: start)))", column: start + 1)
        }
    }

    private mutating func modifier() throws(PredicateError) -> PredicateToken {
        let start = index
        index += 1
        let lettersStart = index
        while let c = peek(), c != "]", !c.properties.isWhitespace { index += 1 }
        let letters = text(from: lettersStart)
        guard peek() == "]" else {
            throw PredicateError("unterminated modifier \(PredicateError.quoted(text(from: start)))", column: start + 1)
        }
        index += 1
        return token(.modifier(letters), from: start)
    }
}
