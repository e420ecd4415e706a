import FetchSimCore
import Testing

/// Lines of files from any system: `\n` and `\r\n` end a line (Swift's `String` holds `\r\n` as
/// one `Character`, so a split at `\n` alone leaves a Windows file whole).
@Suite struct TextLinesTests {
    @Test func unixAndWindowsLineEndings() {
        #expect(TextLines.split("a\nb\n") == ["a", "b"])
        #expect(TextLines.split("a\r\nb\r\n") == ["a", "b"])
        #expect(TextLines.split("a\r\nb\nc") == ["a", "b", "c"])
        #expect(TextLines.split("a\n\r\nb") == ["a", "", "b"])
    }

    @Test func emptyTextAndEmptyLines() {
        #expect(TextLines.split("") == [])
        #expect(TextLines.split("\n") == [""])
        #expect(TextLines.split("\r\n\r\n") == ["", ""])
    }

    /// A lone carriage return and Unicode's own separators stay inside the line.
    @Test func otherSeparatorsStayInTheLine() {
        #expect(TextLines.split("a\rb\n") == ["a\rb"])
        #expect(TextLines.split("a\u{2028}b") == ["a\u{2028}b"])
    }
}
