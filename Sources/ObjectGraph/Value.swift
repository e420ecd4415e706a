import Foundation

/// A typed attribute value: what an object holds under a key.
///
/// `Value` has one total order, used by sorting and by predicate comparisons:
/// `nil` sorts before everything (as SQLite sorts `NULL` first in ascending order); numbers
/// (`int`, `double`, and `bool` as 0/1, like `NSNumber`) compare numerically with each other;
/// strings compare by Unicode scalar values; dates by time. Values of unrelated kinds order by
/// kind: nil < numbers < strings < dates.
public enum Value: Hashable, Sendable {
    case null
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case date(Date)

    /// Whether this is `nil`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The attribute type this value naturally has, or `nil` for `.null`.
    public var type: AttributeType? {
        switch self {
        case .null: nil
        case .string: .string
        case .int: .int
        case .double: .double
        case .bool: .bool
        case .date: .date
        }
    }

    /// The value as a number, if it is one (`bool` counts as 0 or 1).
    public var numericValue: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        case .bool(let b): b ? 1 : 0
        default: nil
        }
    }

    /// The value as a string, if it is one.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    private var kindRank: Int {
        switch self {
        case .null: 0
        case .int, .double, .bool: 1
        case .string: 2
        case .date: 3
        }
    }

    /// Three-way comparison under the total order described on the type: negative, zero or positive.
    public static func compare(_ lhs: Value, _ rhs: Value) -> Int {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)):
            return a < b ? -1 : (a == b ? 0 : 1)
        case (.string(let a), .string(let b)):
            return compareStrings(a, b)
        case (.date(let a), .date(let b)):
            return a < b ? -1 : (a == b ? 0 : 1)
        case (.null, .null):
            return 0
        default:
            break
        }
        if let a = lhs.numericValue, let b = rhs.numericValue {
            return a < b ? -1 : (a == b ? 0 : 1)
        }
        let (ra, rb) = (lhs.kindRank, rhs.kindRank)
        return ra < rb ? -1 : (ra == rb ? 0 : 1)
    }

    /// Whether two values are equal under the total order (so `int(1)` equals `double(1)`).
    public func isEqual(to other: Value) -> Bool {
        Value.compare(self, other) == 0
    }

    @inline(__always)
    private static func compareStrings(_ a: String, _ b: String) -> Int {
        // Unicode scalar order: deterministic, locale-free and cheaper than canonical equivalence.
        var ia = a.unicodeScalars.makeIterator()
        var ib = b.unicodeScalars.makeIterator()
        while true {
            switch (ia.next(), ib.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?):
                if x != y { return x.value < y.value ? -1 : 1 }
            }
        }
    }
}
