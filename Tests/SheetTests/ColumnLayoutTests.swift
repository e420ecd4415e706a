import Testing

@testable import Sheet

@Suite struct ColumnLayoutTests {
    /// Mark, space, path 3, gap, id 2: 9 columns, then a gap before each value column.
    func layout(_ natural: [Int], width: Int) -> ColumnLayout {
        ColumnLayout(pathWidth: 3, idWidth: 2, naturalValueWidths: natural, width: width)
    }

    /// The width a line with value columns `values` takes, with the dropped marker if `dropping`.
    func lineWidth(_ values: [Int], dropping: Bool = false) -> Int {
        9 + values.reduce(0) { $0 + 2 + $1 } + (dropping ? 3 : 0)
    }

    @Test func naturalWidthsWhenTheyFit() {
        let fitted = layout([5, 9, 1], width: lineWidth([5, 9, 1]))
        #expect(fitted.valueWidths == [5, 9, 1])
        #expect(fitted.droppedCount == 0)
        #expect(fitted.tableWidth == lineWidth([5, 9, 1]))
    }

    @Test func theWidestColumnShrinksFirst() {
        let fitted = layout([40, 12, 4], width: lineWidth([14, 12, 4]))
        #expect(fitted.valueWidths == [14, 12, 4])
    }

    @Test func equalWidestColumnsShrinkTogetherAndTheLeftmostKeepsTheSpareColumn() {
        let fitted = layout([20, 20, 3], width: lineWidth([9, 8, 3]))
        #expect(fitted.valueWidths == [9, 8, 3])
    }

    @Test func noColumnShrinksBelowThree() {
        let fitted = layout([10, 10, 2], width: lineWidth([3, 3, 2]))
        #expect(fitted.valueWidths == [3, 3, 2])
        #expect(fitted.droppedCount == 0)
    }

    @Test func trailingColumnsAreDroppedWhenTheMinimumDoesNotFit() {
        let width = lineWidth([4, 4], dropping: true)
        #expect(width < lineWidth([3, 3, 3], dropping: true))
        let fitted = layout([10, 10, 10, 10], width: width)
        #expect(fitted.valueWidths == [4, 4])
        #expect(fitted.droppedCount == 2)
        #expect(fitted.tableWidth == width)
    }

    @Test func everyValueColumnIsDroppedWhenOnlyTheFixedColumnsFit() {
        let fitted = layout([10], width: 11)
        #expect(fitted.valueWidths == [])
        #expect(fitted.droppedCount == 1)
    }
}
