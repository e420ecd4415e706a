import FetchSimTesting
import Testing

/// A list over an array, as small apps write one: deletes and inserts from the app's own screen.
final class ShoppingListController: UITableViewController {
    var items = ["Milk", "Eggs", "Flour"]
    /// The bug under test: the insert screen appends to the model but forgets the table.
    var forgetsToInsertRows = false

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Item")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Item", for: indexPath)
        cell.textLabel?.text = items[indexPath.row]
        return cell
    }

    override func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {
        guard editingStyle == .delete else { return }
        items.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }

    override func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        items.insert(items.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
    }

    func add(_ item: String) {
        items.append(item)
        guard !forgetsToInsertRows else { return }
        tableView.insertRows(at: [IndexPath(row: items.count - 1, section: 0)], with: .automatic)
    }

    /// Renames the item at `index` and refreshes its row, as a detail screen does on return.
    func rename(at index: Int, to name: String) {
        guard items.indices.contains(index) else { return }
        items[index] = name
        tableView.reloadRows(at: [IndexPath(row: index, section: 0)], with: .none)
    }
}

@MainActor
@Suite struct ArrayListTests {
    private func simulator(_ controller: ShoppingListController) throws -> Simulator {
        try #require(Simulator(viewController: controller, context: nil))
    }

    @Test func theUsersGesturesGoThroughTheDataSource() throws {
        let controller = ShoppingListController(style: .plain)
        let simulator = try simulator(controller)
        try simulator.userMoveRow(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0))
        try simulator.userDeleteRow(at: IndexPath(row: 1, section: 0))
        let report = simulator.endTurn()
        #expect(controller.items == ["Flour", "Eggs"])
        #expect(report.isConsistent, "\(report)")
        #expect(report.calls == ["user moves row 0.2 to 0.0", "user deletes row 0.1", "deleteRows [0.1]"])
        #expect(
            throws: SimulatorError.dropOutOfRange(
                from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
        ) {
            try simulator.userMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
        }
        #expect(throws: SimulatorError.noSuchRow(IndexPath(row: 5, section: 0))) {
            try simulator.userDeleteRow(at: IndexPath(row: 5, section: 0))
        }
    }

    @Test func aForgottenInsertIsCaughtWithTheChecksWords() throws {
        let controller = ShoppingListController(style: .plain)
        controller.forgetsToInsertRows = true
        let simulator = try simulator(controller)
        simulator.userEdits("a new item") { controller.add("Sugar") }
        let report = simulator.endTurn()
        #expect(!report.isConsistent)
        #expect(report.exception == nil)
        #expect(report.problems.map(\.description) == ["section 0 has 3 rows but the data source has 4"])
    }

    @Test func aForgottenInsertThenADeleteRaisesUIKitsException() throws {
        let controller = ShoppingListController(style: .plain)
        controller.forgetsToInsertRows = true
        let simulator = try simulator(controller)
        controller.add("Sugar")
        try simulator.userDeleteRow(at: IndexPath(row: 0, section: 0))
        let report = simulator.endTurn()
        #expect(report.exception?.name == .internalInconsistencyException)
        #expect(
            report.exception?.reason
                == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out). Table view: <UITableView: 0x7fa5c0008000>"
        )
    }

    private func target(forgetting: Bool) -> FuzzTarget {
        let controller = ShoppingListController(style: .plain)
        controller.forgetsToInsertRows = forgetting
        let simulator = Simulator(viewController: controller, context: nil)!
        return FuzzTarget(
            simulator: simulator, keepAlive: [controller],
            insert: { controller.add("Item \($0)") },
            edit: { n in
                controller.rename(at: controller.items.isEmpty ? 0 : n % controller.items.count, to: "Renamed \(n)")
            })
    }

    @Test func theCorrectListStaysConsistentUnderTheFuzzer() {
        let result = Simulator.fuzz(seed: 11, batches: 300) { target(forgetting: false) }
        #expect(result.failure == nil, "\(result)")
        #expect(result.batches == 300)
    }

    @Test func theFuzzerCatchesAndShrinksTheForgottenInsert() throws {
        let result = Simulator.fuzz(seed: 11, batches: 300) { target(forgetting: true) }
        let failure = try #require(result.failure)
        // The smallest failing run: one insert, then the turn ends.
        #expect(failure.steps.count == 2)
        #expect(failure.steps.last == .endTurn)
        guard case .insert = failure.steps.first else {
            Issue.record("expected an insert first, got \(failure.steps)")
            return
        }
        #expect(failure.transcript.hasSuffix("end turn\n→ section 0 has 3 rows but the data source has 4\n"))
        // Deterministic: the same seed finds the same failure.
        #expect(
            Simulator.fuzz(seed: 11, batches: 300) { target(forgetting: true) }.failure?.transcript
                == failure.transcript)
    }
}
