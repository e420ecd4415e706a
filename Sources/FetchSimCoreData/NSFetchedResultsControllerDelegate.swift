import Foundation

/// What a fetched results controller tells its delegate, as Core Data's
/// `NSFetchedResultsControllerDelegate`, with every method optional, as in Apple's protocol: a
/// default implementation stands in for each one the delegate does not write.
///
/// The controller chooses the form as Core Data does (docs/semantics.md, rule 24): the snapshot
/// method when the delegate implements it; else, without a section key path, the difference
/// method when implemented; else the four per-change callbacks. Swift cannot ask whether a
/// method is the default, so the defaults of the two `didChangeContentWith` methods mark the
/// controller "not implemented" when they run: the controller tries the preferred form on the
/// first change event (or `performFetch()`), learns from the mark, delivers that event in the
/// right form, and remembers the answer for the delegate's class.
///
/// Being optional, a misspelt method is simply never called; the compiler warns that it "nearly
/// matches defaulted requirement" — read that warning.
///
/// ```swift
/// extension NotesViewController: NSFetchedResultsControllerDelegate {
///     func controller(_ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
///                     at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?) {
///         switch type {
///         case .insert: tableView.insertRows(at: [newIndexPath!], with: .fade)
///         …
///         @unknown default: break
///         }
///     }
/// }
/// ```
public protocol NSFetchedResultsControllerDelegate: AnyObject {
    /// A change event begins; the controller already holds its new state.
    func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>)
    /// An object was inserted, deleted, moved or updated.
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?)
    /// A section was inserted or deleted.
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChange sectionInfo: NSFetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType)
    /// The change event is complete.
    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>)
    /// The index title of the section called `sectionName`; nil for the default (its first letter, capitalised).
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        sectionIndexTitleForSectionName sectionName: String
    ) -> String?
    /// The change event as one difference of object IDs (iOS 13; controllers without a section key path).
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChangeContentWith diff: CollectionDifference<NSManagedObjectID>)
    /// The results after the change event as one snapshot of section names and object IDs, the
    /// objects the event moved or updated marked for reload (iOS 13); also after `performFetch()`.
    /// Build the typed snapshot with `NSDiffableDataSourceSnapshot<String, NSManagedObjectID>(snapshot)`
    /// (iOS bridges it with `as`). A controller without a section key path names its one section
    /// with a fixed UUID string, as Core Data names it with a UUID.
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference)
}

extension NSFetchedResultsControllerDelegate {
    public func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {}

    public func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {}

    public func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChange sectionInfo: NSFetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType
    ) {}

    public func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {}

    public func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        sectionIndexTitleForSectionName sectionName: String
    ) -> String? {
        nil
    }

    /// Not implemented by the delegate: marks the controller so that it delivers the event another way.
    public func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChangeContentWith diff: CollectionDifference<NSManagedObjectID>
    ) {
        controller.core?.markNotImplemented(.difference)
    }

    /// Not implemented by the delegate: marks the controller so that it delivers the event another way.
    public func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference
    ) {
        controller.core?.markNotImplemented(.snapshot)
    }
}
