import ObjectGraph
import TableSimulation

/// The values a `ListDataSource` cell was formatted from, kept as the cell's `source`.
///
/// The consistency check compares every cell with what its object's values format to. When the
/// values it reads are this very array — the same storage, which copy-on-write guarantees holds
/// the same elements, since any write to an object's values copies a shared array — the cell's
/// text is by construction what they format to, and the check need not format them again.
final class CellValues: TableCellSource {
    let values: [Value]

    init(_ values: [Value]) {
        self.values = values
    }

    /// Whether `other` is the array the cell was formatted from (same storage, same count).
    /// - Complexity: O(1).
    func isIdentical(to other: [Value]) -> Bool {
        guard values.count == other.count else { return false }
        guard !values.isEmpty else { return true }
        return values.withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}
