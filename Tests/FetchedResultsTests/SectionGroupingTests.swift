import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// Issue 17 item 7: a section key that is not the first sort key. Apple accepts any sort under
/// which section names come out grouped, fails the fetch at the first object whose section name
/// came before (NSCocoaErrorDomain 134060, iOS 26.1 decompilation `_computeSectionInfo:error:`;
/// the reason as logged in the LiShop post and Canvas's tests), and afterwards places a changed
/// object into the section of its name, in the request's order within it (GFFetchedResultsController
/// `_postprocessInsertedObjects:`; the decompilation's `_updateFetchedObjectsWithInsertChange:`).
@Suite struct SectionGroupingTests {
    let byTitle = [SortDescriptor(key: "title")]

    func context(_ rows: [(String, String)]) throws -> ObjectContext {
        let context = try makeContext()
        for (title, group) in rows { try insertNote(context, title, group: group) }
        try context.processPendingChanges()
        return context
    }

    @Test func aSortThatGroupsTheSectionsIsAccepted() throws {
        let context = try context([("Bean", "Veg"), ("Apple", "Fruit"), ("Carrot", "Veg"), ("Avocado", "Fruit")])
        let (controller, _) = try makeController(context, sort: byTitle, section: "group")
        // Titles in order: Apple, Avocado (Fruit), Bean, Carrot (Veg).
        #expect(describe(layout(of: controller)) == "Fruit:#2,#4 | Veg:#1,#3")
    }

    @Test func groupedSectionsMayComeInDescendingOrderOfTheirKey() throws {
        let context = try context([("Apple", "Veg"), ("Bean", "Fruit")])
        let (controller, _) = try makeController(context, sort: byTitle, section: "group")
        #expect(describe(layout(of: controller)) == "Veg:#1 | Fruit:#2")
    }

    @Test(arguments: [
        (
            CompatibilityProfile.modern,
            "The fetched object at index 2 has an out of order section name 'Fruit'. Objects must be sorted by section name"
        ),
        (
            .ios10,
            "The fetched object at index 2 has an out of order section name 'Fruit. Objects must be sorted by section name'"
        ),
    ])
    func aSortThatSplitsASectionFailsTheFetch(profile: CompatibilityProfile, reason: String) throws {
        let context = try context([("Apple", "Fruit"), ("Bean", "Veg"), ("Cherry", "Fruit")])
        let error = #expect(throws: FetchedResultsError.self) {
            try makeController(context, sort: byTitle, section: "group", profile: profile)
        }
        #expect(error == .outOfOrderSectionName(index: 2, name: "Fruit", legacyQuote: profile == .ios10))
        #expect(
            error?.description
                == #"Error Domain=NSCocoaErrorDomain Code=134060 "A Core Data error occurred." UserInfo={reason="#
                + reason + "}")
    }

    @Test func groupsInAnyOrderOfTheirKeyKeepTheOrderTheFetchMeetsThem() throws {
        let context = try context([("a", "M"), ("b", "A"), ("c", "Z")])
        let (controller, delegate) = try makeController(context, sort: byTitle, section: "group")
        #expect(describe(layout(of: controller)) == "M:#1 | A:#2 | Z:#3")
        // A new section goes before the first section whose first object sorts after its object:
        // "bb" sorts after "b" (A's first) and before "c" (Z's first).
        try insertNote(context, "bb", group: "Q")
        try context.processPendingChanges()
        #expect(describe(layout(of: controller)) == "M:#1 | A:#2 | Q:#4 | Z:#3")
        #expect(delegate.lines == ["willChange", "section insert 2 \"Q\"", "object #4 insert nil 2.0", "didChange"])
        // An object moving into an existing section joins it there, whatever its key.
        let c = try #require(context.object(with: ObjectID(3)))
        try set(context, c, "group", .string("M"))
        try context.processPendingChanges()
        #expect(describe(layout(of: controller)) == "M:#1,#3 | A:#2 | Q:#4")
    }

    @Test func aSectionThatEmptiesAndReturnsIsPlacedAnew() throws {
        let context = try context([("a", "M"), ("b", "A"), ("c", "Z")])
        let (controller, delegate) = try makeController(context, sort: byTitle, section: "group")
        let a = try #require(context.object(with: ObjectID(1)))
        try set(context, a, "group", .string("A"))
        try context.processPendingChanges()
        #expect(describe(layout(of: controller)) == "A:#1,#2 | Z:#3")
        // M is gone; an object "d" of M now sorts after every section's first object.
        try insertNote(context, "d", group: "M")
        try context.processPendingChanges()
        #expect(describe(layout(of: controller)) == "A:#1,#2 | Z:#3 | M:#4")
        #expect(delegate.lines.contains("section insert 2 \"M\""))
    }

    @Test func aChangeThatBreaksTheGroupingStaysInItsSectionUntilTheNextFetchFails() throws {
        let context = try context([("Bean", "Veg"), ("Apple", "Fruit"), ("Carrot", "Veg"), ("Avocado", "Fruit")])
        let (controller, delegate) = try makeController(context, sort: byTitle, section: "group")
        let carrot = try #require(context.objects(ofEntity: "Note").first { $0["title"] == .string("Carrot") })
        try set(context, carrot, "title", .string("Almond"))
        try context.processPendingChanges()
        // By name into Veg, first there by title: a move within the section, no error now.
        #expect(delegate.lines == ["willChange", "object #3 move 1.1 1.0", "didChange"])
        #expect(describe(layout(of: controller)) == "Fruit:#2,#4 | Veg:#3,#1")
        // Titles now: Almond (Veg), Apple, Avocado (Fruit), Bean (Veg): index 3 is out of order.
        #expect(throws: FetchedResultsError.outOfOrderSectionName(index: 3, name: "Veg", legacyQuote: false)) {
            try controller.performFetch()
        }
        #expect(describe(layout(of: controller)) == "Fruit:#2,#4 | Veg:#3,#1", "a failed fetch keeps the results")
    }
}
