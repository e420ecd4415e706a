import ObjectGraph

/// Orders fetched objects by one attribute, ascending or descending.
public struct SortDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// The attribute to sort by.
    public var key: String
    /// Whether smaller values come first.
    public var ascending: Bool

    /// Sorts by `key`, ascending unless told otherwise.
    public init(key: String, ascending: Bool = true) {
        self.key = key
        self.ascending = ascending
    }

    public var description: String { "\(key) \(ascending ? "asc" : "desc")" }
}
