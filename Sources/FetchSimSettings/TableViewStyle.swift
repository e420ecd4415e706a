/// Which UIKit view a simulated table stands for (`table collection|table`).
///
/// `UICollectionView.performBatchUpdates` validates a batch with the same rules as
/// `UITableView` — old numbering for deletes and reloads, new for inserts, the count of every
/// surviving section checked against its cached count — but words its exceptions with "items"
/// and "collection view", and has no `beginUpdates`/`endUpdates`: apps queue their changes and
/// replay them inside one `performBatchUpdates` (docs/semantics.md, rules C1–C3).
///
///     TableViewStyle(rawValue: "collection")  // .collection, as `table collection` names it
public enum TableViewStyle: String, Sendable, CaseIterable, CustomStringConvertible {
    /// `UITableView`.
    case table
    /// `UICollectionView` with a list-like layout: sections of items.
    case collection

    public var description: String { rawValue }
}
