import FetchSimCore
import Testing

@testable import TableSimulation

/// The batch's index sets as sorted arrays (`SortedSet`, `RowKey`), and a visible cell
/// reconfigured with a cell made only when there is one to replace.
@Suite struct BatchSetsTests {
    @Test func sortedSetHoldsEachElementOnceInOrder() {
        var set = SortedSet<RowKey>()
        set.append(contentsOf: [p(1, 0), p(0, 5), p(1, 0), p(0, 2)].map(RowKey.init))
        set.append(contentsOf: [p(0, 5), p(0, 10)].map(RowKey.init))
        set.normalize()
        #expect(set.elements.map(\.path) == [p(0, 2), p(0, 5), p(0, 10), p(1, 0)])
        #expect(set.count == 4)
        #expect(set.contains(RowKey(p(0, 10))))
        #expect(set.contains(RowKey(p(1, 0))))
        #expect(!set.contains(RowKey(p(0, 3))))
        #expect(!set.contains(RowKey(p(2, 0))))
        #expect(!set.contains(RowKey(p(0, -1))))
        var sections = SortedSet<Int>()
        #expect(sections.isEmpty && !sections.contains(0))
        sections.append(contentsOf: [3, 3, -1, 3])
        sections.normalize()
        #expect(Array(sections) == [-1, 3])
    }

    @Test func rowKeysOrderSectionFirstAsIndexPathsDo() {
        let paths = [p(2, 0), p(0, 7), p(1, 3), p(0, 1), p(1, 0)]
        #expect(paths.map(RowKey.init).sorted().map(\.path) == paths.sorted())
    }

    @Test func repeatedPathsCountOnceInTheRowCountRule() throws {
        // Deleting row 0 twice in one batch deletes one row: 3 → 2 passes, as UIKit's index set.
        let harness = Harness([[1, 2, 3]])
        harness.source.set([[2, 3]])
        try harness.table.performBatchUpdates {
            try harness.table.deleteRows(at: [p(0, 0)])
            try harness.table.deleteRows(at: [p(0, 0)])
        }
        #expect(harness.table.rowIdentifier(at: p(0, 0)) == 2)
        #expect(harness.table.numberOfRows(inSection: 0) == 2)
    }

    @Test func makesTheCellOnlyForAVisibleRow() {
        let harness = Harness([[1, 2, 3, 4]], height: 2)
        var made = 0
        let cell = TableCell(identifier: 9, columns: ["new"])
        #expect(
            !harness.table.configureVisibleCell(
                at: p(0, 3),
                making: {
                    made += 1
                    return cell
                }))
        #expect(
            !harness.table.configureVisibleCell(
                at: p(4, 0),
                making: {
                    made += 1
                    return cell
                }))
        #expect(made == 0)
        #expect(
            harness.table.configureVisibleCell(
                at: p(0, 1),
                making: {
                    made += 1
                    return cell
                }))
        #expect(made == 1)
        #expect(harness.table.cellForRow(at: p(0, 1)) == cell)
    }
}
