/// Values by positive integer key (the table's cells by row serial): a hash table with open
/// addressing (linear probing, multiplicative hashing), which the viewport refresh consults once
/// per visible row after every batch.
///
/// `[Int: Cell]` would hash every lookup with SipHash, once per visible row per batch. Keys are
/// positive, so 0 marks an empty slot. Removal shifts the following entries back (no
/// tombstones), so a lookup never probes further than the longest run of occupied slots.
///
/// ```swift
/// var cells = CellTable<String>()
/// cells[7] = "seven"
/// cells[7]                  // "seven"
/// cells.withCell(of: 7) { $0?.count }  // 5, read where it is filed
/// cells[7] = nil
/// ```
public struct CellTable<Cell> {
    /// The key in each slot; 0 for an empty one. Its count is 0 or a power of two.
    @usableFromInline var serials: [Int] = []
    /// The value in each slot, nil exactly where `serials` holds 0.
    @usableFromInline var cells: [Cell?] = []
    /// The number of values held.
    @inlinable public var count: Int { storedCount }
    @usableFromInline var storedCount = 0

    @inlinable public init() {}

    /// The value filed under `serial`; setting `nil` removes it.
    /// - Complexity: O(1) on average (the table is at most three quarters full).
    @inlinable
    public subscript(serial: Int) -> Cell? {
        get { slotIndex(of: serial).flatMap { cells[$0] } }
        set {
            if let newValue { insert(newValue, for: serial) } else { remove(serial) }
            checkInvariantsIfEnabled()
        }
    }

    /// Calls `body` with the value filed under `serial` (nil for none), read where it is filed:
    /// no copy of the value (and so no retain of what it holds) for a reader that needs a part.
    @inlinable
    public func withCell<R>(of serial: Int, _ body: (borrowing Cell?) -> R) -> R {
        guard let index = slotIndex(of: serial) else { return body(nil) }
        return cells.withUnsafeBufferPointer { body($0[index]) }
    }

    /// Whether a value is filed under `serial`.
    @inlinable
    public func contains(_ serial: Int) -> Bool {
        slotIndex(of: serial) != nil
    }

    /// The number of slots: the bound of `slotIndex(of:)`, valid until the table changes.
    @inlinable public var slotCount: Int { serials.count }

    /// The slot holding the value of `serial`, or nil when there is none; valid until the table
    /// changes (a walk marks the slots it saw, then asks for `serials(unmarkedIn:)`).
    @inlinable @inline(__always)
    public func slotIndex(of serial: Int) -> Int? {
        guard serial != 0, !serials.isEmpty else { return nil }
        return serials.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var index = home(of: serial, mask: mask)
            while slots[index] != 0 {
                if slots[index] == serial { return index }
                index = (index + 1) & mask
            }
            return nil
        }
    }

    /// The keys whose slot `marks` (indexed by slot, `slotCount` long) leaves false.
    @inlinable
    public func serials(unmarkedIn marks: [Bool]) -> [Int] {
        precondition(marks.count == serials.count, "\(marks.count) marks for \(serials.count) slots")
        var unmarked: [Int] = []
        for index in serials.indices where serials[index] != 0 && !marks[index] { unmarked.append(serials[index]) }
        return unmarked
    }

    /// The keys that have a value, in no particular order.
    @inlinable public var keys: [Int] { serials.filter { $0 != 0 } }

    /// The first slot probed for `serial` (Fibonacci hashing: the product's high bits).
    @inlinable
    func home(of serial: Int, mask: Int) -> Int {
        let mixed = UInt64(truncatingIfNeeded: serial) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }

    @inlinable
    mutating func insert(_ cell: Cell, for serial: Int) {
        precondition(serial > 0, "cell key \(serial) is not positive")
        if let index = slotIndex(of: serial) {
            cells[index] = cell
            return
        }
        if (storedCount + 1) * 4 > serials.count * 3 { grow() }
        let mask = serials.count - 1
        var index = home(of: serial, mask: mask)
        while serials[index] != 0 { index = (index + 1) & mask }
        serials[index] = serial
        cells[index] = cell
        storedCount += 1
    }

    /// Doubles the slots (16 at first) and files every value again.
    @inlinable
    mutating func grow() {
        let oldSerials = serials
        let oldCells = cells
        let capacity = max(16, serials.count * 2)
        serials = Array(repeating: 0, count: capacity)
        cells = Array(repeating: nil, count: capacity)
        storedCount = 0
        for (index, serial) in oldSerials.enumerated() where serial != 0 {
            if let cell = oldCells[index] { insert(cell, for: serial) }
        }
    }

    /// Empties the slot of `serial`, then moves back each following entry of the run that may
    /// live in the hole (its home slot is not between the hole and where it is).
    @inlinable
    mutating func remove(_ serial: Int) {
        guard var hole = slotIndex(of: serial) else { return }
        let mask = serials.count - 1
        serials[hole] = 0
        cells[hole] = nil
        storedCount -= 1
        var index = (hole + 1) & mask
        while serials[index] != 0 {
            if (index - home(of: serials[index], mask: mask)) & mask >= (index - hole) & mask {
                serials[hole] = serials[index]
                cells[hole] = cells[index]
                serials[index] = 0
                cells[index] = nil
                hole = index
            }
            index = (index + 1) & mask
        }
    }
}

extension CellTable {
    /// Traps with a description of the first broken invariant: slots not a power of two (or
    /// none), the two arrays of different lengths, more than three quarters full, a value
    /// without a key or a key without a value, a count that is not the number of keys, or a
    /// key that its probe does not reach (an empty slot between its home and its slot).
    /// - Complexity: O(slots).
    /// `checkInvariants()` when `StorageChecks.isEnabled`: what each mutation ends with. Out of
    /// line, so that the inlined mutations read the build's flag where it is defined.
    @usableFromInline
    func checkInvariantsIfEnabled() {
        if StorageChecks.isEnabled { checkInvariants() }
    }

    package func checkInvariants() {
        if let problem = invariantViolation() { preconditionFailure("CellTable: \(problem)") }
    }

    /// The first broken invariant, described; nil when there is none.
    func invariantViolation() -> String? {
        guard serials.count == cells.count else { return "\(serials.count) keys but \(cells.count) value slots" }
        guard serials.isEmpty || serials.count.nonzeroBitCount == 1 else {
            return "\(serials.count) slots, not a power of two"
        }
        var held = 0
        for index in serials.indices {
            let serial = serials[index]
            guard (serial == 0) == (cells[index] == nil) else {
                return serial == 0 ? "slot \(index) has a value but no key" : "key \(serial) has no value"
            }
            guard serial >= 0 else { return "negative key \(serial) in slot \(index)" }
            guard serial != 0 else { continue }
            held += 1
            guard slotIndex(of: serial) == index else {
                return "key \(serial) in slot \(index) not reached by its probe"
            }
        }
        guard held == count else { return "count \(count) but \(held) keys filed" }
        guard count * 4 <= serials.count * 3 else { return "\(count) values in \(serials.count) slots" }
        return nil
    }
}
