import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// The linear path for large events (one merge, trees rebuilt) reports exactly what the
/// incremental one does: two controllers on one context, one forced onto each path, must deliver
/// the same callbacks for every seeded random event — small and large ones, with ties, nil and
/// `""` section keys, sections appearing and disappearing — and end in the same state.
@Suite struct ChangePathTests {
    struct Configuration: Sendable, CustomTestStringConvertible {
        let name: String
        let predicate: String?
        let sort: [SortDescriptor]
        let section: String?
        let profile: CompatibilityProfile
        let seed: UInt64
        var testDescription: String { name }
    }

    static let configurations: [Configuration] = [
        .init(
            name: "sections by group, predicate", predicate: "archived == NO",
            sort: [SortDescriptor(key: "group"), SortDescriptor(key: "order")], section: "group", profile: .modern,
            seed: 11),
        .init(
            name: "no sections, descending with ties", predicate: nil,
            sort: [SortDescriptor(key: "order", ascending: false), SortDescriptor(key: "score")], section: nil,
            profile: .modern, seed: 12),
        .init(
            name: "sections descending, ios9", predicate: "score < 8 OR group == nil",
            sort: [SortDescriptor(key: "group", ascending: false), SortDescriptor(key: "order")], section: "group",
            profile: .ios9, seed: 13),
        .init(
            name: "sections, ios10", predicate: nil,
            sort: [SortDescriptor(key: "group"), SortDescriptor(key: "score", ascending: false)], section: "group",
            profile: .ios10, seed: 14),
    ]

    @Test(arguments: configurations)
    func bothPathsReportTheSameCallbacks(_ configuration: Configuration) throws {
        var rng = SeededGenerator(seed: configuration.seed)
        let context = try makeContext()
        for i in 0..<40 {
            try insertNote(
                context, "t\(i)", group: ["A", "B", "C", "", nil].randomElement(using: &rng) ?? nil,
                order: Int.random(in: 0..<10, using: &rng))
        }
        try context.processPendingChanges()
        func controller(_ path: ChangePath) throws -> (FetchedResultsController, RecordingDelegate) {
            let (controller, delegate) = try makeController(
                context, predicate: configuration.predicate, sort: configuration.sort, section: configuration.section,
                profile: configuration.profile)
            controller.changePath = path
            return (controller, delegate)
        }
        let (incremental, incrementalLog) = try controller(.incremental)
        let (linear, linearLog) = try controller(.linear)

        for event in 0..<600 {
            // Mostly small events, some that touch most of the list.
            let size =
                Int.random(in: 0..<10, using: &rng) == 0
                ? Int.random(in: 20...60, using: &rng) : Int.random(in: 1...6, using: &rng)
            var edits = try RandomEdits.apply(count: size, to: context, using: &rng)
            if Int.random(in: 0..<4, using: &rng) == 0,
                let object = context.objects(ofEntity: "Note").randomElement(using: &rng)
            {
                try set(context, object, "group", .string(""))
                edits.append("set \(object.objectID) group=\"\"")
            }
            try context.processPendingChanges()
            let expected = incrementalLog.take()
            let actual = linearLog.take()
            guard actual == expected else {
                Issue.record("event \(event): \(edits)\nincremental: \(expected)\nlinear:      \(actual)")
                return
            }
            #expect(linear.fetchedObjects?.map(\.objectID) == incremental.fetchedObjects?.map(\.objectID))
            #expect(linear.sections?.map(\.name) == incremental.sections?.map(\.name))
        }
    }

    @Test func automaticTakesTheLinearPathOnlyForLargeEvents() throws {
        let context = try makeContext()
        for i in 0..<1_000 { try insertNote(context, "t\(i)", group: "G\(i % 7)", order: i) }
        try context.processPendingChanges()
        let (controller, _) = try makeController(context)
        #expect(!controller.usesLinearPath(candidates: 10))
        #expect(!controller.usesLinearPath(candidates: FetchedResultsController.linearPathMinimum - 1))
        #expect(
            controller.usesLinearPath(
                candidates: 1_000 / FetchedResultsController.linearPathFactor
                    + FetchedResultsController.linearPathMinimum))
    }
}
