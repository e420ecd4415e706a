import ObjectGraph

/// Sorts the entries of a fetch in the controller's order (`EntryOrdering`).
///
/// Entries are trivially copyable and their compact keys order as the full keys do, so the
/// entries are sorted as they are: a comparison reads a few words and only looks up full keys
/// (`InexactKeys`) when two compact keys tie and one is inexact.
/// - Complexity: O(n log n).
enum EntrySorter {
    static func sort(_ entries: inout [ResultEntry], by ordering: EntryOrdering) {
        guard entries.count > 1 else { return }
        entries.sort(by: ordering.areInIncreasingOrder)
    }
}
