import FetchSimTesting
import Testing

/// The examples in FetchSimTesting's doc comments, as written there, on the view controllers of
/// this target: `NotesViewController` (Apple's template over Core Data, groups A and B) and
/// `ShoppingListController` (a list over an array of three items). Expectations are worked out
/// by hand from UIKit's order of events as the doc comments state it: a drag moves the row, then
/// the data source writes; the turn's end processes the context's changes, lays out and checks.
@MainActor
@Suite struct FetchSimTestingDocumentationExampleTests {
    private func notesList() throws -> (NotesViewController, NSPersistentContainer) {
        let container = try NotesStore.container(groups: [("A", ["a0", "a1"]), ("B", ["b0"])])
        return (NotesViewController(context: container.viewContext, usesUserDrivenFlag: true), container)
    }

    /// A fresh shopping list under the fuzzer; `forgetsToInsertRows` plants the bug.
    private func makeTarget(forgetsToInsertRows: Bool) -> FuzzTarget {
        let list = ShoppingListController(style: .plain)
        list.forgetsToInsertRows = forgetsToInsertRows
        return FuzzTarget(
            simulator: Simulator(viewController: list, context: nil)!, keepAlive: [list],
            insert: { n in list.add("Item \(n)") })
    }

    @Test func simulator() throws {
        let (notes, container) = try notesList()
        let simulator = Simulator(viewController: notes, context: container.viewContext)!
        try simulator.userMoveRow(from: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 0))
        let report = simulator.endTurn()
        #expect(report.isConsistent, "\(report)")
        // The data source renumbered group A: a1 first. The flag kept the template off the table.
        let titles = notes.fetchedResultsController.fetchedObjects?.map(\.title)
        #expect(titles == ["a1", "a0", "b0"])
        #expect(report.calls.first == "user moves row 0.1 to 0.0")
    }

    @Test func turnReport() throws {
        let list = ShoppingListController(style: .plain)
        list.forgetsToInsertRows = true
        let simulator = Simulator(viewController: list, context: nil)!
        simulator.userEdits("a new item") { list.add("Sugar") }
        let report = simulator.endTurn()
        // The table still shows three rows; the data source answers four.
        #expect(!report.isConsistent)
        #expect(report.problems.map(\.kind) == [.rowCount])
        #expect(report.exception == nil)
        #expect("\(report)" == "section 0 has 3 rows but the data source has 4")
    }

    @Test func endOfTurnProcessing() throws {
        let (notes, container) = try notesList()
        let simulator = Simulator(viewController: notes, context: container.viewContext)!  // Core Data's context is one
        #expect(simulator.numberOfSections == 2)
        Note(context: container.viewContext).title = "Tea"  // the app's own screen adds a note
        #expect(simulator.numberOfSections == 2)  // nothing is delivered before the turn ends
        // processPendingChanges(): the controller's callbacks, then layout and the check.
        let report = simulator.endTurn()
        // A note without a group is in a section of its own (the nil section key's).
        #expect(simulator.numberOfSections == 3)
        #expect(report.isConsistent, "\(report)")
    }

    @Test func simulatorError() {
        let simulator = Simulator(viewController: ShoppingListController(style: .plain), context: nil)!
        #expect(throws: SimulatorError.noSuchRow(IndexPath(row: 9, section: 0))) {
            try simulator.userDeleteRow(at: IndexPath(row: 9, section: 0))
        }
        #expect(SimulatorError.noSuchRow(IndexPath(row: 9, section: 0)).description == "there is no row 0.9")
    }

    @Test func fuzzStep() {
        #expect(
            FuzzStep.drag(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0)).description
                == "user drags row 0.2 to 0.0")
        #expect(FuzzStep.endTurn.description == "end turn")
    }

    @Test func fuzzTarget() {
        var lists: [ShoppingListController] = []
        let result = Simulator.fuzz(seed: 7, batches: 200) {
            let list = ShoppingListController(style: .plain)  // a fresh view controller for every replay
            lists.append(list)
            return FuzzTarget(
                simulator: Simulator(viewController: list, context: nil)!, keepAlive: [list],
                insert: { n in list.add("Item \(n)") },
                edit: { n in list.rename(at: n % 3, to: "Item \(n)") })
        }
        // Every change of this list tells its table: no turn can fail, so nothing is replayed.
        #expect(result.failure == nil, "\(result)")
        #expect(lists.count == 1)
    }

    @Test func fuzzResult() {
        let result = Simulator.fuzz(seed: 7, batches: 200) { makeTarget(forgetsToInsertRows: false) }
        #expect(result.failure == nil, "\(result)")
        #expect(result.description == "seed 7: 200 batches, consistent")
        #expect(result.seed == 7 && result.batches == 200)
    }

    @Test func fuzzFailure() throws {
        let result = Simulator.fuzz(seed: 5, batches: 100) { makeTarget(forgetsToInsertRows: true) }
        let failure = try #require(result.failure)
        // The first insert fails its turn; shrunk, that turn alone: the insert and the turn's end,
        // on a fresh list of three items.
        #expect(failure.steps.count == 2)
        guard case .insert(let n) = failure.steps.first else {
            Issue.record("the first step is \(String(describing: failure.steps.first))")
            return
        }
        #expect(failure.steps.last == .endTurn)  // a failure ends with the turn that failed
        #expect(failure.originalStepCount >= 2)
        #expect(
            failure.description
                == """
                # fuzz failure: 2 steps (shrunk from \(failure.originalStepCount))
                user inserts #\(n)
                end turn
                → section 0 has 3 rows but the data source has 4

                """)
        #expect(result.description.hasPrefix("seed 5: failed after \(result.batches) batches\n# fuzz failure"))
    }
}
