import ObjectGraph

/// The keys a windowed strategy writes: how to read one, find one strictly between two bounds,
/// and spread n of them evenly between two bounds (`RowPlacement`).
protocol KeySpace {
    associatedtype Key
    /// The key a value holds, or nil for nil (or a value of another kind).
    func key(_ value: Value) -> Key?
    func value(_ key: Key) -> Value
    /// A key strictly between the bounds, or nil when none is free.
    func between(_ lower: RowPlacement.Edge<Key>, _ upper: RowPlacement.Edge<Key>) -> Key?
    /// `n` increasing keys strictly between the bounds and far enough apart to leave room for
    /// later drops, or nil when the bounds are too close.
    func spread(_ n: Int, _ lower: RowPlacement.Edge<Key>, _ upper: RowPlacement.Edge<Key>) -> [Key]?
    /// `n` keys 0, 1, 2, …: the last resort for a whole section whose spread overflows.
    func dense(_ n: Int) -> [Key]
    /// A bound read from `value`: a key; for nil, open below (nothing sorts under nil) and
    /// blocked above (no key fits under nil).
    func bound(_ value: Value, below: Bool) -> RowPlacement.Edge<Key>
}

extension KeySpace {
    func bound(_ value: Value, below: Bool) -> RowPlacement.Edge<Key> {
        key(value).map(RowPlacement.Edge.key) ?? (below ? .open : .blocked)
    }
}

/// Integer keys (`sparse`): new keys 1,024 apart; a rebalanced window leaves at least 16 between
/// neighbours (four more midpoints before the next rebalance there).
struct IntegerKeys: KeySpace {
    static let gap = 1_024
    static let minimumStep = 16

    func key(_ value: Value) -> Int? {
        if case .int(let i) = value { return i }
        return nil
    }

    func value(_ key: Int) -> Value { .int(key) }

    func dense(_ n: Int) -> [Int] { Array(0..<n) }

    func between(_ lower: RowPlacement.Edge<Int>, _ upper: RowPlacement.Edge<Int>) -> Int? {
        switch (lower, upper) {
        case (_, .blocked), (.blocked, _): return nil
        case (.open, .open): return 0
        case (.key(let a), .open): return add(a, Self.gap)
        case (.open, .key(let b)): return add(b, -Self.gap)
        case (.key(let a), .key(let b)):
            guard b > a else { return nil }
            let middle = a / 2 + b / 2 + (a % 2 + b % 2) / 2
            return middle > a && middle < b ? middle : nil
        }
    }

    func spread(_ n: Int, _ lower: RowPlacement.Edge<Int>, _ upper: RowPlacement.Edge<Int>) -> [Int]? {
        let gap = Self.gap
        switch (lower, upper) {
        case (_, .blocked), (.blocked, _): return nil
        case (.open, .open): return (0..<n).map { $0 * gap }
        case (.key(let a), .open):
            guard add(a, gap * n) != nil else { return nil }
            return (1...n).map { a + $0 * gap }
        case (.open, .key(let b)):
            guard add(b, -gap * n) != nil else { return nil }
            return (0..<n).map { b - (n - $0) * gap }
        case (.key(let a), .key(let b)):
            let (span, overflow) = b.subtractingReportingOverflow(a)
            guard !overflow, span > 0 else { return nil }
            let step = span / (n + 1)
            guard step >= Self.minimumStep else { return nil }
            return (1...n).map { a + $0 * step }
        }
    }

    private func add(_ a: Int, _ b: Int) -> Int? {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : sum
    }
}

/// Double keys (`fractional`): new keys 1.0 apart at the ends, midpoints between neighbours;
/// a rebalanced window leaves neighbours at least 2⁻²⁰ of their magnitude apart (about twenty
/// more midpoints before the doubles run out there).
struct DoubleKeys: KeySpace {
    func key(_ value: Value) -> Double? {
        switch value {
        case .double(let d) where d.isFinite: d
        case .int(let i): Double(i)
        default: nil
        }
    }

    func value(_ key: Double) -> Value { .double(key) }

    func dense(_ n: Int) -> [Double] { (0..<n).map(Double.init) }

    func between(_ lower: RowPlacement.Edge<Double>, _ upper: RowPlacement.Edge<Double>) -> Double? {
        let candidate: Double
        switch (lower, upper) {
        case (_, .blocked), (.blocked, _): return nil
        case (.open, .open): return 0
        case (.key(let a), .open): candidate = a + 1
        case (.open, .key(let b)): candidate = b - 1
        case (.key(let a), .key(let b)):
            candidate = a + (b - a) / 2
            return candidate > a && candidate < b ? candidate : nil
        }
        return candidate.isFinite && isFree(candidate, lower, upper) ? candidate : nil
    }

    func spread(_ n: Int, _ lower: RowPlacement.Edge<Double>, _ upper: RowPlacement.Edge<Double>) -> [Double]? {
        let keys: [Double]
        switch (lower, upper) {
        case (_, .blocked), (.blocked, _): return nil
        case (.open, .open): keys = (0..<n).map(Double.init)
        case (.key(let a), .open): keys = (1...n).map { a + Double($0) }
        case (.open, .key(let b)): keys = (0..<n).map { b - Double(n - $0) }
        case (.key(let a), .key(let b)):
            let step = (b - a) / Double(n + 1)
            guard step >= max(1, abs(a), abs(b)) * 0x1p-20 else { return nil }
            keys = (1...n).map { a + Double($0) * step }
        }
        // Each key must be strictly above the one before it (rounding could make two equal).
        for (k, next) in zip(keys, keys.dropFirst()) where !(k < next) { return nil }
        guard let first = keys.first, let last = keys.last, first.isFinite, last.isFinite,
            isFree(first, lower, .open), isFree(last, .open, upper)
        else { return nil }
        return keys
    }

    private func isFree(_ k: Double, _ lower: RowPlacement.Edge<Double>, _ upper: RowPlacement.Edge<Double>) -> Bool {
        if case .key(let a) = lower, !(k > a) { return false }
        if case .key(let b) = upper, !(k < b) { return false }
        return true
    }
}
