import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// Seeded random change events; after each, the callbacks replayed onto the previous layout with
/// UIKit's rules must give a brute-force fetch, and every reported change must be justified.
@Suite struct RandomReplayTests {
    struct Configuration: Sendable, CustomTestStringConvertible {
        let name: String
        let predicate: String?
        let sort: [SortDescriptor]
        let section: String?
        let profile: CompatibilityProfile
        let limit: Int
        let offset: Int
        let seed: UInt64
        let events: Int
        /// The section key values edits draw from, and what random titles start with.
        var groups: [String?] = ["A", "B", "C", "D", nil]
        var titlePrefix = "r"
        var changePath = ChangePath.automatic
        var testDescription: String { name }
    }

    /// Section names and titles longer than a compact key holds, sharing long prefixes, with ""
    /// (the unnamed section, as nil): their keys are inexact (`CompactKey`).
    static let longGroups: [String?] = [
        "a section with a long name 1", "a section with a long name 10", "a section with a long name 2",
        "a section with a long name", "", nil,
    ]

    static let configurations: [Configuration] = [
        .init(
            name: "sections by group, predicate, modern", predicate: "archived == NO",
            sort: [SortDescriptor(key: "group"), SortDescriptor(key: "order")], section: "group",
            profile: .modern, limit: 0, offset: 0, seed: 1, events: 3_000),
        .init(
            name: "no sections, descending with ties", predicate: nil,
            sort: [SortDescriptor(key: "order", ascending: false), SortDescriptor(key: "score")], section: nil,
            profile: .modern, limit: 0, offset: 0, seed: 2, events: 2_000),
        .init(
            name: "sections descending, ios9", predicate: "score < 8 OR group == nil",
            sort: [SortDescriptor(key: "group", ascending: false), SortDescriptor(key: "order")], section: "group",
            profile: .ios9, limit: 0, offset: 0, seed: 3, events: 1_500),
        .init(
            name: "strict window with sections", predicate: "archived == NO",
            sort: [SortDescriptor(key: "group"), SortDescriptor(key: "order")], section: "group",
            profile: .strict, limit: 7, offset: 3, seed: 4, events: 1_500),
        .init(
            name: "long section names, incremental", predicate: "archived == NO",
            sort: [SortDescriptor(key: "group"), SortDescriptor(key: "order")], section: "group",
            profile: .modern, limit: 0, offset: 0, seed: 5, events: 1_500, groups: longGroups, changePath: .incremental),
        .init(
            name: "long section names descending, linear", predicate: nil,
            sort: [SortDescriptor(key: "group", ascending: false), SortDescriptor(key: "order")], section: "group",
            profile: .modern, limit: 0, offset: 0, seed: 6, events: 1_500, groups: longGroups, changePath: .linear),
        .init(
            name: "long titles, no sections, incremental", predicate: nil,
            sort: [SortDescriptor(key: "title", ascending: false), SortDescriptor(key: "order")], section: nil,
            profile: .modern, limit: 0, offset: 0, seed: 7, events: 1_500,
            titlePrefix: "a title long enough to be inexact ",
            changePath: .incremental),
        .init(
            name: "long titles and sections, ios9", predicate: nil,
            sort: [SortDescriptor(key: "group"), SortDescriptor(key: "title")], section: "group",
            profile: .ios9, limit: 0, offset: 0, seed: 8, events: 1_500, groups: longGroups,
            titlePrefix: "a title long enough to be inexact "),
    ]

    @Test(arguments: configurations)
    func callbacksReplayOntoTheOldLayoutGiveAFreshFetch(_ configuration: Configuration) throws {
        var rng = SeededGenerator(seed: configuration.seed)
        let context = try makeContext()
        for i in 0..<12 {
            try insertNote(
                context, "t\(i)", group: configuration.groups.prefix(3).randomElement(using: &rng) ?? nil,
                order: Int.random(in: 0..<10, using: &rng))
        }
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(
            context, predicate: configuration.predicate, sort: configuration.sort, section: configuration.section,
            limit: configuration.limit, offset: configuration.offset, profile: configuration.profile
        )
        let reference = try BruteForceFetch(configuration: configuration)
        controller.changePath = configuration.changePath
        var previous = layout(of: controller)
        #expect(previous == reference.layout(context))

        for event in 0..<configuration.events {
            let edits = try RandomEdits.apply(
                count: Int.random(in: 1...6, using: &rng), to: context, using: &rng,
                groups: configuration.groups, titlePrefix: configuration.titlePrefix)
            let change = try context.processPendingChanges()
            let expected = reference.layout(context)
            let callbacks = delegate.callbacks
            let lines = delegate.take()
            let context = "seed \(configuration.seed) event \(event): \(edits)\ncallbacks: \(lines)"

            switch UIKitReplay.apply(callbacks, to: previous) {
            case .failure(let failure):
                Issue.record("invalid batch: \(failure)\n\(context)")
                return
            case .success(let replayed):
                guard replayed == expected else {
                    Issue.record(
                        "replay gives \(describe(replayed))\nfetch gives \(describe(expected))\nold was \(describe(previous))\n\(context)"
                    )
                    return
                }
            }
            #expect(layout(of: controller) == expected, "controller state, \(context)")
            // Only changed objects are reported, at their true old and new positions.
            let touched = (change?.insertedIDs ?? []).union(change?.updatedIDs ?? []).union(change?.deletedIDs ?? [])
            for callback in callbacks {
                guard case .object(let type, let id, let old, let new) = callback else { continue }
                if configuration.profile != .strict {
                    #expect(touched.contains(id), "\(id) reported but not changed, \(context)")
                }
                if let new, type != .delete, configuration.profile != .ios9 || type != .move {
                    #expect(expected[new.section].ids[new.row] == id, "\(type) \(id) new path \(new), \(context)")
                }
                if type == .update, let old, let new, configuration.profile != .ios9 {
                    #expect(previous[old.section].ids[old.row] == id && expected[new.section].ids[new.row] == id)
                }
            }
            if let violation = controller.tree.invariantViolation() {
                Issue.record("tree invariant: \(violation), \(context)")
                return
            }
            previous = expected
        }
    }
}

/// Random edits of every kind the workload needs: inserts, deletes, and updates of sort keys,
/// section keys, predicate fields and plain fields.
enum RandomEdits {
    static func apply(
        count: Int, to context: ObjectContext, using rng: inout SeededGenerator,
        groups: [String?] = ["A", "B", "C", "D", nil], titlePrefix: String = "r"
    ) throws -> [String] {
        var log: [String] = []
        for _ in 0..<count {
            let live = context.objects(ofEntity: "Note").sorted { $0.objectID < $1.objectID }
            let roll = Int.random(in: 0..<100, using: &rng)
            if live.count < 4 || roll < 20 {
                let group = groups.randomElement(using: &rng) ?? nil
                let object = try insertNote(
                    context, "n", group: group, order: Int.random(in: 0..<12, using: &rng),
                    archived: Int.random(in: 0..<5, using: &rng) == 0)
                try set(context, object, "score", .int(Int.random(in: 0..<10, using: &rng)))
                log.append("insert \(object.objectID) \(group ?? "nil")")
                continue
            }
            guard let object = live.randomElement(using: &rng) else { continue }
            switch roll {
            case 20..<32:
                try context.delete(object.objectID)
                log.append("delete \(object.objectID)")
            case 32..<60:
                let order = Int.random(in: 0..<12, using: &rng)
                try set(context, object, "order", .int(order))
                log.append("set \(object.objectID) order=\(order)")
            case 60..<72:
                let group = groups.randomElement(using: &rng) ?? nil
                try set(context, object, "group", group.map(Value.string) ?? .null)
                log.append("set \(object.objectID) group=\(group ?? "nil")")
            case 72..<80:
                let archived = Bool.random(using: &rng)
                try set(context, object, "archived", .bool(archived))
                log.append("set \(object.objectID) archived=\(archived)")
            case 80..<90:
                let score = Int.random(in: 0..<10, using: &rng)
                try set(context, object, "score", .int(score))
                log.append("set \(object.objectID) score=\(score)")
            default:
                try set(context, object, "title", .string("\(titlePrefix)\(Int.random(in: 0..<100, using: &rng))"))
                log.append("set \(object.objectID) title")
            }
        }
        return log
    }
}

/// The expected results, computed from scratch: filter, sort with a plain comparison, group by
/// the section key, cut the strict window. Independent of the controller's trees.
struct BruteForceFetch {
    let configuration: RandomReplayTests.Configuration
    let predicate: Predicate?

    init(configuration: RandomReplayTests.Configuration) throws {
        self.configuration = configuration
        predicate = try configuration.predicate.map { try Predicate(format: $0) }
    }

    func layout(_ context: ObjectContext) -> [Layout.Section] {
        let objects = context.objects(ofEntity: "Note").filter { object in
            guard let predicate else { return true }
            return (try? predicate.bound(to: object.entity).evaluate(object.values)) ?? false
        }
        var sorted = objects.sorted { a, b in
            for descriptor in configuration.sort {
                let c = Value.compare(a[descriptor.key], b[descriptor.key])
                if c != 0 { return descriptor.ascending ? c < 0 : c > 0 }
            }
            return a.objectID < b.objectID
        }
        if configuration.profile == .strict {
            let start = min(configuration.offset, sorted.count)
            let end = configuration.limit > 0 ? min(start + configuration.limit, sorted.count) : sorted.count
            sorted = Array(sorted[start..<end])
        }
        guard let key = configuration.section else {
            return [Layout.Section(name: "", ids: sorted.map(\.objectID))]
        }
        var sections: [Layout.Section] = []
        for object in sorted {
            let name = object[key].isNull ? "" : object[key].description
            if sections.last?.name == name {
                sections[sections.count - 1].ids.append(object.objectID)
            } else {
                sections.append(Layout.Section(name: name, ids: [object.objectID]))
            }
        }
        return sections
    }
}
