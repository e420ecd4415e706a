/// A fixed-size hash table from integer keys (object IDs' raw values) to small non-negative
/// integers, for the walks over a whole list that ask "is this object one of the event's?" once
/// per listed object: a multiplicative hash and linear probing, where a `Dictionary` lookup
/// hashes with SipHash.
///
/// The table is made for a number of keys and never grows; `Int.min` marks an empty slot and so
/// is not a key.
///
/// ```swift
/// var table = IDLookupTable(capacity: 2)
/// table.insert(41, 0)
/// table.insert(97, 1)
/// table.value(of: 97)  // 1
/// table.value(of: 5)   // nil
/// ```
/// - Complexity: O(1) expected per insertion and lookup (the slots are at most half full).
public struct IDLookupTable {
    /// The key in each slot, `Int.min` for an empty one; a power of two slots.
    @usableFromInline var keys: [Int]
    /// The value in each slot (meaningful where a key is).
    @usableFromInline var values: [Int]
    /// How far the hash is shifted: 64 minus the bits of a slot index.
    @usableFromInline let shift: Int
    /// The number of slots minus one.
    @usableFromInline let mask: Int
    /// The number of keys the table was made for.
    public let capacity: Int
    /// The number of keys held.
    public internal(set) var count = 0

    /// An empty table for up to `capacity` keys.
    public init(capacity: Int) {
        var bits = 4
        while 1 << bits < capacity * 2 { bits += 1 }
        keys = Array(repeating: Int.min, count: 1 << bits)
        values = Array(repeating: 0, count: 1 << bits)
        shift = 64 - bits
        mask = (1 << bits) - 1
        self.capacity = max(capacity, 0)
    }

    /// The first slot probed for `key` (Fibonacci hashing: the product's high bits).
    @inlinable @inline(__always)
    func home(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// Maps `key` to `value`.
    /// - Parameters:
    ///   - key: Not `Int.min`, and not in the table yet.
    ///   - value: Not negative.
    public mutating func insert(_ key: Int, _ value: Int) {
        precondition(key != Int.min, "Int.min marks an empty slot; it is not a key")
        precondition(value >= 0, "value \(value) is negative")
        precondition(count < capacity, "the table holds \(capacity) keys")
        var slot = home(key)
        while keys[slot] != Int.min {
            precondition(keys[slot] != key, "key \(key) is in the table already")
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        values[slot] = value
        count += 1
    }

    /// The value of `key`, or nil when the table does not hold it.
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always)
    public func value(of key: Int) -> Int? {
        // `Int.min` marks empty slots: it would match the first one probed.
        guard key != Int.min else { return nil }
        // The probe reads slots through a buffer: `mask` keeps every index in bounds.
        return keys.withUnsafeBufferPointer { keys in
            var slot = home(key)
            while true {
                let found = keys[slot]
                if found == key { return values[slot] }
                if found == Int.min { return nil }
                slot = (slot + 1) & mask
            }
        }
    }
}

extension IDLookupTable {
    /// Stops the program with the first broken invariant (see `invariantViolation()`). A table
    /// is filled once and then read: its owner checks it when filled (`StorageChecks.isEnabled`),
    /// not after each insertion, which would make filling quadratic.
    public func checkInvariants() {
        if let problem = invariantViolation() { preconditionFailure("IDLookupTable: \(problem)") }
    }

    /// The first broken invariant, described; nil when there is none: slots not a power of two
    /// or the two arrays of different lengths, more keys than the capacity or than half the
    /// slots, a negative value, a count that is not the number of keys, or a key its probe does
    /// not reach (an empty slot between its home and its slot, or the same key earlier).
    /// - Complexity: O(slots).
    func invariantViolation() -> String? {
        guard keys.count == values.count else { return "\(keys.count) keys but \(values.count) value slots" }
        guard keys.count >= 16, keys.count.nonzeroBitCount == 1, mask == keys.count - 1 else {
            return "\(keys.count) slots, not a power of two of at least 16"
        }
        var held = 0
        for slot in keys.indices where keys[slot] != Int.min {
            held += 1
            guard values[slot] >= 0 else { return "key \(keys[slot]) has negative value \(values[slot])" }
            var probe = home(keys[slot])
            while probe != slot, keys[probe] != Int.min, keys[probe] != keys[slot] { probe = (probe + 1) & mask }
            guard probe == slot else { return "key \(keys[slot]) in slot \(slot) not reached by its probe" }
        }
        guard held == count else { return "count \(count) but \(held) keys filed" }
        guard count <= capacity, count * 2 <= keys.count else {
            return "\(count) keys for a capacity of \(capacity) in \(keys.count) slots"
        }
        return nil
    }
}
