import Testing

@testable import Sheet

@Suite struct RowWindowTests {
    /// 30 rows, the ones in `marks` marked.
    func ranges(marks: Set<Int>, count: Int = 30, maxRows: Int = 100) -> [Range<Int>] {
        RowWindow.visibleRanges(marked: marks.sorted(), total: count, maxRows: maxRows)
    }

    @Test func aMarkedRowIsShownWithTwoRowsEitherSide() {
        #expect(ranges(marks: [10]) == [8..<13])
        #expect(ranges(marks: [0, 29]) == [0..<3, 27..<30])
    }

    @Test func windowsOneRowApartAreMergedAndTwoApartAreNot() {
        #expect(ranges(marks: [10, 16]) == [8..<19])
        #expect(ranges(marks: [10, 17]) == [8..<13, 15..<20])
    }

    @Test func windowsAreCutToMaxRows() {
        #expect(ranges(marks: [10, 20], maxRows: 7) == [8..<13, 18..<20])
        #expect(ranges(marks: [10], maxRows: 0) == [])
    }

    @Test func withoutMarksTheFirstRowsAreShown() {
        #expect(ranges(marks: [], maxRows: 4) == [0..<4])
    }

    @Test func aTableThatFitsIsShownWhole() {
        let items = RowWindow.items(for: .quiet, window: .aroundChanges(maxRows: 30))
        #expect(items.count == 31)
        #expect(items.first == .sectionRule(index: 0))
        #expect(!items.contains { if case .hiddenRows = $0 { true } else { false } })
    }

    @Test func oneRowTooManyIsWindowed() {
        let items = RowWindow.items(for: .quiet, window: .aroundChanges(maxRows: 29))
        #expect(items.last == .hiddenRows(count: 1, changed: 0))
    }

    @Test func hiddenSectionsAndRowsAreCountedWithTheirChanges() {
        let items = RowWindow.items(for: .long, window: .aroundChanges(maxRows: 3))
        #expect(
            items == [
                .sectionRule(index: 0),
                .row(section: 0, row: 0), .row(section: 0, row: 1), .row(section: 0, row: 2),
                .hiddenRows(count: 17, changed: 0),
                .hiddenSections(count: 2, rows: 40, changed: 2),
            ])
    }
}
