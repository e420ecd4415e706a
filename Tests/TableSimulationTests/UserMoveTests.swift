import FetchSimCore
import TableSimulation
import Testing

/// The user's drag: the table moves first, then tells the data source (docs/semantics.md, rules 18–19).
@Suite struct UserMoveTests {
    struct Drag: Sendable, CustomTestStringConvertible {
        var before: [[Int]]
        var from: IndexPath
        var to: IndexPath
        var after: [[Int]]
        var testDescription: String { "\(from.shortDescription) → \(to.shortDescription)" }
    }

    @Test(arguments: [
        Drag(before: [[1, 2, 3, 4]], from: p(0, 3), to: p(0, 1), after: [[1, 4, 2, 3]]),
        Drag(before: [[1, 2, 3, 4]], from: p(0, 1), to: p(0, 3), after: [[1, 3, 4, 2]]),
        Drag(before: [[1, 2], [3]], from: p(0, 0), to: p(1, 1), after: [[2], [3, 1]]),
        Drag(before: [[1, 2], [3]], from: p(1, 0), to: p(0, 0), after: [[3, 1, 2], []]),
        Drag(before: [[1], []], from: p(0, 0), to: p(1, 0), after: [[], [1]]),
    ])
    func dragMovesTheRowThenCallsMoveRowAt(drag: Drag) throws {
        let harness = Harness(drag.before)
        harness.source.appliesUserMoves = false
        let cell = harness.table.cellForRow(at: drag.from)
        try harness.table.userMoveRow(from: drag.from, to: drag.to)
        #expect(harness.table.rowIdentifiersBySection == drag.after)
        #expect(harness.table.numberOfRows(inSection: drag.to.section) == drag.after[drag.to.section].count)
        #expect(harness.table.numberOfRows(inSection: drag.from.section) == drag.after[drag.from.section].count)
        #expect(harness.source.userMoves == [.init(from: drag.from, to: drag.to)])
        #expect(harness.source.ids == drag.before, "the table does not touch the model itself")
        #expect(harness.table.cellForRow(at: drag.to) == cell, "the dragged cell moves unchanged")
        #expect(harness.table.lastBatch == [.userMoveRow(from: drag.from, to: drag.to)])
    }

    @Test func dataSourceThatFollowsTheDragStaysInStep() throws {
        let harness = Harness([[1, 2, 3], [4]])
        try harness.table.userMoveRow(from: p(0, 2), to: p(1, 0))
        try harness.table.userMoveRow(from: p(0, 0), to: p(0, 1))
        #expect(harness.source.ids == [[2, 1], [3, 4]])
        #expect(harness.table.rowIdentifiersBySection == harness.source.ids)
        try harness.table.performBatchUpdates {}
        #expect(!harness.table.isOutOfStep)
    }

    @Test func dragIntoTheViewportConfiguresAtTheNextLayoutPass() throws {
        let harness = Harness([[1, 2, 3, 4]], height: 2)
        try harness.table.userMoveRow(from: p(0, 3), to: p(0, 0))
        #expect(harness.table.rowIdentifiers(inSection: 0) == [4, 1, 2, 3])
        #expect(harness.columns(0, 0) == nil, "not configured while the model may still be catching up")
        harness.table.layoutIfNeeded()
        #expect(harness.columns(0, 0) == ["0", "item 4"], "configured from the updated model")
        #expect(harness.columns(0, 1) == ["0", "item 1"], "shifted, stale")
        #expect(harness.columns(0, 2) == nil)
    }

    @Test(arguments: [(p(0, 2), p(0, 0)), (p(0, 0), p(0, 2)), (p(0, 0), p(1, 0)), (p(1, 0), p(0, 0))])
    func dragOutOfRangeThrows(from: IndexPath, to: IndexPath) {
        let harness = Harness([[1, 2]])
        #expect(throws: TableViewError.userMoveOutOfRange(from: from, to: to)) {
            try harness.table.userMoveRow(from: from, to: to)
        }
        #expect(harness.table.rowIdentifiersBySection == [[1, 2]])
        #expect(harness.source.userMoves.isEmpty)
    }

    @Test func dragDuringABatchThrows() {
        let harness = Harness([[1, 2]])
        harness.table.beginUpdates()
        #expect(throws: TableViewError.userMoveDuringUpdates) {
            try harness.table.userMoveRow(from: p(0, 0), to: p(0, 1))
        }
        #expect(harness.table.rowIdentifiersBySection == [[1, 2]])
    }
}
