import FetchSimCore
import FetchSimStorage
import ObjectGraph

/// Sorts entries in the controller's order (`EntryOrdering`), in place. `performFetch()` and
/// section rebuilds sort every matching object.
///
/// Entries are trivially copyable and their compact keys order as the full keys do, so the
/// entries are sorted as they are: a comparison reads a few words and only looks up full keys
/// (`InexactKeys`) when two compact keys tie and one is inexact. The standard library's sort is a
/// stable merge sort: it copies the 40-byte entries into a buffer and back at every level and calls
/// the comparison through a closure (docs/performance.md, "The initial fetch").
/// Stability buys nothing here:
/// no two entries are equal under `EntryOrdering`, which ends with the object ID — so the sort is
/// `UnstableSort`'s introsort, specialised for entries.
/// - Complexity: O(n log n) comparisons in the worst case.
enum EntrySorter {
    /// `depthLimit`: partitioning levels before a range is heapsorted (tests lower it to reach
    /// the heapsort); by default twice the binary logarithm of the count.
    static func sort(_ entries: inout [ResultEntry], by ordering: EntryOrdering, depthLimit: Int? = nil) {
        UnstableSort.sort(&entries, depthLimit: depthLimit) { ordering.areInIncreasingOrder($0, $1) }
    }
}
