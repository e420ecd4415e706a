import FetchSimCore
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

    /// Each event's snapshot carries the unchanged sections of the last one over: it must still be
    /// the snapshot of the controller's sections as they are, item table included, through
    /// inserts, deletes, moves between groups, edits and saves (which change every object's ID).
    @Test(arguments: [3, 17] as [UInt64])
    func eachSnapshotIsTheControllersSectionsAsTheyAre(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let context = try NotesModel.container().viewContext
        let groups = ["A", "B", "C", "D"]
        var notes = (0..<24).map {
            FetchedResultsControllerTests.note(context, "n\($0)", Int64($0), group: groups[$0 % 4])
        }
        let controller = FetchedResultsControllerTests.controller(context, sectioned: true)
        let delegate = SnapshotDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        var next = 24
        for step in 0..<80 {
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                let group = groups.randomElement(using: &generator) ?? "A"
                notes.append(FetchedResultsControllerTests.note(context, "n\(next)", Int64(next % 7), group: group))
                next += 1
            case 1 where notes.count > 1:
                context.delete(notes.remove(at: Int.random(in: 0..<notes.count, using: &generator)))
            case 2:
                notes.randomElement(using: &generator)?.group = groups.randomElement(using: &generator)
            case 3:
                notes.randomElement(using: &generator)?.order = Int64.random(in: 0..<30, using: &generator)
            case 4:
                notes.randomElement(using: &generator)?.title = "edit \(step)"
            default:
                try context.save()
            }
            context.processPendingChanges()
            let sections = controller.sections ?? []
            let objects = sections.map { (($0.objects as? [Note]) ?? []).map(\.objectID) }
            guard let snapshot = delegate.snapshots.last else {
                Issue.record("no snapshot")
                return
            }
            #expect(snapshot.sectionIdentifiers == sections.map(\.name), "step \(step)")
            #expect(
                snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) } == objects, "step \(step)")
            #expect(snapshot.numberOfItems == objects.joined().count, "step \(step)")
            for (section, ids) in zip(sections, objects) {
                for id in ids {
                    #expect(snapshot.sectionIdentifier(containingItem: id) == section.name, "step \(step)")
                }
            }
        }
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
