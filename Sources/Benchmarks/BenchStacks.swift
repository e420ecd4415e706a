import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// Which pipelines `fetchsim bench` measures.
package enum BenchStack: String, CaseIterable, Sendable {
    /// The engine's own pipeline: `ObjectContext`, the engine's controller, the coordinator
    /// adapter, `SimulatedTableView` and the incremental check.
    case engine
    /// The engine's pipeline and, beside it on the same events, the same list written on the
    /// Apple-shaped layer (`AppleStack`), with the ratio of the two.
    case apple
}

/// A delegate that receives every callback and does nothing with it: the controller's own cost.
final class CountingDelegate: FetchedResultsControllerDelegate {
    private(set) var callbacks = 0

    func controllerWillChangeContent(_ controller: FetchedResultsController) { callbacks += 1 }
    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: ChangeType
    ) {
        callbacks += 1
    }
    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: ChangeType, newIndexPath: IndexPath?
    ) {
        callbacks += 1
    }
    func controllerDidChangeContent(_ controller: FetchedResultsController) { callbacks += 1 }
}

/// A context with a controller whose delegate does nothing.
struct ControllerStack {
    let context: ObjectContext
    let controller: FetchedResultsController
    let delegate = CountingDelegate()

    init(store: InMemoryStore, request: FetchRequest = BenchWorkload.request, path: ChangePath) throws {
        context = try ObjectContext(store: store)
        controller = try FetchedResultsController(fetchRequest: request, context: context)
        controller.changePath = path
    }

    /// Fetches and attaches the delegate.
    func fetch() throws {
        try controller.performFetch()
        controller.delegate = delegate
    }
}

/// The whole per-event pipeline: a context, a controller, the app's data source, a simulated table
/// scrolled to the middle of the list, the coordinator adapter, and the incremental consistency check.
struct PipelineStack {
    let context: ObjectContext
    let controller: FetchedResultsController
    let dataSource: ListDataSource
    let table: SimulatedTableView
    let adapter: TableAdapter
    let check: ConsistencyCheck

    /// Rows on screen: about what a tablet shows.
    static let viewportHeight = 50

    /// Builds everything on `context`, which must not be observed by another controller;
    /// `indexKey` is the attribute that keeps the list's display order.
    init(
        context: ObjectContext, request: FetchRequest = BenchWorkload.request, indexKey: String = "order",
        path: ChangePath
    ) throws {
        self.context = context
        controller = try FetchedResultsController(fetchRequest: request, context: context)
        controller.changePath = path
        try controller.performFetch()
        dataSource = try ListDataSource(controller: controller, indexKey: indexKey)
        let middle = max(controller.numberOfFetchedObjects / 2 - Self.viewportHeight / 2, 0)
        table = SimulatedTableView(
            dataSource: dataSource, viewport: Viewport(firstRow: middle, height: Self.viewportHeight))
        table.reloadData()
        adapter = TableAdapter.make(.coordinator, table: table, dataSource: dataSource)
        check = ConsistencyCheck(table: table, dataSource: dataSource, scope: .incremental)
    }

    /// Ends the turn: the controller reports, the adapter updates the table, the layout pass runs,
    /// and the incremental check compares table and controller. Returns the problems found.
    func processEvent() throws -> [String] {
        try context.processPendingChanges()
        table.layoutIfNeeded()
        var problems = check.run().map(\.description)
        if let error = adapter.lastEvent.tableError { problems.append(error.description) }
        return problems
    }
}
