import Foundation
import ObjectGraph
import TableSimulation

/// The values a `ListDataSource` cell was formatted from, kept as the cell's `source`.
///
/// The consistency check compares every cell with what its object's values format to. When the
/// values it reads now are exactly the values the cell was formatted from, the cell's text is by
/// construction what they format to (formatting is a function of the values), and the check need
/// not format them again. "Exactly" is stricter than `==`: a double compares by its bits, so
/// `0.0` and `-0.0`, which are equal but print differently, do not count as the same.
final class CellValues: TableCellSource {
    let values: [Value]

    init(_ values: [Value]) {
        self.values = values
    }

    /// Whether `other` holds exactly the values the cell was formatted from.
    /// - Complexity: O(1) when `other` shares this array's storage, else O(count).
    func formatsLike(_ other: [Value]) -> Bool {
        guard values.count == other.count else { return false }
        let shared = values.withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
        return shared || zip(values, other).allSatisfy(Self.exactlyEqual)
    }

    /// `==`, except that doubles and dates compare by their bits.
    private static func exactlyEqual(_ lhs: Value, _ rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern
        case (.date(let a), .date(let b)): a.timeIntervalSinceReferenceDate.bitPattern == b.timeIntervalSinceReferenceDate.bitPattern
        default: lhs == rhs
        }
    }
}
