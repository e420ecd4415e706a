import FetchSimCore
import TableSimulation
import Testing

private struct SomeFailure: Error, CustomStringConvertible {
    var description: String { "disk full" }
}

/// Loading, nesting, one-operation batches and what happens after a failure.
@Suite struct UpdateLifecycleTests {
    @Test func tableLoadsNothingUntilReloadData() {
        let source = ArrayDataSource([[1, 2]], titles: ["Fruit"])
        source.indexTitles = ["F"]
        let table = SimulatedTableView(dataSource: source)
        #expect(table.numberOfSections == 0)
        #expect(source.cellRequests.isEmpty)
        table.reloadData()
        #expect(table.rowIdentifiersBySection == [[1, 2]])
        #expect(table.headerTitle(forSection: 0) == "Fruit")
        #expect(table.headerTitle(forSection: 1) == nil)
        #expect(table.sectionIndexTitles == ["F"])
        #expect(table.indexPath(forRowIdentifier: 2) == p(0, 1))
        #expect(table.indexPath(forRowIdentifier: 3) == nil)
        #expect(table.cellForRow(at: p(0, 1)) == TableCell(identifier: 2, columns: ["1", "item 2"]))
    }

    @Test func nestedBatchesApplyAtTheEndOfTheOutermost() throws {
        let harness = Harness([[1, 2]])
        harness.source.set([[1, 2, 3, 4]])
        harness.table.beginUpdates()
        harness.table.beginUpdates()
        try harness.table.insertRows(at: [p(0, 2)])
        try harness.table.endUpdates()
        #expect(harness.table.rowIdentifiers(inSection: 0) == [1, 2], "nothing applied yet")
        #expect(harness.table.isPerformingUpdates)
        try harness.table.performBatchUpdates { try harness.table.insertRows(at: [p(0, 3)]) }
        #expect(harness.table.rowIdentifiers(inSection: 0) == [1, 2])
        try harness.table.endUpdates()
        #expect(harness.table.rowIdentifiers(inSection: 0) == [1, 2, 3, 4])
        #expect(!harness.table.isPerformingUpdates)
        #expect(harness.table.lastBatch == [.insertRows([p(0, 2)]), .insertRows([p(0, 3)])])
    }

    @Test func emptyBatchStillChecksTheCounts() {
        let harness = Harness([[1, 2]])
        harness.source.set([[1, 2, 3]])
        #expect(
            throws: TableViewError.invalidRowCount(
                section: 0, after: 3, before: 2, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0)
        ) {
            try harness.table.performBatchUpdates {}
        }
    }

    @Test func endUpdatesWithoutBeginThrows() {
        let harness = Harness([[1]])
        #expect(throws: TableViewError.endUpdatesWithoutBeginUpdates) { try harness.table.endUpdates() }
        #expect(
            TableViewError.endUpdatesWithoutBeginUpdates.description
                == "endUpdates called without a matching beginUpdates")
    }

    @Test func callOutsideABatchIsAOneOperationBatch() throws {
        let harness = Harness([[1, 2]])
        harness.source.set([[1]])
        try harness.table.deleteRows(at: [p(0, 1)])
        #expect(harness.table.rowIdentifiers(inSection: 0) == [1])
        #expect(harness.table.lastBatch == [.deleteRows([p(0, 1)])])
        // Outside a batch a move to the same path is a harmless no-op; inside one it is rejected.
        try harness.table.moveRow(at: p(0, 0), to: p(0, 0))
        #expect(harness.table.rowIdentifiers(inSection: 0) == [1])
        #expect(
            throws: TableViewError.invalidRowCount(
                section: 0, after: 1, before: 1, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)
        ) {
            try harness.table.insertRows(at: [p(0, 0)])
        }
    }

    @Test func invalidBatchLeavesTheTableOutOfStepUntilReloadData() throws {
        let harness = Harness([[1, 2, 3]])
        harness.source.set([[1, 2]])
        #expect(throws: TableViewError.self) {
            try harness.table.performBatchUpdates { try harness.table.deleteRows(at: [p(0, 0), p(0, 1)]) }
        }
        #expect(harness.table.rowIdentifiers(inSection: 0) == [1, 2, 3])
        #expect(harness.table.numberOfRows(inSection: 0) == 3)
        #expect(harness.table.isOutOfStep)
        #expect(harness.table.lastBatch == [.deleteRows([p(0, 0), p(0, 1)])])
        // A later valid batch is applied against the stale state, but the flag stays.
        try harness.table.deleteRows(at: [p(0, 2)])
        #expect(harness.table.rowIdentifiers(inSection: 0) == [1, 2])
        #expect(harness.table.isOutOfStep)
        harness.table.reloadData()
        #expect(!harness.table.isOutOfStep)
    }

    @Test func throwingUpdateBlockAbandonsTheBatch() {
        let harness = Harness([[1, 2]])
        harness.source.set([[1]])
        let thrown = #expect(throws: TableViewError.self) {
            try harness.table.performBatchUpdates {
                try harness.table.deleteRows(at: [p(0, 1)])
                throw SomeFailure()
            }
        }
        #expect(thrown == .updateBlockFailed("disk full"))
        #expect(thrown?.description == "the batch update block threw an error, the batch was abandoned: disk full")
        #expect(harness.table.rowIdentifiers(inSection: 0) == [1, 2])
        #expect(harness.table.isOutOfStep)
        #expect(!harness.table.isPerformingUpdates)
    }

    @Test func reloadDataInsideABatchDropsWhatWasRecorded() throws {
        let harness = Harness([[1, 2]])
        harness.source.set([[3]])
        try harness.table.performBatchUpdates {
            try harness.table.deleteRows(at: [p(0, 0)])
            harness.table.reloadData()
        }
        #expect(harness.table.rowIdentifiers(inSection: 0) == [3])
        #expect(harness.table.lastBatch == [])
    }

    @Test func tableWithoutADataSourceIsEmpty() throws {
        let table = SimulatedTableView()
        table.reloadData()
        #expect(table.numberOfSections == 0)
        #expect(table.rowIdentifiers(inSection: 0) == [])
        #expect(table.numberOfRows(inSection: 0) == 0)
        try table.performBatchUpdates {}
    }
}
