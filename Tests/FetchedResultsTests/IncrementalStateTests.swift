import FetchSimCore
import FetchSimStorage
import ObjectGraph
import Testing

@testable import FetchedResults

/// After every random change event, what the controller keeps incrementally must equal a
/// recomputation from its results: section fingerprints, the cached section index titles, the
/// trees' own invariants, and the tracked table.
@Suite struct IncrementalStateTests {
    static let configurations: [RandomReplayTests.Configuration] = [
        .init(
            name: "sections by group, predicate", predicate: "archived == NO",
            sort: [SortDescriptor(key: "group"), SortDescriptor(key: "order")], section: "group",
            profile: .modern, limit: 0, offset: 0, seed: 11, events: 2_000),
        .init(
            name: "no sections, descending", predicate: nil,
            sort: [SortDescriptor(key: "order", ascending: false), SortDescriptor(key: "score")], section: nil,
            profile: .modern, limit: 0, offset: 0, seed: 12, events: 2_000),
        .init(
            name: "sections descending, three keys", predicate: "score < 8 OR group == nil",
            sort: [
                SortDescriptor(key: "group", ascending: false), SortDescriptor(key: "order"),
                SortDescriptor(key: "title"),
            ],
            section: "group", profile: .ios9, limit: 0, offset: 0, seed: 13, events: 1_500),
        .init(
            name: "strict window", predicate: "archived == NO",
            sort: [SortDescriptor(key: "group"), SortDescriptor(key: "order")], section: "group",
            profile: .strict, limit: 7, offset: 3, seed: 14, events: 1_000),
    ]

    @Test(arguments: configurations)
    func incrementalStateMatchesARecomputation(_ configuration: RandomReplayTests.Configuration) throws {
        var rng = SeededGenerator(seed: configuration.seed)
        let context = try makeContext()
        for i in 0..<30 {
            try insertNote(
                context, "t\(i)", group: ["A", "B", "C", nil].randomElement(using: &rng) ?? nil,
                order: Int.random(in: 0..<10, using: &rng))
        }
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(
            context, predicate: configuration.predicate, sort: configuration.sort, section: configuration.section,
            limit: configuration.limit, offset: configuration.offset, profile: configuration.profile)
        try Self.expectMatches(controller, event: -1)
        for event in 0..<configuration.events {
            _ = try RandomEdits.apply(count: Int.random(in: 1...8, using: &rng), to: context, using: &rng)
            try context.processPendingChanges()
            _ = delegate.take()
            try Self.expectMatches(controller, event: event)
        }
    }

    static func expectMatches(
        _ controller: FetchedResultsController, event: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for (section, ids) in layout(of: controller).enumerated() {
            let expected = SequenceFingerprint(ids.ids.map(\.rawValue))
            #expect(
                controller.fingerprint(ofSection: section) == expected, "event \(event) section \(section)",
                sourceLocation: sourceLocation)
        }
        #expect(controller.fingerprint(ofSection: controller.numberOfSections) == nil, sourceLocation: sourceLocation)
        // The cache against the titles computed afresh.
        var seen: Set<String> = []
        var titles: [String] = []
        for section in 0..<controller.numberOfSections {
            if let title = controller.sectionIndexTitle(forSectionName: controller.sectionName(at: section) ?? ""),
                seen.insert(title).inserted
            {
                titles.append(title)
            }
        }
        #expect(controller.sectionIndexTitles == titles, "event \(event)", sourceLocation: sourceLocation)
        #expect(controller.tree.invariantViolation() == nil, "event \(event)", sourceLocation: sourceLocation)
        #expect(controller.sectionTree?.invariantViolation() == nil, "event \(event)", sourceLocation: sourceLocation)
        let treeIDs = controller.tree.elements.map(\.objectID)
        #expect(
            Set(treeIDs) == Set(controller.tracked.keys) && treeIDs.count == controller.tracked.count,
            "event \(event): tracked table", sourceLocation: sourceLocation)
        for entry in controller.tree.elements {
            #expect(controller.tracked[entry.objectID]?.object === entry.object, sourceLocation: sourceLocation)
        }
        if let sectionTree = controller.sectionTree {
            #expect(sectionTree.elements.allSatisfy { $0.state != nil }, sourceLocation: sourceLocation)
            #expect(!sectionTree.elements.isEmpty || controller.tree.count == 0, sourceLocation: sourceLocation)
        }
    }
}
