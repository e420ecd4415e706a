import FetchSimCore
import Sheet
import Testing

@testable import SessionPages

/// The rows a page's table shows are the terminal sheet's: compared with `SheetRenderer`'s lines.
@Suite struct SheetTableTests {
    /// One section of `count` rows, marked (updated) at `marked`.
    private func model(count: Int, marked: Set<Int>) -> SheetModel {
        let rows = (0..<count).map {
            SheetRow(
                path: IndexPath(row: $0, section: 0), id: $0 + 1, cells: ["t\($0)"],
                mark: marked.contains($0) ? .updated : nil)
        }
        return SheetModel(columns: ["title"], sections: [SheetSection(name: "All", rows: rows)])
    }

    @Test func aLongSectionShowsTwoRowsEitherSideOfEachChange() {
        let items = SheetTable.items(model(count: 100, marked: [50, 90]), window: .aroundChanges(maxRows: 24))
        let expected: [SheetTable.Item] =
            [.sectionRule(0), .hiddenRows(count: 48, changed: 0)]
            + (48...52).map { .row(section: 0, row: $0) } + [.hiddenRows(count: 35, changed: 0)]
            + (88...92).map { .row(section: 0, row: $0) } + [.hiddenRows(count: 7, changed: 0)]
        #expect(items == expected)
    }

    @Test func theElisionsMatchTheTerminalSheet() {
        let sheet = model(count: 100, marked: [2, 60])
        let window = SheetWindow.aroundChanges(maxRows: 24)
        let terminal = SheetRenderer(width: 80).render(sheet, window: window).filter { $0.contains("⋮") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let page = SheetTable.items(sheet, window: window).compactMap { item -> String? in
            guard case .hiddenRows(let count, _) = item else { return nil }
            return "⋮ \(count) rows"
        }
        #expect(terminal == ["⋮ 53 rows", "⋮ 37 rows"])
        #expect(page == terminal)
    }

    @Test func aShortTableShowsEveryRow() {
        let items = SheetTable.items(model(count: 5, marked: [2]), window: .aroundChanges(maxRows: 24))
        #expect(items == [.sectionRule(0)] + (0..<5).map { .row(section: 0, row: $0) })
    }

    @Test func problemWordingIsReadForItsRowOrSection() {
        #expect(ProblemLocation("row 0.3 shows a stale cell for #1: …") == .row("0.3"))
        #expect(ProblemLocation("row 12.104 shows #4 \"Coffee\" but the controller has #2 there") == .row("12.104"))
        #expect(ProblemLocation("section 2 has 4 rows but the controller has 5") == .section(2))
        #expect(ProblemLocation("the controller's objects are out of order") == nil)
        #expect(ProblemLocation("row x.y shows") == nil)
        #expect(ProblemLocation("row") == nil)
    }
}
