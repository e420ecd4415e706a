import FetchSimCore
import Testing

@testable import FetchSimStorage

/// `IDLookupTable`, integer keys to small values, against a `Dictionary` filled with the same
/// seeded keys (clustered, negative and far apart, so probes wrap around), and its invariant
/// check against tables broken by hand.
@Suite struct IDLookupTableTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func agreesWithADictionary(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let capacity = Int.random(in: 1...300, using: &rng)
        var table = IDLookupTable(capacity: capacity)
        var expected: [Int: Int] = [:]
        while expected.count < capacity {
            let key =
                Bool.random(using: &rng)
                ? Int.random(in: 0..<(capacity * 3), using: &rng) : Int.random(in: -1_000_000...Int.max, using: &rng)
            guard expected[key] == nil else { continue }
            let value = Int.random(in: 0...1_000, using: &rng)
            table.insert(key, value)
            expected[key] = value
        }
        #expect(table.count == capacity)
        #expect(table.invariantViolation() == nil)
        for (key, value) in expected { #expect(table.value(of: key) == value, "key \(key)") }
        for key in -50..<(capacity * 3 + 50) where expected[key] == nil {
            #expect(table.value(of: key) == nil, "key \(key)")
        }
        #expect(table.value(of: Int.min) == nil)
    }

    @Test func keysThatShareLowBitsAreFoundAndNothingElse() {
        var lookup = IDLookupTable(capacity: 100)
        // Keys that share low bits, and neighbours, collide in a naive table.
        let keys = (0..<100).map { $0 * 4_096 + ($0 % 3) }
        for (value, key) in keys.enumerated() { lookup.insert(key, value) }
        for (value, key) in keys.enumerated() { #expect(lookup.value(of: key) == value) }
        #expect(lookup.value(of: 1) == nil && lookup.value(of: 4_098) == nil && lookup.value(of: -3) == nil)
        var one = IDLookupTable(capacity: 1)
        #expect(one.value(of: 7) == nil)
        one.insert(7, 0)
        #expect(one.value(of: 7) == 0)
        #expect(lookup.invariantViolation() == nil && one.invariantViolation() == nil)
    }

    @Test func anEmptyTableHoldsNothing() {
        let table = IDLookupTable(capacity: 0)
        #expect(table.value(of: 0) == nil && table.value(of: 17) == nil)
        #expect(table.count == 0 && table.invariantViolation() == nil)
    }

    /// Three keys that share home slot 0 of 16 (key 0 and the next two the hash sends there), so
    /// linear probing files them in slots 0, 1 and 2.
    static let crowded: [Int] = {
        let empty = IDLookupTable(capacity: 4)
        return Array((0...).lazy.filter { empty.home($0) == 0 }.prefix(3))
    }()

    static func sample() -> IDLookupTable {
        var table = IDLookupTable(capacity: 4)
        for (value, key) in crowded.enumerated() { table.insert(key, value) }
        return table
    }

    /// Each way of breaking the table is named by the check, from the table's rules (a key
    /// reached from its home slot without crossing an empty one, values not negative, the count
    /// the number of keys, at most half the slots used).
    @Test func brokenTablesAreNamed() throws {
        let sample = Self.sample()
        #expect(sample.keys.count == 16)
        #expect(Array(sample.keys[0..<4]) == Self.crowded + [Int.min])
        #expect(sample.invariantViolation() == nil)
        #expect(sample.value(of: Self.crowded[2]) == 2)

        var cutOff = Self.sample()
        cutOff.keys[1] = Int.min
        #expect(cutOff.invariantViolation() == "key \(Self.crowded[2]) in slot 2 not reached by its probe")

        var negative = Self.sample()
        negative.values[2] = -1
        #expect(negative.invariantViolation() == "key \(Self.crowded[2]) has negative value -1")

        var miscounted = Self.sample()
        miscounted.count = 2
        #expect(miscounted.invariantViolation() == "count 2 but 3 keys filed")

        var mismatched = Self.sample()
        mismatched.values.append(0)
        #expect(mismatched.invariantViolation() == "16 keys but 17 value slots")

        // A ninth key filed by hand, in its own home slot, in a table for eight.
        var overfull = IDLookupTable(capacity: 8)
        for key in 100..<108 { overfull.insert(key, 0) }
        #expect(overfull.invariantViolation() == nil)
        let extra = try #require((200...).first { overfull.keys[overfull.home($0)] == Int.min })
        overfull.keys[overfull.home(extra)] = extra
        overfull.count = 9
        #expect(overfull.invariantViolation() == "9 keys for a capacity of 8 in 16 slots")
    }

    /// `checkInvariants()` stops the program on a broken table; inserting a key twice, or past
    /// the capacity, stops it too.
    @Test func aBrokenTableStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            var table = IDLookupTableTests.sample()
            table.count = 7
            table.checkInvariants()
        }
        await #expect(processExitsWith: .failure) {
            var table = IDLookupTableTests.sample()
            table.insert(IDLookupTableTests.crowded[1], 5)
        }
        await #expect(processExitsWith: .failure) {
            var table = IDLookupTableTests.sample()
            table.insert(7, 3)
            table.insert(8, 4)  // a fifth key
        }
        await #expect(processExitsWith: .success) {
            var table = IDLookupTableTests.sample()
            table.insert(7, 3)
            table.checkInvariants()
        }
    }
}
