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
