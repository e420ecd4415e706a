import FetchSimCore
import Testing

@Suite struct TextWidthTests {
    @Test(arguments: [
        ("", 0), ("abc", 3), ("a b", 3), ("日本語", 6), ("한국어", 6), ("ｱｲｳ", 3), ("ＡＢ", 4), ("、。", 4),
        ("e\u{301}", 1), ("\u{301}", 0), ("cafe\u{301}!", 5), ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇫🇷", 2),
        ("❤️", 2), ("❤", 1), ("1️⃣", 2), ("a\u{200B}b", 2), ("\t", 0), ("\u{1B}", 0), ("x\u{7F}", 1),
        ("𠀋", 2), ("─│", 2), ("é日👍", 5),
    ])
    func measures(text: String, width: Int) {
        #expect(TextWidth.displayWidth(of: text) == width)
    }

    @Test(arguments: [
        ("hello", 10, "hello"), ("hello", 5, "hello"), ("hello world", 5, "hell…"), ("abc", 1, "…"),
        ("abc", 0, ""), ("abc", -3, ""), ("日本語テキスト", 7, "日本語…"), ("日本語", 4, "日…"),
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"), ("👍👍👍", 5, "👍👍…"), ("ab👍", 3, "ab…"),
    ])
    func truncates(text: String, width: Int, expected: String) {
        let result = TextWidth.truncate(text, toWidth: width)
        #expect(result == expected)
        #expect(TextWidth.displayWidth(of: result) <= max(width, 0))
    }

    @Test func pads() {
        #expect(TextWidth.pad("日本", toWidth: 6) == "日本  ")
        #expect(TextWidth.pad("toolong", toWidth: 3) == "toolong")
    }
}

/// The width of a text is the sum of its characters' widths, however ASCII and other scalars
/// mix: random texts over scalars that join their neighbours (combining marks, variation
/// selectors, zero-width joiners, regional indicators, Hangul jamo, prepend marks, CR LF),
/// measured whole and as substrings, against the plain sum over `Character`s.
@Suite struct TextWidthSumTests {
    static let scalars: [Unicode.Scalar] = [
        "a", "Z", "1", " ", "\r", "\n", "\t", "\u{7F}", "\u{301}", "\u{FE0F}", "\u{200D}", "\u{20E3}",
        "\u{1F468}", "\u{1F1EB}", "\u{1F1F7}", "\u{65E5}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{600}",
        "\u{2500}", "\u{E9}", "\u{2764}", "\u{FF21}",
    ]

    @Test func widthIsTheSumOverCharacters() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                text.unicodeScalars.append(Self.scalars.randomElement(using: &random)!)
            }
            let expected = text.reduce(0) { $0 + TextWidth.displayWidth(of: $1) }
            #expect(
                TextWidth.displayWidth(of: text) == expected,
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            let characters = Array(text.indices)
            guard characters.count > 1 else { continue }
            let from = characters[Int.random(in: 0..<characters.count, using: &random)]
            let slice = text[from...]
            #expect(TextWidth.displayWidth(of: slice) == slice.reduce(0) { $0 + TextWidth.displayWidth(of: $1) })
        }
    }
}
