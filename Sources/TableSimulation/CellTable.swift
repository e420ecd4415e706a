/// The configured cells of a table by row serial: a hash table with open addressing (linear
/// probing, multiplicative hashing), which the viewport refresh and the consistency check
/// consult once per visible row after every batch.
///
/// `[Int: TableCell]` would hash every lookup with SipHash, once per visible row per batch.
/// Serials are positive (`RowStorage.makeRow` hands them out from 1), so 0 marks an
/// empty slot. Removal shifts the following entries back (no tombstones), so a lookup never
/// probes further than the longest run of occupied slots.
struct CellTable {
    /// The serial in each slot; 0 for an empty one. Its count is 0 or a power of two.
    private var serials: [Int] = []
    private var cells: [TableCell?] = []
    /// Each slot's cell's identifier and unretained source (`ShownRow`), kept beside `cells`
    /// slot for slot: a walk reads them as plain words, without copying a cell (a retain and a
    /// release of its columns and its source per row).
    private var identities: [CellIdentity] = []
    /// The number of cells held.
    private(set) var count = 0

    init() {}

    /// The cell of the row with `serial`; setting `nil` removes it.
    /// - Complexity: O(1) on average (the table is at most three quarters full).
    subscript(serial: Int) -> TableCell? {
        get { slot(of: serial).flatMap { cells[$0] } }
        set {
            if let newValue { insert(newValue, for: serial) } else { remove(serial) }
        }
    }

    /// Calls `body` with the cell of the row with `serial` (nil for none), read where it is filed.
    func withCell<R>(of serial: Int, _ body: (TableCell?) -> R) -> R {
        guard let index = slot(of: serial) else { return body(nil) }
        return cells.withUnsafeBufferPointer { body($0[index]) }
    }

    /// Whether the row with `serial` has a cell (without copying the cell out).
    func contains(_ serial: Int) -> Bool {
        slot(of: serial) != nil
    }

    /// Writes each of `rows` with its cell's identifier and source (`ShownRow`), read in place,
    /// into `contents` from `start` on: where the caller made room for them, without an append
    /// (a check of the array's uniqueness and capacity) per row.
    func writeShownRows(
        of rows: UnsafeBufferPointer<TableRow>, to contents: UnsafeMutableBufferPointer<ShownRow>, at start: Int
    ) {
        identities.withUnsafeBufferPointer { identities in
            var next = start
            for row in rows {
                if let index = slot(of: row.serial) {
                    contents[next] = ShownRow(
                        row: row, cellIdentifier: identities[index].identifier, cellSource: identities[index].source)
                } else {
                    contents[next] = ShownRow(row: row, cellIdentifier: nil, cellSource: nil)
                }
                next += 1
            }
        }
    }

    /// A filed cell's identifier and its source, not retained (the cell in the same slot holds it).
    struct CellIdentity {
        var identifier = 0
        var source: Unmanaged<AnyObject>?

        init() {}

        init(_ cell: TableCell?) {
            identifier = cell?.identifier ?? 0
            source = cell?.source.map { Unmanaged.passUnretained($0 as AnyObject) }
        }
    }

    /// The number of slots: the bound of `slotIndex(of:)`, valid until the table changes.
    var slotCount: Int { serials.count }

    /// The slot holding the cell of `serial`, or nil when the row has no cell; valid until the
    /// table changes (a walk marks the slots it saw, then `serials(unmarkedIn:)`).
    func slotIndex(of serial: Int) -> Int? {
        slot(of: serial)
    }

    /// Marks in `marks` (indexed by slot, `slotCount` long) the slot of each of `rows` that has
    /// a cell and returns how many had one; `missing` gets the offset in `rows` of each that has
    /// none. The viewport refresh's walk, a leaf's run of rows at a time: the slots are searched
    /// on one read of the table's storage per run, not one per row.
    func markSlots(
        of rows: UnsafeBufferPointer<TableRow>, in marks: UnsafeMutableBufferPointer<Bool>, missing: (Int) -> Void
    ) -> Int {
        guard !serials.isEmpty else {
            for offset in rows.indices { missing(offset) }
            return 0
        }
        return serials.withUnsafeBufferPointer { slots in
            var found = 0
            for offset in rows.indices {
                if let index = slot(of: rows[offset].serial, in: slots) {
                    marks[index] = true
                    found += 1
                } else {
                    missing(offset)
                }
            }
            return found
        }
    }

    /// The serials of the cells whose slot `marks` (indexed by slot, `slotCount` long) leaves false.
    func serials(unmarkedIn marks: [Bool]) -> [Int] {
        var unmarked: [Int] = []
        for index in serials.indices where serials[index] != 0 && !marks[index] { unmarked.append(serials[index]) }
        return unmarked
    }

    /// The serials that have a cell, in no particular order.
    var keys: [Int] { serials.filter { $0 != 0 } }

    private var mask: Int { serials.count - 1 }

    /// The first slot probed for `serial` (Fibonacci hashing: the product's high bits).
    private func home(of serial: Int) -> Int {
        let mixed = UInt64(truncatingIfNeeded: serial) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }

    // Inlined into the walks that call it once per visible row (the refresh's marks, `ShownRow`s).
    @inline(__always)
    private func slot(of serial: Int) -> Int? {
        guard !serials.isEmpty else { return nil }
        return serials.withUnsafeBufferPointer { slot(of: serial, in: $0) }
    }

    /// The probe of `slot(of:)` on the slots read once (`serials`, not empty), for a walk that
    /// looks up many rows (`markSlots`).
    @inline(__always)
    private func slot(of serial: Int, in slots: UnsafeBufferPointer<Int>) -> Int? {
        guard serial != 0 else { return nil }
        let mask = slots.count - 1
        var index = home(of: serial)
        while slots[index] != 0 {
            if slots[index] == serial { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    private mutating func insert(_ cell: TableCell, for serial: Int) {
        if let index = slot(of: serial) {
            cells[index] = cell
            identities[index] = CellIdentity(cell)
            return
        }
        if (count + 1) * 4 > serials.count * 3 { grow() }
        var index = home(of: serial)
        while serials[index] != 0 { index = (index + 1) & mask }
        serials[index] = serial
        cells[index] = cell
        identities[index] = CellIdentity(cell)
        count += 1
    }

    /// Doubles the slots (16 at first) and files every cell again.
    private mutating func grow() {
        let oldSerials = serials
        let oldCells = cells
        let capacity = max(16, serials.count * 2)
        serials = Array(repeating: 0, count: capacity)
        cells = Array(repeating: nil, count: capacity)
        identities = Array(repeating: CellIdentity(), count: capacity)
        count = 0
        for (index, serial) in oldSerials.enumerated() where serial != 0 {
            if let cell = oldCells[index] { insert(cell, for: serial) }
        }
    }

    /// Empties the slot of `serial`, then moves back each following entry of the run that may
    /// live in the hole (its home slot is not between the hole and where it is).
    private mutating func remove(_ serial: Int) {
        guard var hole = slot(of: serial) else { return }
        serials[hole] = 0
        cells[hole] = nil
        identities[hole] = CellIdentity()
        count -= 1
        var index = (hole + 1) & mask
        while serials[index] != 0 {
            if (index - home(of: serials[index])) & mask >= (index - hole) & mask {
                serials[hole] = serials[index]
                cells[hole] = cells[index]
                identities[hole] = identities[index]
                serials[index] = 0
                cells[index] = nil
                identities[index] = CellIdentity()
                hole = index
            }
            index = (index + 1) & mask
        }
    }
}
