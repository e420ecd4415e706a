import FetchSimCore
import TableSimulation
import Testing

/// The collection-view variant (docs/semantics.md rules C1–C2): the same rules, UIKit's
/// collection-view wording, written out here by hand from the crash reports.
@Suite struct CollectionViewTests {
    private func collection(_ before: [[Int]]) -> (SimulatedTableView, ArrayDataSource) {
        let source = ArrayDataSource(before)
        let view = SimulatedTableView(dataSource: source)
        view.style = .collection
        view.reloadData()
        return (view, source)
    }

    @Test func itemCountMessageIsVerbatimWithTwoSpaces() throws {
        let (view, source) = collection([[1, 2, 3, 4]])
        let error = #expect(throws: TableViewError.self) { try view.deleteRows(at: [p(0, 2), p(0, 3)]) }
        #expect(
            error?.description
                == "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (4) must be equal to the number of items contained in that section before the update (4), plus or minus the number of items inserted or deleted from that section (0 inserted, 2 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
        )
        #expect(error?.kind == "invalidRowCount")
        #expect(view.isOutOfStep)
        #expect(view.rowIdentifiers(inSection: 0) == [1, 2, 3, 4])
        #expect(source.ids == [[1, 2, 3, 4]])
    }

    @Test func sectionCountMessageNamesTheCollectionView() throws {
        let (view, source) = collection([[1]])
        source.set([[1], [2]])
        let error = #expect(throws: TableViewError.self) { try view.performBatchUpdates {} }
        #expect(
            error?.description
                == "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (2) must be equal to the number of sections contained in the collection view before the update (1), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."
        )
    }

    @Test func deleteOutOfRangeSaysItems() throws {
        let (view, source) = collection([[1, 2, 3]])
        source.set([[1, 2]])
        let error = #expect(throws: TableViewError.self) { try view.deleteRows(at: [p(0, 3)]) }
        #expect(
            error?.description
                == "attempt to delete item 3 from section 0 which only contains 3 items before the update")
    }

    @Test func conflictMessagesKeepTheirIndexPathWording() throws {
        let (view, source) = collection([[1, 2, 3]])
        source.set([[1, 3, 2]])
        let error = #expect(throws: TableViewError.self) {
            try view.performBatchUpdates {
                try view.moveRow(at: p(0, 1), to: p(0, 2))
                try view.reloadRows(at: [p(0, 2)])
            }
        }
        #expect(
            error?.description
                == "attempt to perform an insert and a move to the same index path (<NSIndexPath> {length = 2, path = 0 - 2})"
        )
    }

    @Test func aValidBatchAppliesAsOnATable() throws {
        let (view, source) = collection([[1, 2, 3]])
        source.set([[3, 1, 4]])
        try view.performBatchUpdates {
            try view.deleteRows(at: [p(0, 1)])
            try view.moveRow(at: p(0, 2), to: p(0, 0))
            try view.insertRows(at: [p(0, 2)])
        }
        #expect(view.rowIdentifiers(inSection: 0) == [3, 1, 4])
        #expect(!view.isOutOfStep)
    }

    @Test func theTableKeepsItsOwnWording() throws {
        let source = ArrayDataSource([[1, 2]])
        let view = SimulatedTableView(dataSource: source)
        view.reloadData()
        let error = #expect(throws: TableViewError.self) { try view.deleteRows(at: [p(0, 1)]) }
        #expect(
            error?.description.hasPrefix("Invalid update: invalid number of rows in section 0. The number of rows")
                == true)
    }
}
