import Testing

@testable import SessionPages

@Suite struct HTMLTextTests {
    @Test func escapesTheFiveMarkupCharacters() {
        #expect(HTMLText.escaped("a < b & \"c\" > 'd'") == "a &lt; b &amp; &quot;c&quot; &gt; &#39;d&#39;")
    }

    @Test func leavesOtherTextAlone() {
        #expect(HTMLText.escaped("Milk · 0.3←0.0 ✗ 漢字 🥛") == "Milk · 0.3←0.0 ✗ 漢字 🥛")
        #expect(HTMLText.escaped("") == "")
        #expect(HTMLText.escaped("tab\there\nnext") == "tab\there\nnext")
    }

    @Test func escapesAnAmpersandOnlyOnce() {
        // An entity in the input is text, not markup: its ampersand is escaped like any other.
        #expect(HTMLText.escaped("&amp;") == "&amp;amp;")
    }

    @Test func showsControlCharactersAsControlPictures() {
        #expect(HTMLText.escaped("a\u{1}b\u{1B}c") == "a\u{2401}b\u{241B}c")
        #expect(HTMLText.escaped("\u{7F}") == "\u{2421}")
    }

    @Test func scriptTextCannotCloseAnElement() {
        let hostile = "</td></table><script>alert(1)</script>"
        let escaped = HTMLText.escaped(hostile)
        #expect(!escaped.contains("<"))
        #expect(!escaped.contains(">"))
    }
}
