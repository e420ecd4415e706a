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

    /// Whether `other` holds exactly the values the cell was formatted from (the check's
    /// current values are compared where the object holds them: `ManagedObject.holdsExactly`).
    func formatsLike(_ other: [Value]) -> Bool {
        guard values.count == other.count else { return false }
        for index in values.indices where !Self.exactlyEqual(values[index], other[index]) { return false }
        return true
    }

    /// `==`, except that doubles and dates compare by their bits.
    private static func exactlyEqual(_ lhs: Value, _ rhs: Value) -> Bool {
        // One value at a time: a switch over the pair copied both into a tuple first.
        switch lhs {
        case .double(let a):
            if case .double(let b) = rhs { return a.bitPattern == b.bitPattern }
            return false
        case .date(let a):
            if case .date(let b) = rhs {
                return a.timeIntervalSinceReferenceDate.bitPattern == b.timeIntervalSinceReferenceDate.bitPattern
            }
            return false
        default:
            return lhs == rhs
        }
    }
}
