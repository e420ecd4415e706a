import ObjectGraph

/// An object's sort key: one value per sort descriptor, and its compact form (`CompactKey`).
///
/// The full values are what a change event compares an object's new key against and what an
/// inexact compact key falls back to; tree entries hold only the compact form.
struct SortKey: Equatable {
    private let first: Value
    /// The number of values.
    let count: Int8
    private let second: Value
    private let rest: [Value]
    /// The values encoded under the request's layout.
    let code: CompactKey

    /// The values of `values` at `indexes`, in that order; `indexes` must not be empty.
    @inline(__always)
    init<Values: RandomAccessCollection<Value>>(_ values: Values, at indexes: [Int], layout: KeyLayout)
    where Values.Index == Int {
        first = values[indexes[0]]
        count = Int8(truncatingIfNeeded: indexes.count)
        second = indexes.count > 1 ? values[indexes[1]] : .null
        rest = indexes.count > 2 ? indexes[2...].map { values[$0] } : []
        code = layout.encode(values, at: indexes)
    }

    /// A key whose values and code are known already (decoded from `code`).
    init(decoded values: [Value], code: CompactKey) {
        first = values.first ?? .null
        count = Int8(truncatingIfNeeded: values.count)
        second = values.count > 1 ? values[1] : .null
        rest = values.count > 2 ? Array(values[2...]) : []
        self.code = code
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
