import FetchSimCore
import Testing

@testable import TableSimulation

/// `shownRows`, a section's rows and their cells' identifiers in one walk, gives what
/// `rowIdentifier(at:)` and `cellForRow(at:)` give row by row: for every range (clamped to the
/// section, empty outside the table), across leaves, and after the table and its cells change.
@Suite struct ShownRowsTests {
    /// The rows of `rows` in `section` read one by one through the table's public API.
    static func oneByOne(_ table: SimulatedTableView, _ section: Int, _ rows: Range<Int>) -> [(Int, Int?)] {
        guard section >= 0, section < table.numberOfSections else { return [] }
        return rows.clamped(to: 0..<table.numberOfRows(inSection: section)).compactMap { row in
            let path = IndexPath(row: row, section: section)
            return table.rowIdentifier(at: path).map { ($0, table.cellForRow(at: path)?.identifier) }
        }
    }

    @Test func agreesWithTheRowsReadOneByOne() {
        // Two sections, 300 rows in the second (more than a leaf), cells on rows 250…269 only.
        let harness = Harness([Array(1...5), Array(100..<400)], firstRow: 255, height: 20)
        let table = harness.table
        var rng = SeededGenerator(seed: 4)
        for step in 0..<400 {
            let section = Int.random(in: -1...2, using: &rng)
            let lower = Int.random(in: -3...310, using: &rng)
            let rows = lower..<(lower + Int.random(in: 0...320, using: &rng))
            let shown = table.shownRows(inSection: section, rows: rows)
            let expected = Self.oneByOne(table, section, rows)
            #expect(shown.count == expected.count, "step \(step): section \(section), rows \(rows)")
            #expect(
                zip(shown, expected).allSatisfy { $0.identifier == $1.0 && $0.cellIdentifier == $1.1 },
                "step \(step): section \(section), rows \(rows)")
            if step % 50 == 49 {
                // The table changes between calls: rows go and come, the viewport moves.
                harness.source.set([
                    Array(1...5), Array((100..<400).shuffled(using: &rng).prefix(Int.random(in: 0...300, using: &rng))),
                ])
                table.reloadData()
                table.viewport = Viewport(firstRow: Int.random(in: 0...300, using: &rng), height: 20)
            }
        }
        #expect(table.numberOfSections == 2)
    }

    @Test func aVisibleRowCarriesItsCellAndAHiddenOneNone() {
        let harness = Harness([[7, 8, 9]], height: 2)
        let rows = harness.table.shownRows(inSection: 0, rows: 0..<3)
        #expect(rows.map(\.identifier) == [7, 8, 9])
        #expect(rows.map(\.cellIdentifier) == [7, 8, nil])
        #expect(harness.table.shownRows(inSection: 0, rows: 1..<2).map(\.identifier) == [8])
        #expect(harness.table.shownRows(inSection: 1, rows: 0..<3).isEmpty)
        #expect(harness.table.shownRows(inSection: 0, rows: -2..<1).map(\.identifier) == [7])
    }
}
