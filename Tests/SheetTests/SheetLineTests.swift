import Testing

@testable import Sheet

@Suite struct SheetLineTests {
    let brackets: (SheetStyleRole, String) -> String = { "[\($0):\($1)]" }

    @Test func piecesOfOneRoleWithOnlySpacesBetweenAreStyledOnce() {
        let line = SheetLine([
            .init(text: "+", role: .inserted), .init(text: " ", role: nil), .init(text: "0.0", role: .inserted),
            .init(text: "  ", role: nil), .init(text: "·", role: .dim), .init(text: "  ", role: nil),
            .init(text: "·", role: .dim), .init(text: "   ", role: nil),
        ])
        #expect(line.rendered(style: brackets) == "[inserted:+ 0.0]  [dim:·  ·]")
    }

    @Test func unstyledTextEndsARun() {
        let line = SheetLine([
            .init(text: "a", role: .moved), .init(text: " b ", role: nil), .init(text: "c", role: .moved),
        ])
        #expect(line.rendered(style: brackets) == "[moved:a] b [moved:c]")
    }

    @Test func trailingSpacesAreRemovedBeforeStyling() {
        let line = SheetLine([.init(text: "  x  ", role: .header), .init(text: "   ", role: nil)])
        #expect(line.rendered(style: brackets) == "[header:  x]")
        #expect(SheetLine("   ").rendered(style: brackets) == "")
    }

    @Test func fittingCutsThePieceThatOverflowsAndKeepsItsRole() {
        let line = SheetLine([.init(text: "abc", role: nil), .init(text: "日本語", role: .updated)])
        #expect(line.fitted(to: 6).spans == [.init(text: "abc", role: nil), .init(text: "日…", role: .updated)])
        #expect(line.fitted(to: 9) == line)
        #expect(line.fitted(to: 0).spans == [])
    }

    @Test func fittingIgnoresTrailingSpaces() {
        let line = SheetLine([.init(text: "abcd", role: nil), .init(text: "    ", role: nil)])
        #expect(line.fitted(to: 4).plainText == "abcd")
    }
}
