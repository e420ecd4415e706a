import FetchSimCore
import Testing

@testable import TableSimulation

/// The counted B+ tree of rows against a plain array.
@Suite struct RowListTests {
    private static func row(_ id: Int) -> TableRow { TableRow(identifier: id, serial: id) }

    @Test(arguments: [0, 1, 95, 96, 97, 5_000])
    func bulkLoadKeepsTheRows(size: Int) {
        let rows = (0..<size).map(Self.row)
        let list = RowList(rows)
        #expect(list.invariantViolation() == nil)
        #expect(list.rows == rows)
        #expect(list.count == size)
        for probe in [0, size / 2, size - 1] where probe >= 0 && probe < size {
            #expect(list[probe] == rows[probe])
        }
    }

    @Test func randomOperationsAgreeWithAnArray() {
        var rng = SeededGenerator(seed: 1_234)
        let list = RowList((0..<300).map(Self.row))
        var model = (0..<300).map(Self.row)
        var next = 300
        for step in 0..<40_000 {
            let roll = Int.random(in: 0..<10, using: &rng)
            // Drift in size so that leaves split, empty and merge.
            let growing = (step / 5_000) % 2 == 0
            if roll < (growing ? 5 : 3) || model.isEmpty {
                let at = Int.random(in: 0...model.count, using: &rng)
                list.insert(Self.row(next), at: at)
                model.insert(Self.row(next), at: at)
                next += 1
            } else if roll < 8 {
                let at = Int.random(in: 0..<model.count, using: &rng)
                #expect(list.remove(at: at) == model.remove(at: at), "step \(step)")
            } else {
                let at = Int.random(in: 0..<model.count, using: &rng)
                list[at] = Self.row(-step)
                model[at] = Self.row(-step)
            }
            #expect(list.count == model.count)
            if step % 499 == 0 {
                #expect(list.invariantViolation() == nil, "step \(step)")
                #expect(list.rows == model, "step \(step)")
                let from = Int.random(in: 0...model.count, using: &rng)
                var seen: [TableRow] = []
                list.forEach(from: from) { row in
                    seen.append(row)
                    return seen.count < 7
                }
                #expect(seen == Array(model[from..<min(from + 7, model.count)]))
                // The same walk a leaf's run at a time: every run in order, stopped after 150 rows.
                var runs: [TableRow] = []
                list.forEachRun(from: from) { run in
                    runs += run
                    return runs.count < 150
                }
                let expected = Array(model[from...])
                let leafLimit = RowList.leafCapacity
                #expect(runs.count >= min(150, expected.count) && runs.count < 150 + leafLimit, "step \(step)")
                #expect(runs == Array(expected.prefix(runs.count)), "step \(step)")
            }
        }
        #expect(list.rows == model)
    }

    @Test func removingEverythingLeavesAnEmptyValidList() {
        let list = RowList((0..<1_000).map(Self.row))
        var rng = SeededGenerator(seed: 3)
        while list.count > 0 { list.remove(at: Int.random(in: 0..<list.count, using: &rng)) }
        #expect(list.invariantViolation() == nil && list.rows.isEmpty)
        list.insert(Self.row(7), at: 0)
        #expect(list.rows == [Self.row(7)])
    }

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
            rows += run
        }
        let expected = table.storage.rows(inFlatRange: range.clamped(to: 0..<430))
        #expect(walked == expected.map(\.path))
        #expect(rows == expected.map(\.row))
        #expect(rows.map(\.identifier) == Array(range.clamped(to: 0..<430)).map { $0 + 1 })
        withExtendedLifetime(source) {}
    }
}
