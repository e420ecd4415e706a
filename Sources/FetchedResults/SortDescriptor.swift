import ObjectGraph

/// Orders fetched objects by one attribute, ascending or descending.
public struct SortDescriptor: Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var ascending: Bool

    public init(key: String, ascending: Bool = true) {
        self.key = key
        self.ascending = ascending
    }

    public var description: String { "\(key) \(ascending ? "asc" : "desc")" }
}
