import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// The fetch's in-place sort (`EntrySorter`) against an independent oracle (`Value.compare` key
/// by key in each key's direction, then ID: `CompactKeyTests.oracle`), on every path of the
/// introsort: insertion sort alone, partitioning, and the heapsort a depth limit forces.
@Suite struct EntrySorterTests {
    @Test func fiveEntriesByHand() throws {
        let context = try makeContext()
        let objects = try (0..<5).map { try insertNote(context, "t\($0)") }
        // Keys (group, order): #1 ("b", 2), #2 ("a", 9), #3 ("b", 1), #4 ("a", 9), #5 (nil, 5).
        // Ascending by group (nil first), then by order, then by ID: #5, #2, #4, #3, #1.
        let keys: [[Value]] = [
            [.string("b"), .int(2)], [.string("a"), .int(9)], [.string("b"), .int(1)], [.string("a"), .int(9)],
            [.null, .int(5)],
        ]
        let layout = KeyLayout(ascending: [true, true], types: [.string, .int])
        let ordering = EntryOrdering(layout: layout, inexact: InexactKeys())
        var entries = zip(objects, keys).map { ResultEntry(object: $0, key: SortKey($1, at: [0, 1], layout: layout)) }
        EntrySorter.sort(&entries, by: ordering)
        #expect(entries.map(\.objectID.rawValue) == [5, 2, 4, 3, 1])
        // Descending by group, ascending by order: #1 ("b", 2) after #3 ("b", 1); nil last.
        let mixed = KeyLayout(ascending: [false, true], types: [.string, .int])
        var descending = zip(objects, keys).map {
            ResultEntry(object: $0, key: SortKey($1, at: [0, 1], layout: mixed))
        }
        EntrySorter.sort(&descending, by: EntryOrdering(layout: mixed, inexact: InexactKeys()))
        #expect(descending.map(\.objectID.rawValue) == [3, 1, 2, 4, 5])
    }

    /// Sizes below and above the insertion threshold; the default depth, a depth of 1 (one
    /// partition, then heapsorts) and 0 (one heapsort); shuffled, sorted and reversed input.
    @Test(arguments: [2, 3, 20, 21, 64, 1_000], [nil, 1, 0] as [Int?])
    func sortMatchesTheOracle(count: Int, depthLimit: Int?) throws {
        var rng = SeededGenerator(seed: UInt64(count))
        let context = try makeContext()
        let objects = try (0..<count).map { try insertNote(context, "t\($0)") }
        // Long strings sharing prefixes (inexact keys) and small ints (ties broken by ID).
        let small = CompactKeyTests.Column(name: "small ints", type: .int) { rng in
            .int(Int.random(in: 0..<4, using: &rng))
        }
        for columns in [
            [CompactKeyTests.columns[5], small], [small, small],
            [CompactKeyTests.columns[0], CompactKeyTests.columns[4]],
        ] {
            for ascending in CompactKeyTests.directions {
                let (entries, values, ordering) = CompactKeyTests.entries(
                    objects, columns, ascending: ascending, rng: &rng)
                let expected = entries.map { (values: values[$0.objectID] ?? [], id: $0.objectID) }
                    .sorted { CompactKeyTests.oracle($0, $1, ascending: ascending) }.map(\.id)
                var sorted = entries
                EntrySorter.sort(&sorted, by: ordering, depthLimit: depthLimit)
                #expect(sorted.map(\.objectID) == expected, "\(columns.map(\.name)) \(ascending)")
                // Already sorted, and reversed: the median of three's best and a classic worst case.
                var again = sorted
                EntrySorter.sort(&again, by: ordering, depthLimit: depthLimit)
                #expect(again.map(\.objectID) == expected)
                var reversed = Array(sorted.reversed())
                EntrySorter.sort(&reversed, by: ordering, depthLimit: depthLimit)
                #expect(reversed.map(\.objectID) == expected)
            }
        }
    }
}
