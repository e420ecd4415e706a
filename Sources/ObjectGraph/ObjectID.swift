import FetchSimCore
import FetchSimStorage

/// A stable object identity: assigned once at insert, never reused, printed as `#7`.
///
/// ```swift
/// let id = ObjectID(7)
/// id.description   // "#7"
/// ObjectID(3) < id // true: IDs order by number
/// ```
public struct ObjectID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number shown as `#N`.
    public let rawValue: Int

    /// The ID numbered `rawValue`.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}

extension UTF8Text {
    /// `id.description`: `#12`.
    @inlinable
    public mutating func append(_ id: ObjectID) {
        append(ascii: "#")
        append(id.rawValue)
    }
}
