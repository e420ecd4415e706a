/// A cursor over one input line, in Unicode scalars, that reads the tokens of the command language.
///
/// Positions are scalar offsets; `column(_:)` turns one into the 1-based character column that
/// messages show. Every read is linear in what it consumes, so a 1 MB line costs milliseconds.
struct LineScanner {
    /// One lexical unit: a bare word (up to whitespace, `;`, `"` or `=`), a quoted string, or `=`.
    struct Token {
        enum Kind: Equatable {
            case word
            case string(String)
            case equals
        }

        var kind: Kind
        /// The token as written in the line (a string with its quotes and escapes).
        var text: String
        /// Scalar offset of the first character.
        var start: Int

        var isWord: Bool { kind == .word }
    }

    let scalars: [Unicode.Scalar]
    /// The line's UTF-8 bytes when it is all ASCII (one byte per scalar): token texts are then
    /// cut from them directly.
    let asciiBytes: [UInt8]?
    var position = 0
    /// Where the parts of the command being parsed start, when recorded: nil while parsing a
    /// line, set only to find a position an error asks for (`TokenPositions.column(of:)`).
    var positions: PositionRecorder?

    init(_ line: String) {
        // The line is ASCII when no byte has its high bit set: the bytes are ORed together in
        // place over the contiguous UTF-8, and copied out whole when it is.
        let utf8 = line.utf8.span
        var union: UInt8 = 0
        for index in utf8.indices { union |= utf8[index] }
        if union < 0x80 {
            let bytes = Array(line.utf8)
            // One scalar per byte: widening the bytes skips decoding the line's UTF-8.
            scalars = bytes.map { Unicode.Scalar($0) }
            asciiBytes = bytes
        } else {
            scalars = Array(line.unicodeScalars)
            asciiBytes = nil
        }
    }

    /// Records where `slot`'s token starts, when positions are recorded.
    mutating func mark(_ slot: TokenPositions.Slot, at offset: Int) {
        positions?.record(slot, at: offset)
    }

    /// Skips spaces; whether a token follows before the end of the command (`peek() != nil`
    /// without reading it: the token a caller reads next throws whatever `peek()` would).
    mutating func isBeforeToken() -> Bool {
        skipSpaces()
        return !isAtSegmentEnd
    }

    /// Whether the scalars at the cursor are the bare word `word` (ASCII) ending there: the
    /// next token is `word` as a word.
    func isAtWord(_ word: String) -> Bool {
        let bytes = word.utf8.span
        let count = bytes.count
        guard position + count <= scalars.count else { return false }
        for k in 0..<count where scalars[position + k].value != UInt32(bytes[k]) { return false }
        return position + count == scalars.count || !Self.isWordScalar(scalars[position + count])
    }

    /// The scalar at the cursor, or `nil` at the end of the line.
    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    /// Whether the cursor is at the end of the line or at the `;` that ends a command.
    var isAtSegmentEnd: Bool { position >= scalars.count || scalars[position] == ";" }

    /// The 1-based column of the character holding the scalar at `offset`.
    /// - Complexity: O(offset); only called to report a position.
    func column(_ offset: Int) -> Int {
        let end = min(max(offset, 0), scalars.count)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[..<end])
        return String(view).count + 1
    }

    func error(_ reason: CommandError.Reason, at offset: Int) -> CommandError {
        CommandError(reason, column: column(offset))
    }

    func text(_ range: Range<Int>) -> String {
        if let asciiBytes { return String(decoding: asciiBytes[range], as: UTF8.self) }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII first: a Unicode property lookup per scalar of every word costs far more.
        if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar != ";" && scalar != "\"" && scalar != "=" && !isSpace(scalar)
    }

    mutating func skipSpaces() {
        while position < scalars.count, Self.isSpace(scalars[position]) { position += 1 }
    }

    /// Throws at the first control character other than tab: they have no meaning in a command.
    func rejectControlCharacters() throws(CommandError) {
        if let asciiBytes {
            // An ASCII line: a byte compare per character (offsets are the same). The line's
            // lowest and highest bytes first (a plain reduction; `firstIndex(where:)` called its
            // closure per byte of every line): no byte below a space and no DEL — the highest
            // ASCII byte — means no control character; otherwise the first one is looked for
            // (a tab alone finds none).
            var lowest = UInt8.max
            var highest = UInt8.min
            for byte in asciiBytes {
                lowest = min(lowest, byte)
                highest = max(highest, byte)
            }
            guard lowest < 0x20 || highest == 0x7F else { return }
            guard let offset = asciiBytes.firstIndex(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else { return }
            throw error(.controlCharacter(scalars[offset]), at: offset)
        }
        for (offset, scalar) in scalars.enumerated()
        where scalar != "\t"
            && (scalar.isASCII
                ? scalar.value < 0x20 || scalar.value == 0x7F : scalar.properties.generalCategory == .control)
        {
            throw error(.controlCharacter(scalar), at: offset)
        }
    }

    /// Reads the run of scalars from the cursor up to whitespace or `;`, for messages and paths.
    mutating func rawWord() -> String {
        let start = position
        while position < scalars.count, scalars[position] != ";", !Self.isSpace(scalars[position]) { position += 1 }
        return text(start..<position)
    }

    /// The run of scalars at `offset` up to whitespace or `;`, without moving the cursor.
    func rawWord(at offset: Int) -> String {
        var copy = self
        copy.position = offset
        return copy.rawWord()
    }

    /// The next token, without moving the cursor (it is put back). Reading from a copy of the
    /// scanner instead would retain and release every array it holds, for every peek.
    mutating func peek() throws(CommandError) -> Token? {
        let start = position
        defer { position = start }
        return try token()
    }

    /// Skips spaces and reads the next token, or returns `nil` at the end of the command.
    mutating func token() throws(CommandError) -> Token? {
        skipSpaces()
        guard !isAtSegmentEnd else { return nil }
        let start = position
        switch scalars[position] {
        case "=":
            position += 1
            return Token(kind: .equals, text: "=", start: start)
        case "\"":
            let value = try quotedString()
            return Token(kind: .string(value), text: text(start..<position), start: start)
        default:
            while position < scalars.count, Self.isWordScalar(scalars[position]) { position += 1 }
            return Token(kind: .word, text: text(start..<position), start: start)
        }
    }

    /// Reads `"…"` at the cursor with the escapes `\"`, `\\`, `\n` and `\t`.
    private mutating func quotedString() throws(CommandError) -> String {
        let open = position
        position += 1
        var value: [Unicode.Scalar] = []
        var runStart = position
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "\"" {
                // No escape: the text between the quotes as it stands (building it scalar by
                // scalar would be most of parsing an insert).
                if runStart == open + 1 {
                    let text = text(runStart..<position)
                    position += 1
                    try expectSeparatorAfterString()
                    return text
                }
                value += scalars[runStart..<position]
                position += 1
                try expectSeparatorAfterString()
                var view = String.UnicodeScalarView()
                view.append(contentsOf: value)
                return String(view)
            }
            if scalar == "\\" {
                value += scalars[runStart..<position]
                guard position + 1 < scalars.count else { throw error(.unterminatedString, at: open) }
                switch scalars[position + 1] {
                case "\"": value.append("\"")
                case "\\": value.append("\\")
                case "n": value.append("\n")
                case "t": value.append("\t")
                default: throw error(.unknownEscape(text(position..<position + 2)), at: position)
                }
                position += 2
                runStart = position
                continue
            }
            position += 1
        }
        throw error(.unterminatedString, at: open)
    }

    private func expectSeparatorAfterString() throws(CommandError) {
        guard let next = current, next != ";", next != "=", !Self.isSpace(next) else { return }
        throw error(.expectedGot("a space after the string", got: rawWord(at: position)), at: position)
    }

    /// Throws unless only spaces remain before the end of the command.
    mutating func expectCommandEnd(hint: String? = nil) throws(CommandError) {
        skipSpaces()
        guard !isAtSegmentEnd else { return }
        throw error(.unexpected(rawWord(at: position), hint: hint), at: position)
    }

    /// `isIdentifier(token.text)` for the word `token` that ends at the cursor (just read): on
    /// an ASCII line its bytes are read where the line keeps them, without the token's string.
    func isIdentifier(endingHere token: Token) -> Bool {
        guard let asciiBytes, token.isWord, token.start < position else { return Self.isIdentifier(token.text) }
        let isStart = { (byte: UInt8) in
            byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }
        guard isStart(asciiBytes[token.start]) else { return false }
        for index in token.start + 1..<position {
            let byte = asciiBytes[index]
            guard isStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
        }
        return true
    }

    /// Whether `text` is a name: a letter or `_`, then letters, digits and `_`.
    static func isIdentifier(_ text: String) -> Bool {
        // ASCII (every key the fuzzer writes): byte by byte on the contiguous UTF-8, no scalar
        // decoding (walking `utf8` twice costs several calls a byte); nil for any other text.
        let ascii = { () -> Bool? in
            let utf8 = text.utf8.span
            var union: UInt8 = 0
            for index in utf8.indices { union |= utf8[index] }
            guard union < 0x80 else { return nil }
            let isStart = { (byte: UInt8) in
                byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            }
            guard !utf8.isEmpty, isStart(utf8[0]) else { return false }
            for index in utf8.indices where !isStart(utf8[index]) {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[index]) else { return false }
            }
            return true
        }()
        if let ascii { return ascii }
        guard let first = text.unicodeScalars.first, isIdentifierStart(first) else { return false }
        return text.unicodeScalars.allSatisfy(isIdentifierScalar)
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        return scalar.properties.isAlphabetic
    }

    static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }
}
