import FetchSimCore
@testable import FetchedResults
import ObjectGraph
import Testing

/// Issue 17 item 7's documented limit (docs/semantics.md, "Section key not first in the sort"):
/// a section that appears after the fetch goes where its key puts it. Apple inserts a new section
/// by comparing its object with each section's first object under the request's sort
/// (GFFetchedResultsController `_postprocessInsertedObjects:`), so there it would come last.
@Suite struct SectionGroupingLimitTests {
    @Test func aNewSectionIsPlacedByItsKeyNotByItsFirstObject() throws {
        let context = try makeContext()
        for (title, group) in [("Apple", "Fruit"), ("Avocado", "Fruit"), ("Bean", "Veg")] {
            try insertNote(context, title, group: group)
        }
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(context, sort: [SortDescriptor(key: "title")], section: "group")
        #expect(describe(layout(of: controller)) == "Fruit:#1,#2 | Veg:#3")
        try insertNote(context, "Zucchini", group: "Herb")
        try context.processPendingChanges()
        // FetchSim: Fruit < Herb < Veg by key, so Herb is section 1. Apple (Zucchini sorts after
        // Bean, Veg's first object) would insert it as section 2.
        #expect(describe(layout(of: controller)) == "Fruit:#1,#2 | Herb:#4 | Veg:#3")
        #expect(delegate.lines.contains("section insert 1 \"Herb\""))
    }
}
