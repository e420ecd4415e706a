import FetchedResults
import Foundation
import ObjectGraph

/// The engine controller's delegate for an `NSFetchedResultsController`: turns each engine
/// callback into Apple's, with the context's managed objects and the `<NSFetchRequestResult>`
/// face of the controller. This one delivers the four per-change callbacks.
class CallbackBridge: FetchedResultsControllerDelegate, FetchedResultsSectionIndexTitleDelegate {
    /// The core, which owns the bridge, through its link (nil once the core is gone).
    private let link: CoreLink
    var core: FetchedResultsControllerCore? { link.core }

    init(core: FetchedResultsControllerCore) {
        link = core.link
    }

    func controllerWillChangeContent(_ controller: FetchedResultsController) {
        core?.resultsChanged()
        guard let core, let delegate = core.delegate else { return }
        delegate.controllerWillChangeContent(core.delegateFace)
    }

    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: ChangeType
    ) {
        guard let core, let delegate = core.delegate else { return }
        delegate.controller(
            core.delegateFace, didChange: FetchedSectionInfo(section: section, context: core.context),
            atSectionIndex: sectionIndex, for: NSFetchedResultsChangeType(type))
    }

    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: ChangeType, newIndexPath: IndexPath?
    ) {
        guard let core, let delegate = core.delegate else { return }
        delegate.controller(
            core.delegateFace, didChange: core.wrapper(for: object), at: indexPath,
            for: NSFetchedResultsChangeType(type), newIndexPath: newIndexPath)
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController) {
        guard let core, let delegate = core.delegate else { return }
        delegate.controllerDidChangeContent(core.delegateFace)
    }

    func controller(_ controller: FetchedResultsController, sectionIndexTitleForSectionName sectionName: String)
        -> String?
    {
        guard let core, let delegate = core.delegate else { return nil }
        return delegate.controller(core.delegateFace, sectionIndexTitleForSectionName: sectionName)
    }
}

/// The bridge for a delegate known to implement the difference method: the engine delivers each
/// event of a controller without a section key path as one difference (with one, the callbacks,
/// and Core Data's warning in the engine's `delegateLog`).
final class DifferenceBridge: CallbackBridge, FetchedResultsDifferenceDelegate {
    func controller(
        _ controller: FetchedResultsController, didChangeContentWith difference: CollectionDifference<ObjectID>
    ) {
        core?.resultsChanged()
        guard let core, let delegate = core.delegate else { return }
        delegate.controller(
            core.delegateFace,
            didChangeContentWith: FetchedResultsControllerCore.managedDifference(difference, in: core))
    }
}

/// The bridge while the delegate's class is not known yet: it asks the engine for each event as
/// a snapshot — the form that reaches it first whatever the delegate implements — then tries the
/// delegate's preferred method, falls back as Core Data chooses, and learns from the
/// "not implemented" marks of the default implementations
/// (`FetchedResultsControllerCore.deliverProbing`).
final class ProbingBridge: CallbackBridge, FetchedResultsSnapshotDelegate {
    func controller(_ controller: FetchedResultsController, didChangeContentWith snapshot: ResultsSnapshot) {
        core?.resultsChanged()
        core?.deliverProbing(from: controller, snapshot: snapshot, bridge: self)
    }
}

/// The bridge for a delegate known to implement the snapshot method: the engine delivers every
/// event, and `performFetch()`, as one snapshot.
final class SnapshotBridge: CallbackBridge, FetchedResultsSnapshotDelegate {
    func controller(_ controller: FetchedResultsController, didChangeContentWith snapshot: ResultsSnapshot) {
        core?.resultsChanged()
        guard let core, let delegate = core.delegate else { return }
        delegate.controller(core.delegateFace, didChangeContentWith: core.managedSnapshot(snapshot))
    }
}
