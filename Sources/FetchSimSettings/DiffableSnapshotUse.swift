/// How a diffable app applies the snapshot the controller hands it
/// (`adapter diffable snapshot=as-is|rebuilt`; docs/semantics.md rule D2).
///
///     DiffableSnapshotUse.rebuilt.rawValue  // "rebuilt", as `snapshot=rebuilt` names it
public enum DiffableSnapshotUse: String, Sendable, CaseIterable {
    /// `dataSource.apply(snapshot as NSDiffableDataSourceSnapshot<…>)`: the controller's own
    /// snapshot, with the items it marked for reload — which UIKit reloads from iOS 15 (an Apple
    /// engineer, forum thread 692357: "you can rely on the behavior you see in iOS 15").
    case asIs = "as-is"
    /// The app builds a snapshot of its own from the controller's sections and items (to map the
    /// object IDs to its own identifiers, say), which leaves the reload marks behind: updated
    /// items keep their cells, the stale cell of iOS 13–14 on every release.
    case rebuilt
}
