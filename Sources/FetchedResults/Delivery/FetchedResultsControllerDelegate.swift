import FetchSimCore
import ObjectGraph

/// What a fetched results controller tells its delegate, as `NSFetchedResultsControllerDelegate`:
/// one change event as willChange → section changes → object changes → didChange.
///
/// Apple's four callbacks are optional Objective-C requirements; Swift has no such thing outside
/// `@objc`, and a default implementation in a protocol extension would turn a near-miss (a typo,
/// another `IndexPath`) into a method that is silently never called. So the four callbacks are
/// required, and each optional part of Apple's protocol is a protocol of its own that a delegate
/// adopts as well — the controller asks with `as?`:
/// - ``FetchedResultsSnapshotDelegate``: iOS 13's `didChangeContentWith snapshot` instead of the callbacks;
/// - ``FetchedResultsDifferenceDelegate``: iOS 13's `didChangeContentWith difference` (without sections);
/// - ``FetchedResultsSectionIndexTitleDelegate``: `sectionIndexTitleForSectionName`.
///
/// During every callback the controller already exposes the new state (rule 4).
public protocol FetchedResultsControllerDelegate: AnyObject {
    /// A change event begins; the controller already holds its new state.
    func controllerWillChangeContent(_ controller: FetchedResultsController)
    /// A section was inserted or deleted; `sectionIndex` is its new index for an insert, its old
    /// one for a delete.
    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: ChangeType)
    /// An object was inserted, deleted, moved or updated; which index paths are set depends on
    /// `type` (docs/semantics.md, rules 9–14).
    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: ChangeType, newIndexPath: IndexPath?)
    /// The change event is complete.
    func controllerDidChangeContent(_ controller: FetchedResultsController)
}

/// A delegate that wants each change event as one snapshot of the new results, and no other
/// callback (rule 24) — iOS 13's `controller(_:didChangeContentWith:)` with a snapshot.
///
/// The four per-change callbacks are never called for such a delegate; this protocol provides
/// them as empty methods so that it need not write them.
public protocol FetchedResultsSnapshotDelegate: FetchedResultsControllerDelegate {
    /// The results after the change event, as section names and object IDs.
    func controller(_ controller: FetchedResultsController, didChangeContentWith snapshot: ResultsSnapshot)
}

extension FetchedResultsSnapshotDelegate {
    public func controllerWillChangeContent(_ controller: FetchedResultsController) {}
    public func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: ChangeType
    ) {}
    public func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: ChangeType, newIndexPath: IndexPath?
    ) {}
    public func controllerDidChangeContent(_ controller: FetchedResultsController) {}
}

/// A delegate that wants each change event of a controller without a section key path as one
/// `CollectionDifference` of object IDs (rule 24). With a section key path the controller falls
/// back to the four per-change callbacks, so the delegate implements those too.
///
/// A delegate that adopts both this and ``FetchedResultsSnapshotDelegate`` gets snapshots.
public protocol FetchedResultsDifferenceDelegate: FetchedResultsControllerDelegate {
    /// The change event as removals at old offsets and insertions at new ones.
    func controller(
        _ controller: FetchedResultsController, didChangeContentWith difference: CollectionDifference<ObjectID>)
}

/// A delegate that names the section index titles itself, as Apple's
/// `controller(_:sectionIndexTitleForSectionName:)`; without it the controller uses Apple's
/// default, `FetchedResultsController.defaultIndexTitle(forSectionName:)`.
public protocol FetchedResultsSectionIndexTitleDelegate: FetchedResultsControllerDelegate {
    /// The index title for the section called `sectionName`; `nil` for the controller's default.
    func controller(_ controller: FetchedResultsController, sectionIndexTitleForSectionName sectionName: String)
        -> String?
}
