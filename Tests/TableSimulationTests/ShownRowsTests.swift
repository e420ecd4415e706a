import FetchSimCore
import Testing

@testable import TableSimulation

/// `withShownRows`, which builds a section's rows in a buffer the table keeps between calls,
/// lends exactly the rows `shownRows` returns: for every range, after longer and shorter calls
/// (nothing left over from an earlier call), and after the table and its cells change.
@Suite struct ShownRowsTests {
    /// The rows `withShownRows` lends, copied out.
    static func lent(_ table: SimulatedTableView, _ section: Int, _ rows: Range<Int>) -> [ShownRow] {
        var copied: [ShownRow] = []
        table.withShownRows(inSection: section, rows: rows) { copied = Array($0) }
        return copied
    }

    static func same(_ a: [ShownRow], _ b: [ShownRow]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                x.row == y.row && x.cellIdentifier == y.cellIdentifier
                    && x.cellSource?.toOpaque() == y.cellSource?.toOpaque()
            }
    }

    @Test func lendsWhatShownRowsReturnsForEveryRange() {
        // Two sections, 300 rows in the second (more than a leaf), cells on rows 250…269 only.
        let harness = Harness([Array(1...5), Array(100..<400)], firstRow: 255, height: 20)
        let table = harness.table
        var rng = SeededGenerator(seed: 4)
        for step in 0..<400 {
            let section = Int.random(in: -1...2, using: &rng)
            let lower = Int.random(in: -3...310, using: &rng)
            let rows = lower..<(lower + Int.random(in: 0...320, using: &rng))
            let expected = table.shownRows(inSection: section, rows: rows)
            #expect(
                Self.same(Self.lent(table, section, rows), expected), "step \(step): section \(section), rows \(rows)")
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
        let rows = Self.lent(harness.table, 0, 0..<3)
        #expect(rows.map(\.identifier) == [7, 8, 9])
        #expect(rows.map(\.cellIdentifier) == [7, 8, nil])
        #expect(Self.lent(harness.table, 0, 1..<2).map(\.identifier) == [8])
        #expect(Self.lent(harness.table, 1, 0..<3).isEmpty)
    }
}
