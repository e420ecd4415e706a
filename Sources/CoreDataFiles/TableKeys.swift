/// The `Z_PK`s of one table's rows, in the order they were read (ascending), and the positions
/// in the read their objects got: `Z_PK` → object and back, without a dictionary.
///
/// Core Data hands out a table's `Z_PK`s from 1 up and reuses none, so a store nobody deleted
/// from numbers its rows 1, 2, 3, …: such a run is kept as its first key alone. Otherwise the
/// keys are kept sorted and found by binary search (8 bytes a row).
///
/// ```swift
/// let keys = TableKeys(base: 10, keys: [1, 2, 3])
/// keys.index(of: 2)   // 11
/// keys.key(at: 12)    // 3
/// ```
struct TableKeys: Sendable {
    /// The position in the read of the table's first row.
    let base: Int
    /// The number of rows.
    let count: Int
    /// The first row's `Z_PK`.
    private let first: Int64
    /// Every row's `Z_PK`, in order; nil when they are `first`, `first + 1`, ….
    private let keys: [Int64]?

    /// The keys of a table whose first row is object `base`; `keys` must be ascending.
    init(base: Int, keys: [Int64]) {
        self.base = base
        self.count = keys.count
        let first = keys.first ?? 0
        self.first = first
        let isRun = keys.last.map { $0 - first == Int64(keys.count - 1) } ?? true
        self.keys = isRun ? nil : keys
    }

    /// The position in the read of the row with `key`, or nil when the table holds none.
    func index(of key: Int64) -> Int? {
        guard let keys else {
            guard key >= first, key - first < Int64(count) else { return nil }
            return base + Int(key - first)
        }
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? base + low : nil
    }

    /// Whether object `index` of the read is a row of this table.
    func contains(_ index: Int) -> Bool {
        index >= base && index - base < count
    }

    /// The `Z_PK` of object `index` of the read.
    /// - Precondition: `contains(index)`.
    func key(at index: Int) -> Int64 {
        precondition(contains(index), "object \(index) is not a row of this table")
        return keys?[index - base] ?? first + Int64(index - base)
    }
}
