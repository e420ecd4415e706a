import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// `caseInsensitiveCompare:` and `localizedStandardCompare:` sort selectors (issue 33 item 11).
/// Orders written by hand: case-insensitive puts `apple` before `File 1`; the Finder's order puts
/// `File 2` before `File 10` and `Éclair` with the e's.
@Suite struct SortSelectorTests {
    private func fetch(_ names: [String], _ descriptor: SortDescriptor) throws -> (
        ObjectContext, FetchedResultsController, RecordingDelegate
    ) {
        let context = try ObjectContext()
        try context.define(Entity(name: "File", attributes: [Attribute("name", .string), Attribute("size", .int)]))
        for (size, name) in names.enumerated() {
            try context.insert("File", values: [("name", .string(name)), ("size", .int(size))])
        }
        try context.processPendingChanges()
        let controller = try FetchedResultsController(
            fetchRequest: FetchRequest(entityName: "File", sortDescriptors: [descriptor]),
            context: context)
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        return (context, controller, delegate)
    }

    private func names(_ controller: FetchedResultsController) -> [String] {
        controller.fetchedObjects?.map { $0["name"].description } ?? []
    }

    private let files = ["File 10", "file 2", "File 1", "Éclair", "apple", "Zebra"]

    @Test func compareOrdersByUnicodeScalars() throws {
        let (_, controller, _) = try fetch(files, SortDescriptor(key: "name"))
        #expect(names(controller) == ["File 1", "File 10", "Zebra", "apple", "file 2", "Éclair"])
    }

    @Test func caseInsensitiveCompareFoldsCase() throws {
        let (_, controller, _) = try fetch(files, SortDescriptor(key: "name", selector: .caseInsensitiveCompare))
        #expect(names(controller) == ["apple", "File 1", "File 10", "file 2", "Zebra", "Éclair"])
    }

    @Test func localizedStandardCompareIsTheFindersOrder() throws {
        let (_, controller, _) = try fetch(files, SortDescriptor(key: "name", selector: .localizedStandardCompare))
        #expect(names(controller) == ["apple", "Éclair", "File 1", "file 2", "File 10", "Zebra"])
        let (_, descending, _) = try fetch(
            files, SortDescriptor(key: "name", ascending: false, selector: .localizedStandardCompare))
        #expect(names(descending) == ["Zebra", "File 10", "file 2", "File 1", "Éclair", "apple"])
    }

    @Test func aChangeMovesTheObjectUnderTheSelector() throws {
        let (context, controller, delegate) = try fetch(
            files, SortDescriptor(key: "name", selector: .localizedStandardCompare))
        // "File 10" (#1, at 4) renamed "File 3": between "file 2" and "Zebra" it stays at 4 — an update.
        try context.setValue(.string("File 3"), forKey: "name", of: ObjectID(1))
        try context.processPendingChanges()
        #expect(names(controller) == ["apple", "Éclair", "File 1", "file 2", "File 3", "Zebra"])
        // "apple" (#5) renamed "file 20": after "File 3", before "Zebra".
        _ = delegate.take()
        try context.setValue(.string("file 20"), forKey: "name", of: ObjectID(5))
        try context.processPendingChanges()
        #expect(names(controller) == ["Éclair", "File 1", "file 2", "File 3", "file 20", "Zebra"])
        #expect(delegate.take().contains { $0.contains("move") })
    }

    @Test func aSelectorOnANumberIsRefused() throws {
        #expect(throws: FetchedResultsError.self) {
            try fetch(files, SortDescriptor(key: "size", selector: .caseInsensitiveCompare))
        }
    }

    @Test func numberingComparesDigitRunsAsNumbers() {
        #expect(SortSelector.numbering("a2") < SortSelector.numbering("a10"))
        #expect(SortSelector.numbering("a002") == SortSelector.numbering("a2"))
        #expect(SortSelector.numbering("9") < SortSelector.numbering("a"))
    }
}
