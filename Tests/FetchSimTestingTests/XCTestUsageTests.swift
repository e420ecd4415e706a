import FetchSimTesting
import XCTest

/// The simulator and the fuzzer from XCTest. XCTest on Linux cannot discover a `@MainActor` test
/// method; it runs tests on the main thread, where the body claims the main actor.
final class XCTestUsageTests: XCTestCase {
    func testTheFuzzerRunsFromXCTest() {
        MainActor.assumeIsolated {
            let result = Simulator.fuzz(seed: 5, batches: 100) {
                let controller = ShoppingListController(style: .plain)
                controller.forgetsToInsertRows = true
                return FuzzTarget(
                    simulator: Simulator(viewController: controller, context: nil)!, keepAlive: [controller],
                    insert: { controller.add("Item \($0)") })
            }
            XCTAssertEqual(result.failure?.steps.count, 2, "\(result)")
            XCTAssertEqual(result.failure?.report.problems.first?.kind, .rowCount)
        }
    }

    func testATurnReportFromXCTest() throws {
        try MainActor.assumeIsolated {
            let controller = ShoppingListController(style: .plain)
            let simulator = try XCTUnwrap(Simulator(viewController: controller, context: nil))
            try simulator.userMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 0))
            let report = simulator.endTurn()
            XCTAssertTrue(report.isConsistent, "\(report)")
            XCTAssertEqual(controller.items, ["Eggs", "Milk", "Flour"])
        }
    }
}
