import FetchSimCore
import ObjectGraph

/// How a delegate wants each change event: Apple's per-change callbacks, or one of the two iOS 13
/// deliveries that replace them.
public enum ContentDelivery: Sendable {
    /// willChange → section changes → object changes → didChange.
    case changes
    /// One `didChangeContentWith snapshot` call and nothing else.
    case snapshot
    /// One `didChangeContentWith difference` call and nothing else; only without a section key path
    /// (with one, the controller falls back to `.changes`).
    case difference
}

/// What a fetched results controller tells its delegate, as `NSFetchedResultsControllerDelegate`.
///
/// Every method has a default that does nothing, as Apple's are optional. During every callback
/// the controller already exposes the new state (rule 4).
public protocol FetchedResultsControllerDelegate: AnyObject {
    var contentDelivery: ContentDelivery { get }
    func controllerWillChangeContent(_ controller: FetchedResultsController)
    func controller(_ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int, for type: ChangeType)
    func controller(_ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?, for type: ChangeType, newIndexPath: IndexPath?)
    func controllerDidChangeContent(_ controller: FetchedResultsController)
    func controller(_ controller: FetchedResultsController, sectionIndexTitleForSectionName sectionName: String) -> String?
    func controller(_ controller: FetchedResultsController, didChangeContentWith snapshot: ResultsSnapshot)
    func controller(_ controller: FetchedResultsController, didChangeContentWith difference: CollectionDifference<ObjectID>)
}

extension FetchedResultsControllerDelegate {
    public var contentDelivery: ContentDelivery { .changes }
    public func controllerWillChangeContent(_ controller: FetchedResultsController) {}
    public func controller(_ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int, for type: ChangeType) {}
    public func controller(_ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?, for type: ChangeType, newIndexPath: IndexPath?) {}
    public func controllerDidChangeContent(_ controller: FetchedResultsController) {}
    public func controller(_ controller: FetchedResultsController, sectionIndexTitleForSectionName sectionName: String) -> String? { nil }
    public func controller(_ controller: FetchedResultsController, didChangeContentWith snapshot: ResultsSnapshot) {}
    public func controller(_ controller: FetchedResultsController, didChangeContentWith difference: CollectionDifference<ObjectID>) {}
}
