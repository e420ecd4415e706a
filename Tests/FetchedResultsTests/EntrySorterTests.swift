import FetchSimCore
@testable import FetchedResults
import Foundation
import ObjectGraph
import Testing

/// The record sort of `performFetch` against sorting the entries with `EntryOrdering` itself.
@Suite struct EntrySorterTests {
    struct Column: Sendable, CustomTestStringConvertible {
        let name: String
        let draw: @Sendable (inout SeededGenerator) -> Value
        var testDescription: String { name }
    }

    static let columns: [Column] = [
        Column(name: "ints with nil") { rng in
            Int.random(in: 0..<8, using: &rng) == 0 ? .null : .int(Int.random(in: -5...5, using: &rng) * (Bool.random(using: &rng) ? 1 : Int.max / 8))
        },
        Column(name: "bools") { rng in .bool(Bool.random(using: &rng)) },
        Column(name: "doubles with zeros") { rng in
            [.double(-0.0), .double(0.0), .double(-1.5), .double(2.25), .double(.infinity), .double(-.infinity), .null]
                .randomElement(using: &rng) ?? .null
        },
        Column(name: "dates") { rng in .date(Date(timeIntervalSince1970: Double(Int.random(in: -3...3, using: &rng)) * 1e9)) },
        Column(name: "strings") { rng in
            .string(["", "a", "B", "ab", "a b", "é", "e\u{301}", "Zürich", "zz", "🙂", "group 10", "group 9"]
                .randomElement(using: &rng) ?? "")
        },
        Column(name: "strings without equivalents") { rng in
            .string(["", "a", "B", "ab", "é", "Zürich", "🙂", "group 10", "group 9"].randomElement(using: &rng) ?? "")
        },
        Column(name: "ints mixed with doubles") { rng in
            Bool.random(using: &rng) ? .int(Int.random(in: -3...3, using: &rng)) : .double(Double(Int.random(in: -6...6, using: &rng)) / 2)
        },
    ]

    @Test(arguments: columns, columns)
    func recordSortMatchesEntryOrdering(first: Column, second: Column) throws {
        var rng = SeededGenerator(seed: UInt64(first.name.count * 31 + second.name.count))
        let context = try makeContext()
        var objects: [ManagedObject] = []
        for i in 0..<400 { objects.append(try insertNote(context, "t\(i)")) }
        for ascending in [[true, true], [false, true], [true, false], [false, false]] {
            let entries = objects.shuffled(using: &rng).map { object in
                ResultEntry(object: object, key: SortKey([first.draw(&rng), second.draw(&rng)], at: [0, 1]))
            }
            var expected = entries
            expected.sort(by: EntryOrdering(ascending: ascending).areInIncreasingOrder)
            var sorted = entries
            EntrySorter.sort(&sorted, ascending: ascending)
            #expect(sorted.map(\.objectID) == expected.map(\.objectID), "\(first.name), \(second.name), \(ascending)")
        }
    }

    @Test func oneAndThreeKeys() throws {
        var rng = SeededGenerator(seed: 9)
        let context = try makeContext()
        let objects = try (0..<300).map { try insertNote(context, "t\($0)") }
        for count in [1, 3] {
            let entries = objects.map { object in
                ResultEntry(object: object, key: SortKey((0..<count).map { _ in .int(Int.random(in: 0..<4, using: &rng)) }, at: Array(0..<count)))
            }
            let ascending = Array(repeating: true, count: count)
            var expected = entries
            expected.sort(by: EntryOrdering(ascending: ascending).areInIncreasingOrder)
            var sorted = entries
            EntrySorter.sort(&sorted, ascending: ascending)
            #expect(sorted.map(\.objectID) == expected.map(\.objectID))
        }
    }
}
