import FetchSimCore
import Testing

@testable import FetchedResults

/// `EntryOrdering.isOrdered(_:before:)`, the comparison the batch search makes on entries borrowed
/// in place (the first two words read from memory, the rest out of line), against the same
/// independent oracle as `CompactKeyTests`: `Value.compare` key by key in each key's direction,
/// then the object ID — on every pair, including equal words, inexact keys and an entry
/// compared with itself.
@Suite struct EntryOrderingInPlaceTests {
    @Test(arguments: CompactKeyTests.columns, CompactKeyTests.columns)
    func inPlaceOrderMatchesTheOracle(first: CompactKeyTests.Column, second: CompactKeyTests.Column) throws {
        var rng = SeededGenerator(seed: UInt64(first.name.count * 17 + second.name.count))
        let context = try makeContext()
        let objects = try (0..<40).map { try insertNote(context, "t\($0)") }
        for ascending in CompactKeyTests.directions {
            let (entries, values, ordering) = CompactKeyTests.entries(
                objects, [first, second], ascending: ascending, rng: &rng)
            var mismatches = 0
            for x in entries {
                for y in entries {
                    let oracle = CompactKeyTests.oracle(
                        (values[x.objectID] ?? [], x.objectID), (values[y.objectID] ?? [], y.objectID),
                        ascending: ascending)
                    if ordering.isOrdered(x, before: y) != oracle { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "\(first.name), \(second.name), \(ascending)")
        }
    }
}
