import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// Issue 33 item 4: on a SQLite store with no changes, no limit and no offset, Core Data computes
/// sections with a grouped fetch ordered by the section key alone and cuts the fetched objects,
/// in the sort's order, by the groups' counts (the decompilation of iOS 18.2's
/// `_computeSectionInfo:error:`; "Core Data objects in wrong sections", richardwarrender.com;
/// aplus.rs, 2023). Later changes update the sections in place: a delete leaves the section it
/// sits in, an insert — or an object whose sort or section key changed — goes into the section
/// of its name, by the sort within it (`_updateFetchedObjectsWithDeleteChange:`,
/// `_updateFetchedObjectsWithInsertChange:`, `_preprocessUpdatedObjects:…`).
///
/// Every expectation below is worked out by hand from that rule. The fixture: titles sort
/// Apple #1, Banana #2, Carrot #3, Date #4, Eggplant #5; groups Fruit, Fruit, Veg, Fruit, Veg —
/// so Fruit has 3 objects and Veg 2, and the grouped layout is Fruit = the first three fetched
/// (Apple, Banana, Carrot), Veg = the next two (Date, Eggplant).
@Suite struct GroupedSectionsTests {
    let byTitle = [SortDescriptor(key: "title")]

    /// The fixture in a context whose store is `storeType`, saved unless `saves` is false;
    /// `group` is a transient attribute when `transientGroup` is true.
    func context(storeType: String = "SQLite", saves: Bool = true, transientGroup: Bool = false) throws -> ObjectContext
    {
        let store = InMemoryStore()
        store.storeType = storeType
        let context = try ObjectContext(store: store)
        var group = Attribute("group", .string, isOptional: true)
        group.isTransient = transientGroup
        try context.define(
            Entity(
                name: "Note",
                attributes: [
                    Attribute("title", .string), group,
                    Attribute("order", .int), Attribute("archived", .bool), Attribute("score", .int),
                ]))
        for (title, group) in [
            ("Apple", "Fruit"), ("Banana", "Fruit"), ("Carrot", "Veg"), ("Date", "Fruit"), ("Eggplant", "Veg"),
        ] {
            try context.insert(
                "Note",
                values: [
                    ("title", .string(title)), ("group", .string(group)), ("order", .int(0)),
                    ("archived", .bool(false)), ("score", .int(0)),
                ])
        }
        try context.processPendingChanges()
        if saves { _ = try context.save() }
        return context
    }

    func object(_ context: ObjectContext, _ id: Int) throws -> ManagedObject {
        try #require(context.object(with: ObjectID(id)))
    }

    @Test func aSavedSQLiteStoreCutsTheFetchedObjectsByTheGroupsCounts() throws {
        let (controller, _) = try makeController(try context(), sort: byTitle, section: "group")
        #expect(describe(layout(of: controller)) == "Fruit:#1,#2,#3 | Veg:#4,#5")
        #expect(controller.fetchedObjects?.map(\.objectID.rawValue) == [1, 2, 3, 4, 5])
    }

    @Test(arguments: [CompatibilityProfile.modern, .ios9, .ios10])
    func pendingChangesOrAnInMemoryStoreKeepTheOutOfOrderError(profile: CompatibilityProfile) throws {
        for context in [try context(saves: false), try context(storeType: "InMemory")] {
            let error = #expect(throws: FetchedResultsError.self) {
                try makeController(context, sort: byTitle, section: "group", profile: profile)
            }
            // Walking Apple, Banana (Fruit), Carrot (Veg): Date at index 3 is Fruit again.
            #expect(error == .outOfOrderSectionName(index: 3, name: "Fruit", legacyQuote: profile != .modern))
        }
    }

    @Test(arguments: [CompatibilityProfile.modern, .ios9, .ios10, .strict])
    func everyProfileGroupsInTheStore(profile: CompatibilityProfile) throws {
        let (controller, _) = try makeController(try context(), sort: byTitle, section: "group", profile: profile)
        #expect(describe(layout(of: controller)) == "Fruit:#1,#2,#3 | Veg:#4,#5")
    }

    /// A transient section key has no column to group by: the sections are walked in memory.
    @Test func aTransientSectionKeyKeepsTheOutOfOrderError() throws {
        let error = #expect(throws: FetchedResultsError.self) {
            try makeController(try context(transientGroup: true), sort: byTitle, section: "group")
        }
        #expect(error == .outOfOrderSectionName(index: 3, name: "Fruit", legacyQuote: false))
    }

    @Test func aLimitOrAnOffsetKeepsTheOutOfOrderError() throws {
        #expect(throws: FetchedResultsError.self) {
            try makeController(try context(), sort: byTitle, section: "group", limit: 5)
        }
        #expect(throws: FetchedResultsError.self) {
            try makeController(try context(), sort: byTitle, section: "group", offset: 1)
        }
    }

    @Test func theGroupsFollowTheFirstDescriptorsDirection() throws {
        let (controller, _) = try makeController(
            try context(), sort: [SortDescriptor(key: "title", ascending: false)], section: "group")
        // Fetched: Eggplant, Date, Carrot, Banana, Apple; groups Veg (2), Fruit (3).
        #expect(describe(layout(of: controller)) == "Veg:#5,#4 | Fruit:#3,#2,#1")
    }

    @Test func theGroupsFollowTheSectionKeysOwnDescriptor() throws {
        let sort = [SortDescriptor(key: "title"), SortDescriptor(key: "group", ascending: false)]
        let (controller, _) = try makeController(try context(), sort: sort, section: "group")
        // Fetched by title; groups by group descending: Veg (2), Fruit (3).
        #expect(describe(layout(of: controller)) == "Veg:#1,#2 | Fruit:#3,#4,#5")
    }

    @Test func anUpdateOfAnotherValueLeavesAnObjectWhereItSits() throws {
        let context = try context()
        let (controller, delegate) = try makeController(context, sort: byTitle, section: "group")
        try set(context, try object(context, 3), "score", .int(7))
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", "object #3 update 0.2 0.2", "didChange"])
        #expect(describe(layout(of: controller)) == "Fruit:#1,#2,#3 | Veg:#4,#5")
    }

    @Test func aChangedSortKeyMovesTheObjectIntoTheSectionOfItsName() throws {
        let context = try context()
        let (controller, delegate) = try makeController(context, sort: byTitle, section: "group")
        // Carrot leaves Fruit (where it sits) and goes into Veg (its name) before Date.
        try set(context, try object(context, 3), "title", .string("Cucumber"))
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", "object #3 move 0.2 1.0", "didChange"])
        #expect(describe(layout(of: controller)) == "Fruit:#1,#2 | Veg:#3,#4,#5")
    }

    @Test func insertsGoIntoTheSectionOfTheirNameByTitle() throws {
        let context = try context()
        let (controller, delegate) = try makeController(context, sort: byTitle, section: "group")
        try insertNote(context, "Avocado", group: "Fruit")  // #6: between Apple and Banana
        try insertNote(context, "Fig", group: "Fruit")  // #7: after Carrot, the last in Fruit
        try insertNote(context, "Zucchini", group: "Veg")  // #8: after Eggplant
        try context.processPendingChanges()
        #expect(describe(layout(of: controller)) == "Fruit:#1,#6,#2,#3,#7 | Veg:#4,#5,#8")
        #expect(
            delegate.take() == [
                "willChange", "object #6 insert nil 0.1", "object #7 insert nil 0.4", "object #8 insert nil 1.2",
                "didChange",
            ])
    }

    @Test func aDeleteLeavesTheSectionTheObjectSitsIn() throws {
        let context = try context()
        let (controller, delegate) = try makeController(context, sort: byTitle, section: "group")
        try context.delete(ObjectID(4))  // Date, a Fruit, sits first in Veg
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", "object #4 delete 1.0 nil", "didChange"])
        #expect(describe(layout(of: controller)) == "Fruit:#1,#2,#3 | Veg:#5")
    }

    @Test func aNewSectionIsPlacedByItsFirstObject() throws {
        let context = try context()
        let (controller, delegate) = try makeController(context, sort: byTitle, section: "group")
        // Herb sorts after Date, Veg's first object: the new section goes last.
        try insertNote(context, "Herb", group: "Herbs")
        try context.processPendingChanges()
        #expect(
            delegate.take() == ["willChange", "section insert 2 \"Herbs\"", "object #6 insert nil 2.0", "didChange"])
        #expect(describe(layout(of: controller)) == "Fruit:#1,#2,#3 | Veg:#4,#5 | Herbs:#6")
    }

    @Test func aSectionEmptiedWhereItSitsIsDeleted() throws {
        let context = try context()
        let (controller, delegate) = try makeController(context, sort: byTitle, section: "group")
        try context.delete(ObjectID(4))
        try context.delete(ObjectID(5))
        try context.processPendingChanges()
        #expect(
            delegate.take() == [
                "willChange", "object #4 delete 1.0 nil", "object #5 delete 1.1 nil", "section delete 1 \"Veg\"",
                "didChange",
            ])
        #expect(describe(layout(of: controller)) == "Fruit:#1,#2,#3")
        // Carrot (Veg) still sits in Fruit; a Veg object entering now makes Veg anew, last.
        try insertNote(context, "Kale", group: "Veg")
        try context.processPendingChanges()
        #expect(describe(layout(of: controller)) == "Fruit:#1,#2,#3 | Veg:#6")
    }

    @Test func aFetchWithChangesPendingAfterwardsRefuses() throws {
        let context = try context()
        _ = try makeController(context, sort: byTitle, section: "group")
        try set(context, try object(context, 1), "score", .int(1))
        try context.processPendingChanges()
        #expect(throws: FetchedResultsError.self) { try makeController(context, sort: byTitle, section: "group") }
        _ = try context.save()
        let (again, _) = try makeController(context, sort: byTitle, section: "group")
        #expect(describe(layout(of: again)) == "Fruit:#1,#2,#3 | Veg:#4,#5")
    }
}
