// Must NOT compile: `.ci/run` type-checks this file against the library products and fails if it
// is accepted. The object callback's label is misspelt (`newIndexpath`); with a default
// implementation in the protocol this would compile and the callback would silently never come.
import FetchedResults
import Foundation

final class NearMissDelegate: FetchedResultsControllerDelegate {
    func controllerWillChangeContent(_ controller: FetchedResultsController) {}
    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: ChangeType
    ) {}
    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: ChangeType, newIndexpath: IndexPath?
    ) {}
    func controllerDidChangeContent(_ controller: FetchedResultsController) {}
}
