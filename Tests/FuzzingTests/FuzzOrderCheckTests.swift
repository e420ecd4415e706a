import Adapters
import FetchSimCore
import ObjectGraph
import Testing

@testable import Fuzzing

/// The fuzzer's order oracle (`fullOrder`, `lostOrder`) against orders it does not compute
/// itself: written by hand, and the controller's own order of the objects it shows.
@Suite struct FuzzOrderCheckTests {
    typealias FullOrder = FuzzExecutor.FullOrder

    /// An executor that ran `lines`, each of which must succeed.
    static func executor(running lines: [String]) throws -> FuzzExecutor {
        let executor = try FuzzExecutor()
        for line in lines {
            let outcome = executor.interpreter.execute(line)
            #expect(outcome.errorMessage == nil, "\(line): \(outcome.errorMessage ?? "")")
        }
        return executor
    }

    static let items = [
        #"insert Item title="a" group="A" order=2 hidden=false"#,  // #1
        #"insert Item title="b" group="A" order=1 hidden=true"#,  // #2, hidden: still in the full order
        #"insert Item title="c" group="B" order=1 hidden=false"#,  // #3
        #"insert Item title="d" group="A" order=2 hidden=false"#,  // #4, ties with #1: after it by ID
        #"insert Item title="e" group="A" order=0 hidden=false"#,  // #5
    ]

    @Test func intKeysAscendingWithATieAndAHiddenObject() throws {
        let executor = try Self.executor(
            running: ["entity Item title:string group:string order:int hidden:bool"] + Self.items + [
                "fetch Item where hidden == NO sort group, order section group index order"
            ])
        #expect(executor.fullOrder() == ["A": [5, 2, 1, 4].map(ObjectID.init), "B": [ObjectID(3)]])
    }

    @Test func doubleKeysDescendingCompareWithInts() throws {
        let executor = try Self.executor(
            running: ["entity Item title:string group:string order:double hidden:bool"] + Self.items + [
                #"set #5 order=1.5"#,
                "fetch Item where hidden == NO sort group, order desc section group index order reorder fractional",
            ])
        // 2.0 (#1, #4: ties stay in ID order), 1.5 (#5), 1.0 (#2).
        #expect(executor.fullOrder() == ["A": [1, 4, 5, 2].map(ObjectID.init), "B": [ObjectID(3)]])
    }

    @Test func lostOrderNamesTheFirstDifferingSectionAndATie() throws {
        let executor = try Self.executor(
            running: ["entity Item title:string group:string order:int hidden:bool"] + Self.items + [
                "fetch Item where hidden == NO sort group, order section group index order"
            ])
        let actual: FullOrder = ["A": [5, 2, 1, 4].map(ObjectID.init), "B": [ObjectID(3)]]
        #expect(executor.lostOrder(expected: (actual, ObjectID(5))) == nil)
        // An empty section is no section.
        #expect(executor.lostOrder(expected: (actual.merging(["C": []]) { $1 }, ObjectID(5))) == nil)
        #expect(
            executor.lostOrder(expected: (["A": [2, 5, 1, 4].map(ObjectID.init), "B": [ObjectID(3)]], ObjectID(5)))
                == FuzzFailure(
                    kind: .userOrder, message: #"section "A": the user made #2 #5 #1 #4, the full order is #5 #2 #1 #4"#
                ))
        #expect(
            executor.lostOrder(expected: (["A": [5, 2, 1, 4].map(ObjectID.init)], ObjectID(5)))
                == FuzzFailure(kind: .userOrder, message: #"section "B": the user made , the full order is #3"#))
        #expect(
            executor.lostOrder(expected: (actual, ObjectID(4)))
                == FuzzFailure(kind: .userOrder, message: #"section "A": the dragged #4 ties with #1 at order 2"#))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let seed: UInt64
        let filter: Int
        let ascending: Bool
        let reorder: ReorderStrategy
        var testDescription: String { "seed \(seed) filter \(filter)% \(ascending ? "asc" : "desc") \(reorder)" }
    }

    /// The controller sorts with its own trees and keys; the oracle sorts the context's objects.
    /// After every batch of a consistent session the two agree on every object the controller
    /// fetched, and the oracle lists every live object once.
    @Test(arguments: [
        Case(seed: 7, filter: 0, ascending: true, reorder: .dense),
        Case(seed: 11, filter: 30, ascending: false, reorder: .sparse),
        Case(seed: 13, filter: 50, ascending: true, reorder: .fractional),
        Case(seed: 17, filter: 10, ascending: false, reorder: .fractional),
    ])
    func theFullOrderOfTheFetchedObjectsIsTheControllers(_ testCase: Case) throws {
        let configuration = FuzzConfiguration.with(seed: testCase.seed, batches: 200) {
            $0.filterPercent = testCase.filter
            $0.sortsAscending = testCase.ascending
            $0.reorder = testCase.reorder
        }
        var generator = FuzzGenerator(configuration: configuration, seed: testCase.seed)
        let executor = try FuzzExecutor()
        for line in generator.setup() { _ = executor.run(line) }
        let context = executor.workspace.context
        var drags = 0
        for batch in 0..<200 {
            let step = executor.run(generator.nextBatch(executor))
            #expect(step.failure == nil && step.inputError == nil, "batch \(batch): \(step.text ?? "")")
            if step.text?.hasPrefix("move ") == true { drags += 1 }
            let controller = try #require(executor.workspace.controller)
            var fetched: FullOrder = [:]
            for section in 0..<controller.numberOfSections {
                fetched[controller.sectionName(at: section) ?? ""] =
                    (0..<controller.numberOfObjects(inSection: section)).compactMap {
                        controller.object(at: IndexPath(row: $0, section: section))?.objectID
                    }
            }
            let order = executor.fullOrder()
            // Without a predicate (`--filter 0`) the controller fetches hidden objects too.
            let shown =
                testCase.filter == 0
                ? order
                : order.mapValues { ids in ids.filter { context.object(with: $0)?["hidden"] != .bool(true) } }
            #expect(shown.filter { !$0.value.isEmpty } == fetched, "batch \(batch)")
            let listed = order.values.flatMap { $0 }
            #expect(listed.count == Set(listed).count)
            #expect(Set(listed) == Set(context.objects(ofEntity: "Item").map(\.objectID)))
        }
        #expect(drags > 10, "the sessions drag: \(drags)")
    }
}
