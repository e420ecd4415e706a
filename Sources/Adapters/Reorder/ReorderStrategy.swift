import ObjectGraph

/// How a drag renumbers the index attribute (docs/reorder.md): the REPL's `reorder
/// dense|sparse|fractional`, `fetch … reorder X`, and the fuzzer's and bench's `--reorder`.
public enum ReorderStrategy: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Contiguous keys 0…n−1 in the section's order: the seeds' renumbering loop. A drag rewrites
    /// every row between the old and the new position — O(distance) writes.
    case dense
    /// Integer keys 1,024 apart; a drop takes the midpoint of its neighbours, and when no integer
    /// is free the smallest surrounding window is spread out again (amortised O(1) writes).
    case sparse
    /// Double keys, or base-62 string keys: a drop takes the midpoint of its neighbours (one
    /// write); when the two neighbours are adjacent doubles (or the string key would pass 48
    /// digits) the smallest surrounding window is spread out again.
    case fractional

    public var description: String { rawValue }

    /// Whether the strategy can keep its keys in an attribute of `type`.
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
