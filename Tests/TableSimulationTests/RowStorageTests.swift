import FetchSimCore
import Testing

@testable import TableSimulation

/// The table's walks over its sections' row lists.
@Suite struct RowStorageTests {
    /// `RowStorage.forEachRun(inFlatRange:)` gives the rows `rows(inFlatRange:)` lists, across
    /// leaves (sections of 200 rows span two) and sections, with each run's first row number.
    @Test(arguments: [0..<0, 0..<1, 150..<260, 199..<201, 0..<430, 390..<430, 420..<500])
    func runsOfAFlatRangeAreItsRows(range: Range<Int>) {
        let source = ArrayDataSource([Array(1...200), Array(201...400), Array(401...430)])  // the table holds it weakly
        let table = SimulatedTableView(dataSource: source, viewport: Viewport(firstRow: 0, height: 10))
        table.reloadData()
        var walked: [IndexPath] = []
        var rows: [TableRow] = []
        table.storage.forEachRun(inFlatRange: range) { section, firstRow, run in
            for offset in run.indices { walked.append(IndexPath(row: firstRow + offset, section: section)) }
            for offset in run.indices { rows.append(run[offset]) }
        }
        let expected = table.storage.rows(inFlatRange: range.clamped(to: 0..<430))
        #expect(walked == expected.map(\.path))
        #expect(rows == expected.map(\.row))
        #expect(rows.map(\.identifier) == Array(range.clamped(to: 0..<430)).map { $0 + 1 })
        withExtendedLifetime(source) {}
    }
}
