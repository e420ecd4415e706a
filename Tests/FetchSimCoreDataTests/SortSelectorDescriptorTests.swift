import FetchSimCoreData
import Foundation
import Testing

/// `NSSortDescriptor(key:ascending:selector:)` (issue 33 item 11): the fetch compares titles with
/// the selector. Orders written by hand.
@Suite struct SortSelectorDescriptorTests {
    private func titles(selector: Selector?) throws -> [String] {
        let context = try NotesModel.container().viewContext
        for (order, title) in ["File 10", "file 2", "apple", "File 1"].enumerated() {
            FetchedResultsControllerTests.note(context, title, Int64(order))
        }
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "title", ascending: true, selector: selector)]
        return try context.fetch(request).map { $0.title ?? "" }
    }

    @Test func theSelectorOrdersTheFetch() throws {
        #expect(try titles(selector: nil) == ["File 1", "File 10", "apple", "file 2"])
        #expect(try titles(selector: Selector("caseInsensitiveCompare:")) == ["apple", "File 1", "File 10", "file 2"])
        #expect(
            try titles(selector: Selector("localizedStandardCompare:")) == ["apple", "File 1", "file 2", "File 10"])
    }

    @Test func anUnknownSelectorIsRefused() {
        #expect(throws: (any Error).self) { try titles(selector: Selector("compareByLength:")) }
    }

    @Test func theDescriptionNamesTheSelector() {
        #expect(
            NSSortDescriptor(key: "title", ascending: true, selector: "localizedStandardCompare:").description
                == "(title, ascending, localizedStandardCompare:)")
    }
}
