/// Which of iOS 13's two whole-event callbacks a diffable app implements
/// (`adapter diffable delegate=snapshot|difference`; docs/semantics.md rule 24).
///
///     DiffableDelivery(rawValue: "difference")  // .difference, as `delegate=difference` names it
public enum DiffableDelivery: String, Sendable, CaseIterable {
    /// `controller(_:didChangeContentWith snapshot:)`: the new results as one snapshot, the moved
    /// and updated objects marked for reload; `performFetch()` delivers one too.
    case snapshot
    /// `controller(_:didChangeContentWith difference:)`: removals at old offsets and insertions
    /// at new ones, a moved or updated object as an associated pair. Only without a section key:
    /// with one Core Data logs a warning and sends the per-change callbacks, which such an app
    /// does not implement.
    case difference
}
