import FetchSimCore
import TableSimulation
import Testing

/// Cells: only visible rows have one, and only reloads, inserts, reconfigures and scrolling
/// (re)configure them — moved and shifted rows keep what they showed.
@Suite struct CellTests {
    @Test func cellsExistOnlyInsideTheViewport() {
        let harness = Harness([[1, 2, 3, 4], [5, 6, 7, 8]], firstRow: 3, height: 3)
        #expect(harness.table.indexPathsForVisibleRows == [p(0, 3), p(1, 0), p(1, 1)])
        #expect(harness.source.cellRequests == [p(0, 3), p(1, 0), p(1, 1)])
        #expect(harness.table.cellForRow(at: p(0, 2)) == nil)
        #expect(harness.table.cellForRow(at: p(1, 2)) == nil)
        #expect(harness.table.cellForRow(at: p(1, 0)) == TableCell(identifier: 5, columns: ["0", "item 5"]))
        #expect(harness.table.cellForRow(at: p(5, 0)) == nil)
        #expect(harness.table.rowIdentifier(at: p(1, 3)) == 8, "identifiers are known off screen too")
        #expect(harness.table.viewport.description == "rows 3..<6")
        #expect(TableCell(identifier: 7, columns: ["Milk", "3"]).description == "#7 Milk | 3")
    }

    @Test func scrollingConfiguresNewRowsAndDropsLeavingOnes() {
        let harness = Harness([[1, 2, 3, 4, 5, 6]], height: 2)
        harness.source.labels[2] = "changed"
        harness.source.forgetCellRequests()
        harness.table.viewport = Viewport(firstRow: 1, height: 3)
        #expect(harness.source.cellRequests == [p(0, 2), p(0, 3)], "row 1 already had a cell")
        #expect(harness.columns(0, 0) == nil)
        #expect(harness.columns(0, 1) == ["1", "item 2"], "kept, not reconfigured")
        harness.table.viewport = Viewport(firstRow: 10, height: 3)
        #expect(harness.table.indexPathsForVisibleRows.isEmpty)
        harness.table.viewport = Viewport(firstRow: 0, height: 2)
        #expect(harness.columns(0, 1) == ["1", "changed"], "configured again after scrolling back")
    }

    @Test func movedRowKeepsItsStaleCell() throws {
        let harness = Harness([[1, 2, 3]])
        harness.source.labels[1] = "renamed"
        harness.source.set([[2, 3, 1]])
        try harness.table.performBatchUpdates { try harness.table.moveRow(at: p(0, 0), to: p(0, 2)) }
        #expect(harness.table.cellForRow(at: p(0, 2)) == TableCell(identifier: 1, columns: ["0", "item 1"]))
        #expect(harness.columns(0, 0) == ["1", "item 2"], "shifted up, still shows its old row number")
    }

    @Test func shiftedRowsKeepTheirCellsAndInsertedRowsGetFreshOnes() throws {
        let harness = Harness([[1, 2]])
        harness.source.set([[9, 1, 2]])
        harness.source.forgetCellRequests()
        try harness.table.insertRows(at: [p(0, 0)])
        #expect(harness.source.cellRequests == [p(0, 0)])
        #expect(harness.columns(0, 0) == ["0", "item 9"])
        #expect(harness.columns(0, 1) == ["0", "item 1"], "stale row number after the shift")
        #expect(harness.columns(0, 2) == ["1", "item 2"])
    }

    @Test func rowsShiftedIntoTheViewportAreConfigured() throws {
        let harness = Harness([[1, 2, 3, 4]], height: 2)
        harness.source.set([[3, 4]])
        try harness.table.deleteRows(at: [p(0, 0), p(0, 1)])
        #expect(harness.columns(0, 0) == ["0", "item 3"])
        #expect(harness.columns(0, 1) == ["1", "item 4"])
    }

    @Test func reloadRowsReadsIdentityAndCellAgain() throws {
        let harness = Harness([[1, 2, 3]])
        harness.source.set([[1, 20, 3]])
        harness.source.labels[20] = "replacement"
        try harness.table.reloadRows(at: [p(0, 1)])
        #expect(harness.table.rowIdentifiers(inSection: 0) == [1, 20, 3])
        #expect(harness.table.cellForRow(at: p(0, 1)) == TableCell(identifier: 20, columns: ["1", "replacement"]))
    }

    @Test func reloadInsideABatchUsesTheOldIndexPath() throws {
        let harness = Harness([[1, 2, 3]])
        harness.source.labels[3] = "new"
        harness.source.set([[9, 1, 2, 3]])
        try harness.table.performBatchUpdates {
            try harness.table.insertRows(at: [p(0, 0)])
            try harness.table.reloadRows(at: [p(0, 2)])
        }
        #expect(harness.columns(0, 3) == ["3", "new"])
        #expect(harness.columns(0, 2) == ["1", "item 2"], "not reloaded: only shifted")
    }

    @Test func reconfigureRefreshesTheExistingCellButNotTheIdentity() throws {
        let harness = Harness([[1, 2, 3]])
        harness.source.set([[1, 20, 3]])
        try harness.table.reconfigureRows(at: [p(0, 1)])
        #expect(harness.table.rowIdentifier(at: p(0, 1)) == 2, "the row's identity is not re-read")
        #expect(harness.table.cellForRow(at: p(0, 1))?.identifier == 20, "the cell shows what cellForRow says")
    }

    @Test func reconfigureInsideABatchUsesOldPathsAndRefreshesAtTheNewOne() throws {
        let harness = Harness([[1, 2, 3]])
        harness.source.labels[1] = "one"
        harness.source.labels[3] = "three"
        harness.source.set([[9, 2, 3, 1]])
        try harness.table.performBatchUpdates {
            try harness.table.reconfigureRows(at: [p(0, 0), p(0, 2)])
            try harness.table.insertRows(at: [p(0, 0)])
            try harness.table.moveRow(at: p(0, 0), to: p(0, 3))
        }
        #expect(harness.table.rowIdentifiers(inSection: 0) == [9, 2, 3, 1])
        #expect(harness.columns(0, 3) == ["3", "one"], "moved and reconfigured")
        #expect(harness.columns(0, 2) == ["2", "three"], "not shifted, reconfigured")
        #expect(harness.columns(0, 1) == ["1", "item 2"], "untouched")
    }

    @Test func reconfigureSkipsRowsOffScreenAndDeletedRows() throws {
        let harness = Harness([[1, 2, 3]], height: 1)
        harness.source.labels[1] = "one"
        harness.source.set([[1, 3]])
        harness.source.forgetCellRequests()
        try harness.table.performBatchUpdates {
            try harness.table.reconfigureRows(at: [p(0, 1), p(0, 2)])
            try harness.table.deleteRows(at: [p(0, 1)])
        }
        #expect(harness.source.cellRequests.isEmpty)
        #expect(harness.columns(0, 0) == ["0", "item 1"])
        #expect(harness.columns(0, 1) == nil)
    }
}
