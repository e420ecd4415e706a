/// A stable object identity: assigned once at insert, never reused, printed as `#7`.
public struct ObjectID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}
