import FetchSimCore
import Testing

@testable import Sheet

/// Properties every rendering has, at many widths: it fits, has no trailing spaces or control
/// characters, and styling changes nothing but the added style text.
@Suite struct SheetInvariantTests {
    static let widths = [1, 2, 7, 12, 19, 25, 33, 40, 41, 57, 80, 81, 120]

    @Test(arguments: GoldenCase.all, widths)
    func everyLineFitsTheWidthWithoutTrailingSpaces(_ golden: GoldenCase, width: Int) {
        let lines = SheetRenderer(width: width).render(golden.model, window: golden.window)
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(TextWidth.displayWidth(of: line) <= width, "'\(line)' is wider than \(width)")
            #expect(line.last != " ", "'\(line)' ends in a space")
            #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "'\(line)'")
        }
    }

    @Test(arguments: GoldenCase.all, [12, 40, 80])
    func stylingWrapsTextWithoutChangingTheLayout(_ golden: GoldenCase, width: Int) {
        let plain = SheetRenderer(width: width).render(golden.model, window: golden.window)
        let styled = SheetRenderer(width: width, style: bracketStyle).render(golden.model, window: golden.window)
        #expect(styled.map(unbracketed) == plain)
    }

    @Test func aWideTableFillsTheWidthExactly() {
        let lines = SheetRenderer(width: 80).render(.groceries, window: .all)
        #expect(lines.map { TextWidth.displayWidth(of: $0) }.max() == 80)
        #expect(lines.filter { $0.hasPrefix("──") }.allSatisfy { TextWidth.displayWidth(of: $0) == 80 })
    }

    @Test func aNarrowTableRuleStopsAtTheTableWidth() {
        let lines = SheetRenderer(width: 80).render(.quiet, window: .all)
        let headerWidth = TextWidth.displayWidth(of: lines[0])
        #expect(TextWidth.displayWidth(of: lines[1]) == headerWidth, "\(lines[0...1])")
    }

    @Test func controlCharactersInTextAreShownNotObeyed() {
        let model = SheetModel(
            columns: ["ti\ntle"],
            sections: [
                SheetSection(name: "A\u{1B}[31m", rows: [row(0, 0, 1, ["two\nlines\tand\u{1B}[2J"])])
            ])
        let lines = SheetRenderer(width: 80).render(model, window: .all)
        #expect(
            lines == [
                "  path  id  ti↵tle",
                "── A\u{FFFD}[31m · 1 row ───────────",
                "  0.0   #1  two↵lines and\u{FFFD}[2J",
            ])
    }
}
