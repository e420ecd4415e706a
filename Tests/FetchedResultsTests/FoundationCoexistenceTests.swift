import FetchedResults
// Imports Foundation next to FetchSim's modules, as an app's file does, and deliberately not
// FetchSimCore: `IndexPath` must come through the products and mean one type.
import Foundation
import Testing

/// A delegate as an app writes it, in a file that sees Foundation.
private final class AppDelegate: FetchedResultsControllerDelegate {
    var log: [String] = []

    func controllerWillChangeContent(_ controller: FetchedResultsController) { log.append("will") }

    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: ChangeType
    ) {
        log.append("section \(sectionIndex)")
    }

    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: ChangeType, newIndexPath: IndexPath?
    ) {
        log.append(
            "object \(indexPath.map { "\($0.section).\($0.row)" } ?? "nil") \(newIndexPath.map { "\($0.section).\($0.row)" } ?? "nil")"
        )
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController) { log.append("did") }
}

@Suite struct FoundationCoexistenceTests {
    @Test func indexPathIsFoundationsWithUIKitsRowAndSection() {
        let path = IndexPath(row: 2, section: 1)
        #expect(path == Foundation.IndexPath(indexes: [1, 2]), "section first, then row, as UIKit builds it")
        #expect((path.section, path.row) == (1, 2))
        #expect(path.description == "[1, 2]")
        #expect(path.shortDescription == "1.2")
        #expect(IndexPath(row: 9, section: 0) < IndexPath(row: 0, section: 1), "section first, then row")
        var moved = path
        moved.row += 3
        #expect(moved == [1, 5])
    }

    @Test func aDelegateWrittenWithFoundationInScopeReceivesEveryCallback() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "Note", attributes: [Attribute("title", .string), Attribute("order", .int)]))
        try context.insert("Note", values: [("title", .string("Milk")), ("order", .int(0))])
        try context.processPendingChanges()
        let request = FetchRequest(entityName: "Note", sortDescriptors: [SortDescriptor(key: "order")])
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        let delegate = AppDelegate()
        controller.delegate = delegate
        try controller.performFetch()

        try context.insert("Note", values: [("title", .string("Eggs")), ("order", .int(-1))])
        try context.processPendingChanges()
        #expect(delegate.log == ["will", "object nil 0.0", "did"])
    }
}
