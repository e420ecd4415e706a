import FetchSimCore
import Foundation
import ObjectGraph
import Testing

@testable import FetchedResults

/// Compact sort keys against an independent oracle: entries sorted by `EntrySorter` (compact
/// words, full keys only on inexact ties) must come out as `Value.compare` on the full values,
/// key by key in each key's direction, then by object ID, orders them.
@Suite struct CompactKeyTests {
    struct Column: Sendable, CustomTestStringConvertible {
        let name: String
        /// The attribute type the layout is told (nil: unknown).
        let type: AttributeType?
        let draw: @Sendable (inout SeededGenerator) -> Value
        var testDescription: String { name }
    }

    static let longStrings = [
        "group 0000000000000000001", "group 0000000000000000002", "group 00000000000000000010",
        "group 000000000000000000",
        "aaaaaaaaaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaaaaaaaaaab",
        "aaaaaaaaaaaaaaaaaaaaaa\u{0}", "aaaaaaaaaaaaaaaaaaaaaa\u{0}\u{0}", "ééééééééééééééé", "éééééééééééééééa",
        "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
        "🙂🙂🙂🙂🙂🙂🙂", "🙂🙂🙂🙂🙂🙂🙂🙂",
    ]
    static let shortStrings = [
        "", "a", "B", "ab", "a b", "é", "e\u{301}", "Zürich", "zz", "🙂", "group 10", "group 9", "a\u{0}", "a\u{0}b",
        "a\u{1}",
    ]

    static let columns: [Column] = [
        Column(name: "ints with nil", type: .int) { rng in
            Int.random(in: 0..<8, using: &rng) == 0
                ? .null : .int(Int.random(in: -5...5, using: &rng) * (Bool.random(using: &rng) ? 1 : Int.max / 8))
        },
        Column(name: "bools", type: .bool) { rng in .bool(Bool.random(using: &rng)) },
        Column(name: "doubles with zeros", type: .double) { rng in
            [.double(-0.0), .double(0.0), .double(-1.5), .double(2.25), .double(.infinity), .double(-.infinity), .null]
                .randomElement(using: &rng) ?? .null
        },
        Column(name: "dates", type: .date) { rng in
            .date(Date(timeIntervalSince1970: Double(Int.random(in: -3...3, using: &rng)) * 1e9))
        },
        Column(name: "short strings", type: .string) { rng in .string(shortStrings.randomElement(using: &rng) ?? "") },
        Column(name: "long strings sharing prefixes", type: .string) { rng in
            Int.random(in: 0..<10, using: &rng) == 0
                ? .null : .string((longStrings + shortStrings).randomElement(using: &rng) ?? "")
        },
        // Integers mixed with doubles stay within ±2^53 plus one big pair: `Value.compare` turns
        // integers into doubles when it meets a double, so 2^53 + 1 would equal the double 2^53
        // while exceeding the integer 2^53, and no order could agree with it on every pair.
        Column(name: "ints mixed with doubles (int column)", type: .int) { rng in
            [
                .int(1 << 53), .int(1 << 53 - 1), .double(0x1p53), .double(0x1p53 + 2), .int(-3), .double(-2.5),
                .double(-3), .int(0),
                .double(-0.0), .bool(true), .int(1), .double(1e300), .double(-1e300), .int(-(1 << 53)),
            ].randomElement(using: &rng) ?? .null
        },
        Column(name: "ints mixed with doubles (double column)", type: .double) { rng in
            [
                .int(1 << 53), .int(1 << 53 - 1), .double(0x1p53), .double(0x1p53 + 2), .int(-3), .double(-2.5),
                .double(-3), .int(0),
                .double(-0.0), .bool(false), .double(0x1p63), .double(.infinity), .int(-(1 << 53)),
            ].randomElement(using: &rng) ?? .null
        },
        Column(name: "kinds mixed", type: nil) { rng in
            [
                .null, .int(2), .double(1.5), .string("x"), .string(longStrings[0]),
                .date(Date(timeIntervalSince1970: 0)),
                .object(ObjectID(3)), .object(ObjectID(1)), .bool(true),
            ].randomElement(using: &rng) ?? .null
        },
    ]

    static let directions: [[Bool]] = [[true, true], [false, true], [true, false], [false, false]]

    /// The order the controller must keep: `Value.compare` per key in its direction, then ID.
    static func oracle(_ a: (values: [Value], id: ObjectID), _ b: (values: [Value], id: ObjectID), ascending: [Bool])
        -> Bool
    {
        for i in ascending.indices {
            let c = Value.compare(a.values[i], b.values[i])
            if c != 0 { return ascending[i] ? c < 0 : c > 0 }
        }
        return a.id < b.id
    }

    /// Entries for `objects` with keys drawn from `columns`, their full values, and the ordering.
    static func entries(_ objects: [ManagedObject], _ columns: [Column], ascending: [Bool], rng: inout SeededGenerator)
        -> (entries: [ResultEntry], values: [ObjectID: [Value]], ordering: EntryOrdering)
    {
        let layout = KeyLayout(ascending: ascending, types: columns.map(\.type))
        let inexact = InexactKeys()
        var values: [ObjectID: [Value]] = [:]
        let entries = objects.shuffled(using: &rng).map { object in
            let drawn = columns.map { $0.draw(&rng) }
            let key = SortKey(drawn, at: Array(drawn.indices), layout: layout)
            inexact.update(object.objectID, to: key)
            values[object.objectID] = drawn
            return ResultEntry(object: object, key: key)
        }
        return (entries, values, EntryOrdering(layout: layout, inexact: inexact))
    }

    @Test(arguments: columns, columns)
    func sortMatchesTheOracle(first: Column, second: Column) throws {
        var rng = SeededGenerator(seed: UInt64(first.name.count * 31 + second.name.count))
        let context = try makeContext()
        let objects = try (0..<300).map { try insertNote(context, "t\($0)") }
        for ascending in Self.directions {
            let (entries, values, ordering) = Self.entries(objects, [first, second], ascending: ascending, rng: &rng)
            var sorted = entries
            EntrySorter.sort(&sorted, by: ordering)
            let expected = entries.map { (values: values[$0.objectID] ?? [], id: $0.objectID) }
                .sorted { Self.oracle($0, $1, ascending: ascending) }.map(\.id)
            #expect(sorted.map(\.objectID) == expected, "\(first.name), \(second.name), \(ascending)")
            // Every pair, not only those a sort happens to compare.
            var mismatches = 0
            for a in entries.prefix(40) {
                for b in entries.prefix(40) {
                    let oracle = Self.oracle(
                        (values[a.objectID] ?? [], a.objectID), (values[b.objectID] ?? [], b.objectID),
                        ascending: ascending)
                    if ordering.areInIncreasingOrder(a, b) != oracle { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "\(first.name), \(second.name), \(ascending)")
        }
    }

    @Test(arguments: columns)
    func exactKeysDecodeToTheirValues(column: Column) throws {
        var rng = SeededGenerator(seed: 5)
        let context = try makeContext()
        let objects = try (0..<200).map { try insertNote(context, "t\($0)") }
        for ascending in Self.directions {
            let (entries, values, ordering) = Self.entries(objects, [column, column], ascending: ascending, rng: &rng)
            for entry in entries {
                let full = ordering.fullKey(of: entry)
                // Compared by the bits of doubles: -0 must not pass for +0.
                let expected = (values[entry.objectID] ?? []).map { $0.bitwiseText }
                #expect((0..<2).map { full?[$0].bitwiseText } == expected, "\(column.name) \(ascending)")
            }
            // Equal words of exact keys mean equal values.
            for a in entries.prefix(40) where !a.code.isInexact {
                for b in entries.prefix(40) where !b.code.isInexact && a.code == b.code {
                    #expect(values[a.objectID] == values[b.objectID], "\(column.name)")
                }
            }
        }
    }

    @Test func whatIsExact() {
        let layout = KeyLayout(ascending: [true], types: [.string])
        func exact(_ value: Value, _ layout: KeyLayout) -> Bool {
            !SortKey([value], at: [0], layout: layout).code.isInexact
        }
        // A string fits with its tag and 2-byte end in 23 bytes: 20 bytes; a NUL takes two.
        #expect(exact(.string(String(repeating: "x", count: 20)), layout))
        #expect(!exact(.string(String(repeating: "x", count: 21)), layout))
        #expect(!exact(.string(String(repeating: "\u{0}", count: 11)), layout))
        let ints = KeyLayout(ascending: [false], types: [.int])
        let doubles = KeyLayout(ascending: [true], types: [.double])
        #expect(exact(.int(.min), ints) && exact(.null, ints) && !exact(.double(1), ints) && !exact(.bool(true), ints))
        #expect(
            exact(.double(-1.5), doubles) && !exact(.double(-0.0), doubles) && !exact(.double(.nan), doubles)
                && !exact(.int(1), doubles))
        // Two keys of 9 bytes each and a 9-character string (the bench's) fit; a third key does not.
        let three = KeyLayout(ascending: [true, true, true], types: [.string, .int, .int])
        #expect(
            !SortKey(
                [.string("group 042"), .int(7)], at: [0, 1],
                layout: KeyLayout(ascending: [true, true], types: [.string, .int])
            ).code.isInexact)
        #expect(SortKey([.string("group 042"), .int(7), .int(1)], at: [0, 1, 2], layout: three).code.isInexact)
    }

    /// Strings whose bytes the encoder takes eight at a time: a NUL at every place of such a
    /// window, in either direction, must decode back exactly and order as `Value.compare` does.
    @Test func nulsInsideAnEightByteWindow() {
        var strings: [String] = ["abcdefgh", "abcdefghi", "abcdefg", "abcdefgh\u{1}", "\u{1}bcdefgh"]
        for position in 0..<9 {
            var bytes = Array("abcdefghij".utf8)
            bytes[position] = 0
            strings.append(String(decoding: bytes, as: UTF8.self))
            strings.append(String(decoding: bytes.prefix(9), as: UTF8.self))
        }
        for ascending in [true, false] {
            let layout = KeyLayout(ascending: [ascending], types: [.string])
            let keys = strings.map { SortKey([.string($0)], at: [0], layout: layout).code }
            for (string, key) in zip(strings, keys) {
                #expect(!key.isInexact && layout.decode(key) == [.string(string)], "\(Array(string.utf8)) \(ascending)")
            }
            func words(_ key: CompactKey) -> [UInt64] { [key.w0, key.w1, key.w2 & ~CompactKey.inexactFlag] }
            for i in strings.indices {
                for j in strings.indices {
                    let expected = Value.compare(.string(strings[i]), .string(strings[j]))
                    let byWords =
                        words(keys[i]).lexicographicallyPrecedes(words(keys[j]))
                        ? -1 : words(keys[i]) == words(keys[j]) ? 0 : 1
                    #expect(
                        byWords == (ascending ? expected.signum() : -expected.signum()),
                        "\(Array(strings[i].utf8)) \(Array(strings[j].utf8))")
                }
            }
        }
    }

    @Test func threeKeys() throws {
        var rng = SeededGenerator(seed: 9)
        let context = try makeContext()
        let objects = try (0..<300).map { try insertNote(context, "t\($0)") }
        let small = Column(name: "small ints", type: .int) { rng in .int(Int.random(in: 0..<3, using: &rng)) }
        let strings = Self.columns[5]
        for ascending in [[true, false, true], [false, true, false]] {
            let (entries, values, ordering) = Self.entries(
                objects, [strings, small, small], ascending: ascending, rng: &rng)
            var sorted = entries
            EntrySorter.sort(&sorted, by: ordering)
            let expected = entries.map { (values: values[$0.objectID] ?? [], id: $0.objectID) }
                .sorted { Self.oracle($0, $1, ascending: ascending) }.map(\.id)
            #expect(sorted.map(\.objectID) == expected)
        }
    }
}

extension Value {
    /// The value with doubles and dates by their bits (so −0 and +0 differ).
    var bitwiseText: String {
        switch self {
        case .double(let d): "double \(d.bitPattern)"
        case .date(let d): "date \(d.timeIntervalSinceReferenceDate.bitPattern)"
        default: String(reflecting: self)
        }
    }
}
