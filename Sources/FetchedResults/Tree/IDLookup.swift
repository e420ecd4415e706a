/// A fixed-size hash table from object IDs (their raw values) to small integers, for the walks
/// over the whole list that ask "is this object one of the event's?" once per listed object: a
/// multiplicative hash and linear probing, a few instructions where a `Dictionary` lookup hashes
/// with SipHash.
/// - Complexity: O(1) expected per insertion and lookup; holds at most the capacity it was made for.
struct IDLookup {
    private var keys: [Int]
    private var values: [Int]
    private let shift: Int
    private let mask: Int

    /// A table for up to `capacity` keys (filled to at most half).
    init(capacity: Int) {
        var bits = 4
        while 1 << bits < capacity * 2 { bits += 1 }
        keys = Array(repeating: Int.min, count: 1 << bits)
        values = Array(repeating: -1, count: 1 << bits)
        shift = 64 - bits
        mask = (1 << bits) - 1
    }

    @inline(__always)
    private func home(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// Maps `key` (not `Int.min`, not present yet) to `value` (not negative).
    mutating func insert(_ key: Int, _ value: Int) {
        var slot = home(key)
        while keys[slot] != Int.min { slot = (slot + 1) & mask }
        keys[slot] = key
        values[slot] = value
    }

    /// The value of `key`, or -1.
    @inline(__always)
    func value(of key: Int) -> Int {
        keys.withUnsafeBufferPointer { keys in
            var slot = home(key)
            while true {
                let found = keys[slot]
                if found == key { return values[slot] }
                if found == Int.min { return -1 }
                slot = (slot + 1) & mask
            }
        }
    }
}
