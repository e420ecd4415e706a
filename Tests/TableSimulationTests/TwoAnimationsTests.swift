import FetchSimCore
import TableSimulation
import Testing

/// UIKit's "Attempt to create two animations for cell" (docs/semantics.md, "Two animations for a
/// cell"): a batch that moves a row to index path P and reloads P (reloads name old paths, so the
/// reload's new cell also lands at P). Worked by hand from matrixprojects.net's example — rows
/// A B C, `moveRow(2 → 0)` + `reloadRows([0])` in one batch — and from Authenticator issue 135.
@Suite struct TwoAnimationsTests {
    private func p(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }

    /// A B C (ids 1 2 3) becoming C A B.
    private func harness(twoAnimations: Bool) -> Harness {
        let harness = Harness([[1, 2, 3]])
        harness.table.reportsReloadAndMoveAsTwoAnimations = twoAnimations
        harness.source.set([[3, 1, 2]])
        return harness
    }

    @Test func reloadAtTheMoveDestinationIsTwoAnimationsOnIOS9EraTables() throws {
        let harness = harness(twoAnimations: true)
        let thrown = #expect(throws: TableViewError.self) {
            try harness.table.performBatchUpdates {
                try harness.table.moveRow(at: self.p(0, 2), to: self.p(0, 0))
                try harness.table.reloadRows(at: [self.p(0, 0)])
            }
        }
        #expect(thrown == .twoAnimationsForCell(p(0, 0)))
        #expect(thrown?.description == "Attempt to create two animations for cell")
        // The batch is not applied: the table still shows A B C and is out of step.
        #expect(harness.table.rowIdentifiersBySection == [[1, 2, 3]])
        #expect(harness.table.isOutOfStep)
    }

    @Test func theSameBatchIsAnInsertAndAMoveOnCurrentTables() throws {
        let harness = harness(twoAnimations: false)
        let thrown = #expect(throws: TableViewError.self) {
            try harness.table.performBatchUpdates {
                try harness.table.moveRow(at: self.p(0, 2), to: self.p(0, 0))
                try harness.table.reloadRows(at: [self.p(0, 0)])
            }
        }
        #expect(thrown == .insertAndMoveSameIndexPath(p(0, 0)))
    }

    @Test func anExplicitInsertAtTheDestinationKeepsItsOwnMessageInEitherEra() throws {
        let harness = Harness([[1, 2]])
        harness.table.reportsReloadAndMoveAsTwoAnimations = true
        harness.source.set([[2, 9, 1]])
        let thrown = #expect(throws: TableViewError.self) {
            try harness.table.performBatchUpdates {
                try harness.table.insertRows(at: [self.p(0, 2)])
                try harness.table.moveRow(at: self.p(0, 0), to: self.p(0, 2))
            }
        }
        #expect(thrown == .insertAndMoveSameIndexPath(p(0, 2)))
    }

    @Test func reloadingTheMovedRowsOldNeighbourIsFine() throws {
        // Reloading B (old 1, new 2) while C moves 2 → 0: no path gets two animations.
        let harness = harness(twoAnimations: true)
        try harness.table.performBatchUpdates {
            try harness.table.moveRow(at: self.p(0, 2), to: self.p(0, 0))
            try harness.table.reloadRows(at: [self.p(0, 1)])
        }
        #expect(harness.table.rowIdentifiersBySection == [[3, 1, 2]])
        #expect(!harness.table.isOutOfStep)
    }
}
