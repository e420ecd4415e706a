import FetchSimStorage
import Foundation

/// A typed attribute value: what an object holds under a key.
///
/// `Value` has one total order, used by sorting and by predicate comparisons:
/// `nil` sorts before everything (as SQLite sorts `NULL` first in ascending order); numbers
/// (`int`, `double`, and `bool` as 0/1, like `NSNumber`) compare numerically with each other;
/// strings compare by Unicode scalar values; dates by time. Values of unrelated kinds order by
/// kind: nil < numbers < strings < dates.
///
/// ```swift
/// Value.compare(.null, .string("a"))     // negative: nil sorts first
/// Value.compare(.int(2), .double(2.5))   // negative: numbers compare numerically
/// Value.compare(.bool(true), .int(1))    // 0: a bool is the number 0 or 1
/// Value.string("Milk").description       // "Milk", as a cell shows it
/// Value.string("Milk").literal           // "\"Milk\"", as a command writes it
/// ```
public enum Value: Hashable, Sendable {
    case null
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case date(Date)
    /// A reference to another object: the value of a to-one relationship, printed `#7`.
    case object(ObjectID)
    /// The objects of a to-many relationship, printed `[#3, #4]`.
    ///
    /// An array of IDs rather than a `Set`: it is one reference (8 bytes), so it packs into an
    /// object's 16-byte value slot like a string (`PackedValues`), and its order is defined.
    /// For an unordered relationship the context keeps it sorted by ID and free of duplicates,
    /// so two equal sets are equal arrays, printing and iteration are deterministic, and the
    /// differences between two values are found by one merge; for an ordered relationship
    /// (`Attribute.isOrdered`, Core Data's `NSOrderedSet`) it is that order, still without
    /// duplicates.
    case objects([ObjectID])

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
        case .object: .relationship
        case .objects: .toMany
        }
    }

    /// The value as a number, if it is one (`bool` counts as 0 or 1).
    @inlinable
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

    @usableFromInline
    var kindRank: Int {
        switch self {
        case .null: 0
        case .int, .double, .bool: 1
        case .string: 2
        case .date: 3
        case .object: 4
        case .objects: 5
        }
    }

    /// Three-way comparison under the total order described on the type: negative, zero or positive.
    /// - Note: Inlinable, so that a sorted structure in another module compares its elements in
    ///   place, without copying them first.
    @inlinable @inline(__always)
    public static func compare(_ lhs: Value, _ rhs: Value) -> Int {
        // One switch per side rather than a switch over a tuple, which would copy both values.
        switch lhs {
        case .int(let a):
            if case .int(let b) = rhs { return a < b ? -1 : (a == b ? 0 : 1) }
        case .string(let a):
            if case .string(let b) = rhs { return compareStrings(a, b) }
        case .date(let a):
            if case .date(let b) = rhs { return a < b ? -1 : (a == b ? 0 : 1) }
        case .null:
            if case .null = rhs { return 0 }
        case .object(let a):
            if case .object(let b) = rhs { return a < b ? -1 : (a == b ? 0 : 1) }
        case .objects(let a):
            if case .objects(let b) = rhs { return compareIDs(a, b) }
        case .double, .bool:
            break
        }
        if let a = lhs.numericValue, let b = rhs.numericValue {
            return a < b ? -1 : (a == b ? 0 : 1)
        }
        let (ra, rb) = (lhs.kindRank, rhs.kindRank)
        return ra < rb ? -1 : (ra == rb ? 0 : 1)
    }

    /// Lexicographic order of two ID lists: the first differing ID, else the shorter first.
    @usableFromInline
    static func compareIDs(_ a: [ObjectID], _ b: [ObjectID]) -> Int {
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
    }

    /// The IDs of a to-many value (`objects`); empty for nil, the one ID of an `object`.
    public var objectIDs: [ObjectID] {
        switch self {
        case .objects(let ids): ids
        case .object(let id): [id]
        default: []
        }
    }

    /// Whether two values are equal under the total order (so `int(1)` equals `double(1)`).
    public func isEqual(to other: Value) -> Bool {
        Value.compare(self, other) == 0
    }

    @inlinable @inline(__always)
    static func compareStrings(_ a: String, _ b: String) -> Int {
        // Unicode scalar order: deterministic, locale-free and cheaper than canonical equivalence.
        // UTF-8 preserves scalar order byte by byte, so native strings compare by their bytes.
        StringBytes.compare(a, b) ?? compareScalars(a, b)
    }

    @usableFromInline
    static func compareScalars(_ a: String, _ b: String) -> Int {
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
