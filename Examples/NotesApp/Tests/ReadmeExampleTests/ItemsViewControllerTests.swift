import FetchSimTesting
import Testing

@MainActor @Test func aDragKeepsTheTableInStep() throws {
    let container = try makeItemsContainer(titles: ["Milk", "Eggs", "Bread"])
    let controller = ItemsViewController(context: container.viewContext)
    let simulator = try #require(Simulator(viewController: controller, context: container.viewContext))
    try simulator.userMoveRow(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0))
    let report = simulator.endTurn()  // the run loop's turn: Core Data, the table, the check
    #expect(report.isConsistent, "\(report)")
    #expect(controller.tableView.visibleCells.map { $0.textLabel?.text } == ["Bread", "Milk", "Eggs"])
}

@MainActor @Test func theFuzzerFindsNoFailure() {
    let result = Simulator.fuzz(seed: 1, batches: 1_000) {
        let container = try! makeItemsContainer(titles: (0..<10).map { "Item \($0)" })
        let controller = ItemsViewController(context: container.viewContext)
        return FuzzTarget(
            simulator: Simulator(viewController: controller, context: container.viewContext)!,
            keepAlive: [container, controller])
    }
    #expect(result.failure == nil, "\(result)")
}
