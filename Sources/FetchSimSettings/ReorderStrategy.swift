/// How a drag renumbers the index attribute (docs/reorder.md): the REPL's `reorder
/// dense|sparse|fractional`, `fetch … reorder X`, and the fuzzer's and bench's `--reorder`.
/// Which attribute types each accepts, and the renumbering itself, are the adapters' (`Adapters`).
///
///     ReorderStrategy(rawValue: "sparse")  // .sparse, as `reorder sparse` names it
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

    /// One line of `help reorder` for this strategy.
    package var help: String {
        switch self {
        case .dense: "keys 0…n-1, a drag rewrites every row it passes (int or double index)."
        case .sparse:
            "int keys 1,024 apart, a drop takes the midpoint of its neighbours and respaces the smallest window "
                + "around it when none is free (int index)."
        case .fractional:
            "double midpoints, respacing when the doubles run out (double index), or base-62 string keys "
                + "(string index)."
        }
    }
}
