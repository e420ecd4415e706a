import ObjectGraph

/// An object's sort key: one value per sort descriptor.
///
/// The first two values sit inline (further ones in an array), so a tree node's entries hold
/// their keys themselves: a binary search within a node compares keys without reading any other
/// memory, and fetching allocates nothing per object for up to two sort descriptors.
struct SortKey: Equatable {
    private let first: Value
    /// The number of values.
    let count: Int8
    private let second: Value
    private let rest: [Value]

    /// The values of `values` at `indexes`, in that order; `indexes` must not be empty.
    @inline(__always)
    init<Values: RandomAccessCollection<Value>>(_ values: Values, at indexes: [Int]) where Values.Index == Int {
        first = values[indexes[0]]
        count = Int8(truncatingIfNeeded: indexes.count)
        second = indexes.count > 1 ? values[indexes[1]] : .null
        rest = indexes.count > 2 ? indexes[2...].map { values[$0] } : []
    }

    /// The value of sort descriptor `index`.
    @inline(__always)
    subscript(index: Int) -> Value {
        switch index {
        case 0: first
        case 1: second
        default: rest[index - 2]
        }
    }

    /// Three-way comparison of the values of descriptor `index` of two keys, by `Value.compare`.
    @inline(__always)
    static func compare(_ lhs: SortKey, _ rhs: SortKey, at index: Int) -> Int {
        switch index {
        case 0: Value.compare(lhs.first, rhs.first)
        case 1: Value.compare(lhs.second, rhs.second)
        default: Value.compare(lhs.rest[index - 2], rhs.rest[index - 2])
        }
    }
}
