import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// Issue 17 item 7: with the section key not first in the sort, a section that appears after the
/// fetch goes before the first section whose first object sorts after its object, at the end if
/// none does (GFFetchedResultsController `_postprocessInsertedObjects:`; docs/semantics.md,
/// "Section key not first in the sort") — not where its key would put it.
@Suite struct SectionPlacementTests {
    @Test func aNewSectionIsPlacedByItsFirstObjectNotByItsKey() throws {
        let context = try makeContext()
        for (title, group) in [("Apple", "Fruit"), ("Avocado", "Fruit"), ("Bean", "Veg")] {
            try insertNote(context, title, group: group)
        }
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(context, sort: [SortDescriptor(key: "title")], section: "group")
        #expect(describe(layout(of: controller)) == "Fruit:#1,#2 | Veg:#3")
        try insertNote(context, "Zucchini", group: "Herb")
        try context.processPendingChanges()
        // Zucchini sorts after Apple (Fruit's first object) and Bean (Veg's): Herb comes last,
        // though its key sorts between Fruit and Veg.
        #expect(describe(layout(of: controller)) == "Fruit:#1,#2 | Veg:#3 | Herb:#4")
        #expect(delegate.lines.contains("section insert 2 \"Herb\""))
        // The list is then in the request's order, as a fresh fetch agrees.
        let (fresh, _) = try makeController(context, sort: [SortDescriptor(key: "title")], section: "group")
        #expect(describe(layout(of: fresh)) == describe(layout(of: controller)))
    }

    @Test func labelsFitBetweenAnyTwo() {
        // Ten thousand insertions at one spot: every label lands strictly between its bounds.
        let labels = SectionLabels()
        labels.reset(to: [.string("A"), .string("B")])
        let low = labels.label(of: .string("A"))
        let high = labels.label(of: .string("B"))
        var upper = high
        for n in 0..<10_000 {
            let label = labels.insert(.int(n), after: low, before: upper)
            #expect(Value.compare(low ?? .null, label) < 0 && Value.compare(label, upper ?? .null) < 0)
            upper = label
        }
    }
    /// Random events on a list sorted by order with sections by group (not first in the sort):
    /// the incremental and the linear path deliver the same callbacks and end in the same state,
    /// and every section holds its objects in the request's order, under a name of its own.
    @Test func bothPathsAgreeOnRandomEventsWithLabelledSections() throws {
        var rng = SeededGenerator(seed: 29)
        let context = try makeContext()
        func controller(_ path: ChangePath) throws -> (FetchedResultsController, RecordingDelegate) {
            let (controller, delegate) = try makeController(
                context, sort: [SortDescriptor(key: "order"), SortDescriptor(key: "score", ascending: false)],
                section: "group")
            controller.changePath = path
            return (controller, delegate)
        }
        let (incremental, incrementalLog) = try controller(.incremental)
        let (linear, linearLog) = try controller(.linear)
        for event in 0..<400 {
            let size =
                Int.random(in: 0..<8, using: &rng) == 0
                ? Int.random(in: 10...30, using: &rng) : Int.random(in: 1...4, using: &rng)
            let edits = try RandomEdits.apply(count: size, to: context, using: &rng)
            try context.processPendingChanges()
            let expected = incrementalLog.take()
            let actual = linearLog.take()
            guard actual == expected else {
                Issue.record("event \(event): \(edits)\nincremental: \(expected)\nlinear:      \(actual)")
                return
            }
            #expect(linear.fetchedObjects?.map(\.objectID) == incremental.fetchedObjects?.map(\.objectID))
            let sections = incremental.sections ?? []
            #expect(Set(sections.map(\.name)).count == sections.count, "event \(event): a section name twice")
            for section in sections {
                // nil sorts first ascending, so last under the descending score.
                let keys = section.objects.map {
                    (
                        $0["order"].numericValue ?? -.infinity, -($0["score"].numericValue ?? -.infinity),
                        $0.objectID.rawValue
                    )
                }
                #expect(
                    zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 },
                    "event \(event): section \(section.name) out of order")
            }
        }
    }
}
