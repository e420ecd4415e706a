import ObjectGraph

// Which attribute types each strategy keeps its keys in; the strategies themselves are settings
// vocabulary (FetchSimSettings).
extension ReorderStrategy {
    /// Whether the strategy can keep its keys in an attribute of `type`.
    ///
    ///     ReorderStrategy.sparse.accepts(.double)  // false: sparse keys are integers
    public func accepts(_ type: AttributeType) -> Bool {
        switch self {
        case .dense: type == .int || type == .double
        case .sparse: type == .int
        case .fractional: type == .double || type == .string
        }
    }

    /// The attribute types the strategy accepts, as a message says it: `an int or double`.
    public var requiredType: String {
        switch self {
        case .dense: "an int or double"
        case .sparse: "an int"
        case .fractional: "a double or string"
        }
    }
}
