import Testing

@testable import Sheet

@Suite struct RowContentTests {
    struct MarkCase: Sendable, CustomTestStringConvertible {
        var mark: ChangeMark?
        var character: String
        var path: String
        var role: SheetStyleRole?
        var testDescription: String { character }
    }

    @Test(arguments: [
        MarkCase(mark: .inserted, character: "+", path: "1.2", role: .inserted),
        MarkCase(mark: .moved(from: path(0, 7)), character: ">", path: "1.2←0.7", role: .moved),
        MarkCase(mark: .updated, character: "~", path: "1.2", role: .updated),
        MarkCase(mark: nil, character: " ", path: "1.2", role: nil),
    ])
    func aMarkShowsAsACharacterAndStylesTheRow(_ example: MarkCase) {
        let content = RowContent(row(1, 2, 9, ["x"], example.mark))
        #expect(content.mark == example.character)
        #expect(content.path == example.path)
        #expect(content.id == "#9")
        #expect(content.role == example.role)
    }

    @Test func aDeletedRowShowsItsOldPath() {
        let content = RowContent(DeletedRow(oldPath: path(3, 4), id: 2, cells: ["a"]))
        #expect(content.mark == "-")
        #expect(content.path == "3.4")
        #expect(content.role == .deleted)
    }

    @Test func aRowWithoutACellShowsPlaceholdersAndMissingCellsAreEmpty() {
        #expect(RowContent(row(0, 0, 1, nil)).value(at: 2) == "·")
        #expect(RowContent(row(0, 0, 1, ["a"])).value(at: 0) == "a")
        #expect(RowContent(row(0, 0, 1, ["a"])).value(at: 1) == "")
    }

    @Test func pluralsAndSanitizing() {
        #expect(SheetText.counted(1, "row") == "1 row")
        #expect(SheetText.counted(0, "row") == "0 rows")
        #expect(SheetText.sanitized("a\r\nb\tc\u{7}") == "a↵b c\u{FFFD}")
        #expect(SheetText.sanitized("日本") == "日本")
    }
}
