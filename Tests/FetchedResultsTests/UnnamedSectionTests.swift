import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// Apple names a section by its key's text and puts objects whose key is nil in the unnamed
/// section `""` — the same section as objects whose key is `""` — logging that it did
/// (Core Data's `_NSCoreDataLog` line; semantics.md, "nil and "" section keys").
@Suite struct UnnamedSectionTests {
    static let logLine =
        "CoreData: error: (NSFetchedResultsController) A section returned nil value for section name key path "
        + "'group'. Objects will be placed in unnamed section"

    func titles(_ controller: FetchedResultsController) -> [[String]] {
        (controller.sections ?? []).map { $0.objects.map { $0["title"].description } }
    }

    @Test func nilAndEmptyKeysShareOneSectionInEitherDirection() throws {
        let context = try makeContext()
        try insertNote(context, "e", group: "", order: 0)
        try insertNote(context, "n", group: nil, order: 5)
        try insertNote(context, "x", group: "X", order: 1)
        try context.processPendingChanges()

        let (ascending, _) = try makeController(context)
        #expect(ascending.sections?.map(\.name) == ["", "X"])
        #expect(titles(ascending) == [["n", "e"], ["x"]], "nil sorts before \"\" inside the unnamed section")
        #expect(ascending.fetchLog == [Self.logLine])

        let (descending, _) = try makeController(
            context, sort: [SortDescriptor(key: "group", ascending: false), SortDescriptor(key: "order")])
        #expect(descending.sections?.map(\.name) == ["X", ""])
        #expect(titles(descending) == [["x"], ["e", "n"]])
    }

    @Test func onlyANilKeyIsLogged() throws {
        let context = try makeContext()
        try insertNote(context, "e", group: "", order: 0)
        try insertNote(context, "x", group: "X", order: 1)
        try context.processPendingChanges()
        let (controller, _) = try makeController(context)
        #expect(controller.sections?.map(\.name) == ["", "X"])
        #expect(controller.fetchLog.isEmpty)
    }

    /// The same when the section key is not the first sort key (sections labelled by fetch
    /// order, `SectionLabels`): a `""` key shares the unnamed section but is a name, and only a
    /// nil key is logged (issue 33 item 10).
    @Test func onlyANilKeyIsLoggedWhenTheSectionKeyIsNotSortedFirst() throws {
        let context = try makeContext()
        try insertNote(context, "e", group: "", order: 0)
        try insertNote(context, "x", group: "X", order: 1)
        try context.processPendingChanges()
        let (empty, _) = try makeController(context, sort: [SortDescriptor(key: "order")])
        #expect(empty.sections?.map(\.name) == ["", "X"])
        #expect(empty.fetchLog.isEmpty)
        // Order -1 keeps the unnamed section's rows together (nil, then "").
        try insertNote(context, "n", group: nil, order: -1)
        try context.processPendingChanges()
        let (withNil, _) = try makeController(context, sort: [SortDescriptor(key: "order")])
        #expect(withNil.sections?.map(\.name) == ["", "X"])
        #expect(withNil.fetchLog == [Self.logLine])
    }

    @Test func nilToEmptyIsAMoveInsideTheSectionNotAcrossSections() throws {
        let context = try makeContext()
        let n = try insertNote(context, "n", group: nil, order: 5)
        try insertNote(context, "e", group: "", order: 0)
        try insertNote(context, "x", group: "X", order: 1)
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(context)
        #expect(titles(controller) == [["n", "e"], ["x"]])

        // "" now for both: e (order 0) comes before n (order 5). One section throughout.
        try set(context, n, "group", .string(""))
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", "object #1 move 0.0 0.1", "didChange"])
        #expect(titles(controller) == [["e", "n"], ["x"]])

        // Back to nil: it sorts first again.
        try set(context, n, "group", .null)
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", "object #1 move 0.1 0.0", "didChange"])
    }

    @Test func theUnnamedSectionStaysWhileEitherKindOfRowIsLeft() throws {
        let context = try makeContext()
        try insertNote(context, "n", group: nil, order: 0)
        let e = try insertNote(context, "e", group: "", order: 1)
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(context)

        try set(context, e, "group", .string("Y"))
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", "section insert 1 \"Y\"", "object #2 move 0.1 1.0", "didChange"])
        #expect(controller.sections?.map(\.name) == ["", "Y"])

        try context.delete(ObjectID(1))
        try context.processPendingChanges()
        // Today's order (rule 2): the object delete before the section delete.
        #expect(delegate.take() == ["willChange", "object #1 delete 0.0 nil", "section delete 0 \"\"", "didChange"])
        #expect(controller.sections?.map(\.name) == ["Y"])
    }
}
