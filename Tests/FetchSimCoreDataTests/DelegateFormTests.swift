import FetchSimCoreData
import Foundation
import Testing

/// A delegate of iOS 13's difference form only.
final class DifferenceDelegate: NSFetchedResultsControllerDelegate {
    var differences: [CollectionDifference<NSManagedObjectID>] = []
    var callbacks: [String] = []

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChangeContentWith diff: CollectionDifference<NSManagedObjectID>
    ) {
        differences.append(diff)
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        callbacks.append("did")
    }
}

/// A delegate that names its own index titles and implements only that.
final class TitleDelegate: NSFetchedResultsControllerDelegate {
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        sectionIndexTitleForSectionName sectionName: String
    ) -> String? {
        "#" + sectionName.prefix(2)
    }
}

@Suite struct DelegateFormTests {
    @Test func aDifferenceDelegateGetsDifferencesWithoutSections() throws {
        let context = try NotesModel.container().viewContext
        let milk = FetchedResultsControllerTests.note(context, "Milk", 1)
        let controller = FetchedResultsControllerTests.controller(context)
        let delegate = DifferenceDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        let bread = FetchedResultsControllerTests.note(context, "Bread", 0)
        context.processPendingChanges()
        milk.title = "Oat milk"
        context.processPendingChanges()
        #expect(delegate.callbacks.isEmpty)
        #expect(delegate.differences.count == 2)
        #expect(delegate.differences.first?.insertions.map(\.offsetAndElement) == [Pair(0, bread.objectID)])
        // An update in place is a removal and an insertion at its offset (rule 24).
        #expect(delegate.differences.last?.removals.map(\.offsetAndElement) == [Pair(1, milk.objectID)])
        #expect(delegate.differences.last?.insertions.map(\.offsetAndElement) == [Pair(1, milk.objectID)])
    }

    @Test func aDifferenceDelegateGetsCallbacksWithSections() throws {
        let context = try NotesModel.container().viewContext
        // The class is known to implement the difference method by now or not; either way a
        // sectioned controller calls the per-change callbacks.
        let controller = FetchedResultsControllerTests.controller(context, sectioned: true)
        let delegate = DifferenceDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        FetchedResultsControllerTests.note(context, "Milk", 1)
        context.processPendingChanges()
        #expect(delegate.differences.isEmpty)
        #expect(delegate.callbacks == ["did"])
    }

    @Test func aDelegateWithOnlyCallbacksGetsThemFromTheFirstEvent() throws {
        // A class of its own, so that nothing is known of it before this test.
        final class FreshDelegate: NSFetchedResultsControllerDelegate {
            var log: [String] = []
            func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
                log.append("will")
            }
            func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
                log.append("did")
            }
        }
        let context = try NotesModel.container().viewContext
        let controller = FetchedResultsControllerTests.controller(context)
        let delegate = FreshDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        FetchedResultsControllerTests.note(context, "Milk", 1)
        context.processPendingChanges()
        FetchedResultsControllerTests.note(context, "Bread", 2)
        context.processPendingChanges()
        #expect(delegate.log == ["will", "did", "will", "did"])
    }

    @Test func aDelegateNamesTheIndexTitles() throws {
        let context = try NotesModel.container().viewContext
        FetchedResultsControllerTests.note(context, "Milk", 1, group: "Groceries")
        FetchedResultsControllerTests.note(context, "Report", 1, group: "Work")
        let controller = FetchedResultsControllerTests.controller(context, sectioned: true)
        let delegate = TitleDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        #expect(controller.sectionIndexTitles == ["#Gr", "#Wo"])
        #expect(controller.sections?.map(\.indexTitle) == ["#Gr", "#Wo"])
        controller.delegate = nil
        #expect(controller.sectionIndexTitles == ["G", "W"])
    }
}

/// An offset and an element, comparable in expectations.
struct Pair: Equatable {
    let offset: Int
    let element: NSManagedObjectID
    init(_ offset: Int, _ element: NSManagedObjectID) {
        self.offset = offset
        self.element = element
    }
}

extension CollectionDifference<NSManagedObjectID>.Change {
    var offsetAndElement: Pair {
        switch self {
        case .insert(let offset, let element, _), .remove(let offset, let element, _): Pair(offset, element)
        }
    }
}
