import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// Fetching: predicates, multi-key sorts in both directions, ties, sections, limit and offset,
/// index titles, and request validation.
@Suite struct FetchTests {
    func titles(_ controller: FetchedResultsController) -> [String] {
        controller.fetchedObjects?.map { $0["title"].description } ?? []
    }

    func context(_ rows: [(String, String?, Int)]) throws -> ObjectContext {
        let context = try makeContext()
        for (title, group, order) in rows { try insertNote(context, title, group: group, order: order) }
        try context.processPendingChanges()
        return context
    }

    @Test func multiKeySortsAscendingAndDescendingWithTiesByObjectID() throws {
        let context = try context([("a", "X", 2), ("b", "Y", 1), ("c", "X", 1), ("d", "Y", 1), ("e", "X", 2)])
        let (asc, _) = try makeController(
            context, sort: [SortDescriptor(key: "order"), SortDescriptor(key: "group", ascending: false)], section: nil)
        // order 1: Y (b, d by ID), X (c); order 2: X (a, e by ID).
        #expect(titles(asc) == ["b", "d", "c", "a", "e"])
        let (desc, _) = try makeController(
            context, sort: [SortDescriptor(key: "order", ascending: false)], section: nil)
        #expect(titles(desc) == ["a", "e", "b", "c", "d"], "ties stay in ID order even when descending")
    }

    @Test func predicatesFilterAndNilSortsFirst() throws {
        let context = try context([("a", nil, 0), ("b", "X", 0), ("c", "Y", 0)])
        let (controller, _) = try makeController(
            context, predicate: "title != 'b'", sort: [SortDescriptor(key: "group")], section: "group")
        #expect(titles(controller) == ["a", "c"])
        #expect(controller.sections?.map(\.name) == ["", "Y"], "nil names its section \"\"")
    }

    @Test func sectionsCarryNamesCountsObjectsAndIndexTitles() throws {
        let context = try context([("a", "apples", 0), ("b", "avocados", 0), ("c", "bananas", 0), ("d", "bananas", 1)])
        let (controller, _) = try makeController(context)
        let sections = try #require(controller.sections)
        #expect(sections.map(\.name) == ["apples", "avocados", "bananas"])
        #expect(sections.map(\.numberOfObjects) == [1, 1, 2])
        #expect(sections.map(\.indexTitle) == ["A", "A", "B"])
        #expect(sections[2].objects.map { $0["title"].description } == ["c", "d"])
        #expect(controller.sectionIndexTitles == ["A", "B"])
        #expect(controller.section(forSectionIndexTitle: "B", at: 1) == 2)
        #expect(controller.section(forSectionIndexTitle: "Z", at: 0) == nil)
        let d = try #require(controller.object(at: IndexPath(row: 1, section: 2)))
        #expect(controller.indexPath(forObject: d) == IndexPath(row: 1, section: 2))
        #expect(controller.object(at: IndexPath(row: 2, section: 2)) == nil, "out of range is nil, not a trap")
    }

    @Test func aDelegateThatNamesIndexTitlesReplacesTheDefault() throws {
        let context = try context([("a", "apples", 0), ("b", "avocados", 0), ("c", "bananas", 0)])
        let (controller, delegate) = try makeController(context, delegate: IndexTitleRecordingDelegate())
        defer { withExtendedLifetime(delegate) {} }
        #expect(controller.sections?.map(\.indexTitle) == ["apples", "avocados", "bananas"])
        #expect(controller.sectionIndexTitles == ["apples", "avocados", "bananas"])
    }

    @Test func limitAndOffsetApplyAtFetch() throws {
        let context = try context((0..<10).map { ("n\($0)", "A", $0) })
        let (controller, _) = try makeController(context, limit: 3, offset: 4)
        #expect(titles(controller) == ["n4", "n5", "n6"])
        let (past, _) = try makeController(context, limit: 3, offset: 20)
        #expect(titles(past).isEmpty)
    }

    @Test(arguments: [
        (
            FetchRequest(entityName: "Nope", sortDescriptors: [SortDescriptor(key: "order")]),
            FetchedResultsError.unknownEntity("Nope")
        ),
        (FetchRequest(entityName: "Note", sortDescriptors: []), .noSortDescriptors),
        (
            FetchRequest(entityName: "Note", sortDescriptors: [SortDescriptor(key: "ordr")]),
            .unknownAttribute("ordr", entity: "Note", role: "sort key")
        ),
        (
            FetchRequest(entityName: "Note", sortDescriptors: [SortDescriptor(key: "order")], fetchLimit: -1),
            .negative("fetchLimit", -1)
        ),
    ])
    func invalidRequestsThrowTypedErrors(request: FetchRequest, error: FetchedResultsError) throws {
        let context = try makeContext()
        #expect(throws: error) { try FetchedResultsController(fetchRequest: request, context: context) }
    }

    @Test func predicateErrorsCarryTheirColumn() throws {
        let context = try makeContext()
        let request = FetchRequest(
            entityName: "Note", predicate: try Predicate(format: "titel == 'x'"),
            sortDescriptors: [SortDescriptor(key: "order")])
        let error = #expect(throws: FetchedResultsError.self) {
            try FetchedResultsController(fetchRequest: request, context: context)
        }
        #expect(
            error?.description
                == "predicate: unknown attribute 'titel' of entity 'Note' at column 1 (did you mean 'title'?)")
    }
}
