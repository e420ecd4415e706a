/// How the app titles the table's section index (the letters down the right edge): what its
/// `controller(_:sectionIndexTitleForSectionName:)` answers and whether its data source gives
/// the table an index at all (docs/semantics.md, "Section names and index titles";
/// `index-titles first-letter|full|none`). The answers themselves are the adapters'.
///
///     SectionIndexTitleStyle(rawValue: "full")  // .full: section "Groceries" is titled "Groceries"
public enum SectionIndexTitleStyle: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Apple's default: `%c` of the section name's first UTF-16 unit, uppercased (the delegate defers to
    /// the controller).
    case firstLetter = "first-letter"
    /// The whole section name.
    case full
    /// No section index: `sectionIndexTitles(for:)` answers nil (the controller still names each
    /// section's `indexTitle` by its default).
    case none

    public var description: String { rawValue }
}
