import FetchSimCoreData
import Foundation
import Testing

/// A delegate of iOS 13's snapshot form, as apps with a diffable data source write it.
final class SnapshotDelegate: NSFetchedResultsControllerDelegate {
    var snapshots: [NSDiffableDataSourceSnapshot<String, NSManagedObjectID>] = []
    var differences = 0
    var callbacks = 0

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference
    ) {
        snapshots.append(NSDiffableDataSourceSnapshot<String, NSManagedObjectID>(snapshot))
    }

    // Implemented too: the snapshot form wins (rule 24).
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChangeContentWith diff: CollectionDifference<NSManagedObjectID>
    ) {
        differences += 1
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        callbacks += 1
    }
}

@Suite struct SnapshotDelegateTests {
    @Test func aSnapshotDelegateGetsTheFetchAndEachEventAsSnapshots() throws {
        let context = try NotesModel.container().viewContext
        let milk = FetchedResultsControllerTests.note(context, "Milk", 1, group: "Groceries")
        let controller = FetchedResultsControllerTests.controller(context, sectioned: true)
        let delegate = SnapshotDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        #expect(delegate.snapshots.count == 1)
        #expect(delegate.snapshots.last?.sectionIdentifiers == ["Groceries"])
        #expect(delegate.snapshots.last?.itemIdentifiers == [milk.objectID])
        #expect(delegate.snapshots.last?.reloadedItemIdentifiers == [])

        let report = FetchedResultsControllerTests.note(context, "Report", 1, group: "Work")
        context.processPendingChanges()
        milk.title = "Oat milk"
        context.processPendingChanges()
        #expect(delegate.snapshots.count == 3)
        #expect(delegate.snapshots[1].sectionIdentifiers == ["Groceries", "Work"])
        #expect(delegate.snapshots[1].itemIdentifiers(inSection: "Work") == [report.objectID])
        #expect(delegate.snapshots[1].reloadedItemIdentifiers == [])
        // The updated object is marked for reload (rule 24).
        #expect(delegate.snapshots[2].reloadedItemIdentifiers == [milk.objectID])
        #expect(delegate.differences == 0 && delegate.callbacks == 0)
    }

    @Test func withoutASectionKeyPathTheOneSectionHasAFixedIdentifier() throws {
        let context = try NotesModel.container().viewContext
        let milk = FetchedResultsControllerTests.note(context, "Milk", 1)
        let controller = FetchedResultsControllerTests.controller(context)
        let delegate = SnapshotDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        let bread = FetchedResultsControllerTests.note(context, "Bread", 0)
        context.processPendingChanges()
        #expect(
            delegate.snapshots.map(\.sectionIdentifiers) == [
                ["00000000-0000-0000-0000-000000000000"], ["00000000-0000-0000-0000-000000000000"],
            ])
        #expect(delegate.snapshots.last?.itemIdentifiers == [bread.objectID, milk.objectID])
        #expect(delegate.differences == 0 && delegate.callbacks == 0)
    }
}
