import FetchSimCore
import TableSimulation
import Testing

/// Issue 33 item 3: a collection view's count failure as iOS 16.4 and later word it, the whole
/// batch in one message (Apple forum thread 728797; XLPagerTabStrip #859 for iOS 17's "before and
/// after"), per UIKit era. Expected messages written out by hand from those reports.
@Suite struct BatchUpdatesDetectedTests {
    private func collection(_ before: [[Int]]) -> (SimulatedTableView, ArrayDataSource) {
        let source = ArrayDataSource(before)
        let view = SimulatedTableView(dataSource: source)
        view.style = .collection
        view.reloadData()
        return (view, source)
    }

    /// The thread's shape: one item deleted and one inserted, while the data source lost one.
    @Test func aDeleteAndAnInsertThatDoNotAddUp() throws {
        let (view, source) = collection([[1, 2, 3, 4]])
        source.set([[1, 2, 3]])
        let error = try #require(
            #expect(throws: TableViewError.self) {
                try view.performBatchUpdates {
                    try view.deleteRows(at: [p(0, 3)])
                    try view.insertRows(at: [p(0, 0)])
                }
            })
        #expect(
            error.message(in: .tableViewSuffix)
                == "Invalid batch updates detected: the number of sections and/or items returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [4] } Data source after updates = { 1 section with item counts: [3] } Updates = [ Delete item (0 - 3), Insert item (0 - 0) ] Collection view: <UICollectionView: 0x7fa5c0008000>"
        )
        // Before iOS 16.4 (the older eras) the item-count message, two spaces after "section 0.".
        #expect(
            error.message(in: .twoSpaces)
                == "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (3) must be equal to the number of items contained in that section before the update (4), plus or minus the number of items inserted or deleted from that section (1 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
        )
        #expect(error.kind == "invalidRowCount")
        #expect(view.isOutOfStep)
    }

    /// No updates at all and a data source that changed (XLPagerTabStrip #859's `Updates = [ ]`);
    /// two sections are counted in the plural.
    @Test func noUpdatesAndTwoSections() throws {
        let (view, source) = collection([[1, 2], [3]])
        source.set([[1], [3]])
        let error = try #require(#expect(throws: TableViewError.self) { try view.performBatchUpdates {} })
        #expect(
            error.message(in: .tableViewSuffix)
                == "Invalid batch updates detected: the number of sections and/or items returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 2 sections with item counts: [2, 1] } Data source after updates = { 2 sections with item counts: [1, 1] } Updates = [ ] Collection view: <UICollectionView: 0x7fa5c0008000>"
        )
    }

    /// Other failures keep their collection-view wording in every era, and a table keeps its own.
    @Test func otherFailuresAndTablesAreUnchanged() throws {
        let (view, source) = collection([[1, 2, 3]])
        source.set([[1, 2]])
        let range = try #require(#expect(throws: TableViewError.self) { try view.deleteRows(at: [p(0, 5)]) })
        #expect(
            range.message(in: .tableViewSuffix)
                == "attempt to delete item 5 from section 0 which only contains 3 items before the update")

        let tableSource = ArrayDataSource([[1, 2]])
        let table = SimulatedTableView(dataSource: tableSource)
        table.reloadData()
        tableSource.set([[1]])
        let rows = try #require(#expect(throws: TableViewError.self) { try table.performBatchUpdates {} })
        #expect(
            rows.message(in: .tableViewSuffix).hasPrefix(
                "Invalid update: invalid number of rows in section 0. The number"))
    }
}
