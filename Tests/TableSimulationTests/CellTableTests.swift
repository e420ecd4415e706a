import FetchSimCore
import Testing

@testable import TableSimulation

/// `CellTable`, the table's cells by row serial, against a `Dictionary` given the same seeded
/// inserts, replacements and removals — crowded enough that runs wrap around the slots and
/// removals shift entries back.
@Suite struct CellTableTests {
    /// A cell's source: only its identity matters here.
    final class Source: TableCellSource {}

    @Test(arguments: [UInt64(1), 2, 3])
    func agreesWithADictionary(seed: UInt64) {
        var table = CellTable()
        var expected: [Int: TableCell] = [:]
        var rng = SeededGenerator(seed: seed)
        for step in 0..<3_000 {
            let serial = Int.random(in: 1...60, using: &rng)
            if Bool.random(using: &rng) {
                // Every third cell without a source, as app code configures one.
                let cell =
                    step % 3 == 0
                    ? TableCell(identifier: serial, columns: ["\(step)"])
                    : TableCell(identifier: serial + 100, columns: ["\(step)"], source: Source())
                table[serial] = cell
                expected[serial] = cell
            } else {
                table[serial] = nil
                expected[serial] = nil
            }
            #expect(table.count == expected.count)
        }
        for serial in 0...61 { #expect(table[serial] == expected[serial], "serial \(serial)") }
        #expect(table.keys.sorted() == expected.keys.sorted())
        // The identities kept beside the cells follow every insert, replacement, removal and growth.
        let rows = (0...61).map { TableRow(identifier: $0, serial: $0) }
        // Written after two rows already there, which stay as they are.
        let placeholder = ShownRow(row: TableRow(identifier: -1, serial: -1), cellIdentifier: nil, cellSource: nil)
        var written = Array(repeating: placeholder, count: rows.count + 2)
        rows.withUnsafeBufferPointer { rows in
            written.withUnsafeMutableBufferPointer { table.writeShownRows(of: rows, to: $0, at: 2) }
        }
        #expect(written.prefix(2).allSatisfy { $0.row == placeholder.row && $0.cellIdentifier == nil })
        let shown = Array(written.dropFirst(2))
        #expect(shown.count == rows.count)
        for (row, entry) in zip(rows, shown) {
            let cell = expected[row.serial]
            #expect(entry.row == row)
            #expect(entry.cellIdentifier == cell?.identifier, "serial \(row.serial)")
            #expect(
                entry.cellSource?.toOpaque()
                    == cell?.source.map { Unmanaged.passUnretained($0 as AnyObject).toOpaque() },
                "serial \(row.serial)")
        }
    }

    /// `markSlots`, the viewport refresh's walk, reports the rows without a cell in order (which
    /// rows have one comes from a dictionary the test keeps, not from the table's probe) and
    /// marks one slot per distinct serial that has a cell, the slot `slotIndex(of:)` gives —
    /// also on an empty table, with serial 0 and with rows listed twice.
    @Test(arguments: [UInt64(4), 5, 6])
    func markSlotsAgreesWithSlotIndex(seed: UInt64) {
        var table = CellTable()
        var model: [Int: TableCell] = [:]
        var rng = SeededGenerator(seed: seed)
        for round in 0..<40 {
            let rows = (0..<Int.random(in: 0...30, using: &rng)).map { _ in
                let serial = Int.random(in: 0...70, using: &rng)
                return TableRow(identifier: serial + 100, serial: serial)
            }
            var marks = Array(repeating: false, count: table.slotCount)
            var missing: [Int] = []
            let found = rows.withUnsafeBufferPointer { rows in
                marks.withUnsafeMutableBufferPointer { marks in
                    table.markSlots(of: rows, in: marks) { missing.append($0) }
                }
            }
            var expectedMarks = Array(repeating: false, count: table.slotCount)
            var expectedMissing: [Int] = []
            for (offset, row) in rows.enumerated() {
                if let slot = table.slotIndex(of: row.serial) {
                    expectedMarks[slot] = true
                } else {
                    expectedMissing.append(offset)
                }
            }
            let modelMissing = rows.indices.filter { model[rows[$0].serial] == nil }
            let distinctWithCells = Set(rows.map(\.serial).filter { model[$0] != nil }).count
            #expect(missing == modelMissing, "round \(round)")
            #expect(found == rows.count - modelMissing.count, "round \(round)")
            #expect(marks.filter { $0 }.count == distinctWithCells, "round \(round)")
            #expect(marks == expectedMarks, "round \(round)")
            #expect(missing == expectedMissing, "round \(round)")
            for _ in 0..<Int.random(in: 1...20, using: &rng) {
                let serial = Int.random(in: 1...60, using: &rng)
                let cell = Bool.random(using: &rng) ? TableCell(identifier: serial, columns: ["\(round)"]) : nil
                table[serial] = cell
                model[serial] = cell
            }
        }
    }

    @Test func emptyAndRemovedSerialsHaveNoCell() {
        var table = CellTable()
        #expect(table[1] == nil)
        table[5] = TableCell(identifier: 7, columns: ["a"])
        table[21] = TableCell(identifier: 8, columns: ["b"])
        #expect(table[5]?.identifier == 7)
        table[5] = nil
        #expect(table[5] == nil)
        #expect(table[21]?.identifier == 8)
        #expect(table.count == 1)
        #expect(table.keys == [21])
    }
}
