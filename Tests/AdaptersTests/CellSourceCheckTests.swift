import Adapters
import FetchSimCore
import ObjectGraph
import TableSimulation
import Testing

/// A cell's source (`TableCell.source`), which the incremental check uses to skip formatting a
/// cell, never hides a stale cell; these cases pin that the checks stay exact.
@Suite struct CellSourceCheckTests {
    @Test func aCellLeftBehindByAnIgnoredUpdateIsStillStale() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1"]]) { $0.updates = .ignore }
        let problems = try h.event { try h.set("a1", "title", .string("new")) }
        #expect(
            problems == [
                ConsistencyProblem(
                    .staleCell,
                    #"row 0.1 shows a stale cell for #2: "a1 | A | 1" but it should show "new | A | 1""#)
            ])
    }

    @Test func aSameValueWriteLeavesTheCellFresh() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1"]]) { $0.updates = .ignore }
        let before = try #require(h.table.cellForRow(at: path(0, 1)))
        // A write of the value it already has: an update, and the same text.
        let problems = try h.event { try h.set("a1", "order", .int(1)) }
        #expect(problems.isEmpty)
        #expect(h.table.cellForRow(at: path(0, 1)) == before)
    }

    @Test func aCellsSourceIsNotPartOfItsEqualityAndGoesWithItsText() {
        final class Source: TableCellSource {}
        var cell = TableCell(identifier: 3, columns: ["x", "1"], source: Source())
        #expect(cell == TableCell(identifier: 3, columns: ["x", "1"]))
        #expect(cell.source != nil)
        cell.columns = ["y", "1"]
        #expect(cell.source == nil, "text changed by hand is no longer what the source formats to")
        #expect(cell != TableCell(identifier: 3, columns: ["x", "1"]))
    }
}
