import FetchSimCore
import Testing
@testable import TableSimulation

/// `CellTable`, the table's cells by row serial, against a `Dictionary` given the same seeded
/// inserts, replacements and removals — crowded enough that runs wrap around the slots and
/// removals shift entries back.
@Suite struct CellTableTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func agreesWithADictionary(seed: UInt64) {
        var table = CellTable()
        var expected: [Int: TableCell] = [:]
        var rng = SeededGenerator(seed: seed)
        for step in 0..<3_000 {
            let serial = Int.random(in: 1...60, using: &rng)
            if Bool.random(using: &rng) {
                let cell = TableCell(identifier: serial, columns: ["\(step)"])
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
