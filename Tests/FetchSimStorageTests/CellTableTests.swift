import FetchSimCore
import Testing

@testable import FetchSimStorage

/// `CellTable`, values by positive key, against a `Dictionary` given the same seeded inserts,
/// replacements and removals — crowded enough that runs wrap around the slots and removals shift
/// entries back — and its invariant check against tables broken by hand.
@Suite struct CellTableTests {
    /// A cell as the table files one: a number and some text.
    struct Cell: Equatable {
        var identifier: Int
        var text: String
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func agreesWithADictionary(seed: UInt64) {
        var table = CellTable<Cell>()
        var expected: [Int: Cell] = [:]
        var rng = SeededGenerator(seed: seed)
        for step in 0..<3_000 {
            let serial = Int.random(in: 1...60, using: &rng)
            if Bool.random(using: &rng) {
                let cell = Cell(identifier: serial + 100, text: "\(step)")
                table[serial] = cell
                expected[serial] = cell
            } else {
                table[serial] = nil
                expected[serial] = nil
            }
            #expect(table.count == expected.count)
            if step % 97 == 0 { #expect(table.invariantViolation() == nil, "step \(step)") }
        }
        for serial in 0...61 {
            #expect(table[serial] == expected[serial], "serial \(serial)")
            #expect(table.contains(serial) == (expected[serial] != nil), "serial \(serial)")
            #expect(table.withCell(of: serial) { $0?.identifier } == expected[serial]?.identifier, "serial \(serial)")
        }
        #expect(table.keys.sorted() == expected.keys.sorted())
    }

    /// The viewport refresh's bookkeeping: marking the slots `slotIndex(of:)` gives for some keys
    /// leaves `serials(unmarkedIn:)` with exactly the other keys that have a value (a set the
    /// test keeps) — also with no slots, with key 0 and with keys asked twice.
    @Test(arguments: [UInt64(4), 5, 6])
    func unmarkedSlotsAreTheKeysNotAskedFor(seed: UInt64) {
        var table = CellTable<Cell>()
        var model: [Int: Cell] = [:]
        var rng = SeededGenerator(seed: seed)
        for round in 0..<40 {
            let asked = (0..<Int.random(in: 0...30, using: &rng)).map { _ in Int.random(in: 0...70, using: &rng) }
            var marks = Array(repeating: false, count: table.slotCount)
            var missing: [Int] = []
            for serial in asked {
                if let slot = table.slotIndex(of: serial) {
                    #expect(!marks[slot] || asked.filter { $0 == serial }.count > 1, "round \(round)")
                    marks[slot] = true
                } else {
                    missing.append(serial)
                }
            }
            #expect(missing == asked.filter { model[$0] == nil }, "round \(round)")
            let unasked = Set(model.keys).subtracting(asked)
            #expect(Set(table.serials(unmarkedIn: marks)) == unasked, "round \(round)")
            #expect(table.serials(unmarkedIn: marks).count == unasked.count, "round \(round)")
            for _ in 0..<Int.random(in: 1...20, using: &rng) {
                let serial = Int.random(in: 1...60, using: &rng)
                let cell = Bool.random(using: &rng) ? Cell(identifier: serial, text: "\(round)") : nil
                table[serial] = cell
                model[serial] = cell
            }
        }
    }

    @Test func emptyAndRemovedSerialsHaveNoCell() {
        var table = CellTable<Cell>()
        #expect(table[1] == nil)
        #expect(table.slotCount == 0 && table.serials(unmarkedIn: []).isEmpty)
        table[5] = Cell(identifier: 7, text: "a")
        table[21] = Cell(identifier: 8, text: "b")
        #expect(table[5]?.identifier == 7)
        table[5] = nil
        #expect(table[5] == nil)
        #expect(table[21]?.identifier == 8)
        #expect(table.count == 1)
        #expect(table.keys == [21])
    }

    /// A table of three cells (16 slots), to break by hand.
    static func sample() -> CellTable<Cell> {
        var table = CellTable<Cell>()
        for serial in [3, 9, 40] { table[serial] = Cell(identifier: serial, text: "") }
        return table
    }

    /// Each way of breaking the table is named by the check, from the table's rules (a key and
    /// a value in each used slot, the count the used slots, every key reached from its home slot
    /// without crossing an empty one).
    @Test func brokenTablesAreNamed() throws {
        let used = try #require(Self.sample().slotIndex(of: 9))
        let free = try #require(Self.sample().serials.firstIndex(of: 0))

        var keyWithoutValue = Self.sample()
        keyWithoutValue.cells[used] = nil
        #expect(keyWithoutValue.invariantViolation() == "key 9 has no value")

        var valueWithoutKey = Self.sample()
        valueWithoutKey.cells[free] = Cell(identifier: 1, text: "")
        #expect(valueWithoutKey.invariantViolation() == "slot \(free) has a value but no key")

        var miscounted = Self.sample()
        miscounted.storedCount = 4
        #expect(miscounted.invariantViolation() == "count 4 but 3 keys filed")

        // Key 9 moved to a slot its probe does not reach: the slot before its home, past an
        // empty one (16 slots hold three keys, so the run from its home is short).
        var lost = Self.sample()
        let mask = lost.serials.count - 1
        let home = lost.home(of: 9, mask: mask)
        let away = (home + mask) & mask
        try #require(lost.serials[away] == 0 && home == used)
        lost.serials[away] = 9
        lost.cells[away] = lost.cells[used]
        lost.serials[used] = 0
        lost.cells[used] = nil
        #expect(lost.invariantViolation() == "key 9 in slot \(away) not reached by its probe")

        var mismatched = Self.sample()
        mismatched.cells.append(nil)
        #expect(mismatched.invariantViolation() == "16 keys but 17 value slots")
    }

    /// `checkInvariants()` stops the program on a broken table, and in this build (debug, as the
    /// tests run) every change runs it.
    @Test func aBrokenTableStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            var table = CellTableTests.sample()
            table.storedCount = 5
            table.checkInvariants()
        }
        await #expect(processExitsWith: .failure) {
            var table = CellTableTests.sample()
            table.storedCount = 5
            table[11] = Cell(identifier: 11, text: "")
        }
        await #expect(processExitsWith: .success) {
            var table = CellTableTests.sample()
            table[11] = Cell(identifier: 11, text: "")
            table[3] = nil
            table.checkInvariants()
        }
    }
}
