/// The comparison selector of a sort descriptor: `compare:` (values in FetchSim's value order),
/// or one of NSString's, which only strings answer (docs/semantics.md, "Sort selectors";
/// `fetch … sort KEY localizedStandardCompare`). The comparisons are the controller's
/// (`FetchedResults`: `SortSelector.key(for:)`).
///
///     SortSelector(rawValue: "caseInsensitiveCompare")  // .caseInsensitiveCompare
public enum SortSelector: String, Hashable, Sendable, CaseIterable {
    /// `compare:`: FetchSim's value order (strings by Unicode scalars).
    case compare
    /// `caseInsensitiveCompare:`: strings with case folded (Foundation's folding, no locale).
    case caseInsensitiveCompare
    /// `localizedStandardCompare:`, the Finder's order: case, diacritics and width folded, and runs
    /// of digits compared as numbers ("File 2" before "File 10"). Apple's is locale-dependent
    /// collation; FetchSim's is this locale-free reading of it.
    case localizedStandardCompare
}
