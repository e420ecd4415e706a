import Adapters
import CommandLanguage
import FetchedResults
import TableSimulation

/// One controller of the workspace with everything that hangs off it — the app's data source, its
/// table, the adapter between them — while another one is selected (`use NAME`) or after its table
/// was closed with the delegate left attached. Every unit keeps receiving every change event.
package final class ControllerUnit {
    /// Its name (`fetch … as NAME`); the first controller is `default`.
    package let name: String
    package let controller: FetchedResultsController
    package let dataSource: ListDataSource
    package let table: SimulatedTableView
    package let adapter: TableAdapter
    package let adapterKind: AdapterKind
    package let adapterOptions: AdapterOptions
    /// The `fetch` line that made it.
    package let fetchSpec: Command.FetchSpec?
    /// Whether its table was torn down (`close --leave-delegate`): its delegate is still attached.
    package internal(set) var isClosed = false

    init(
        name: String, controller: FetchedResultsController, dataSource: ListDataSource, table: SimulatedTableView,
        adapter: TableAdapter, adapterKind: AdapterKind, adapterOptions: AdapterOptions, fetchSpec: Command.FetchSpec?
    ) {
        self.name = name
        self.controller = controller
        self.dataSource = dataSource
        self.table = table
        self.adapter = adapter
        self.adapterKind = adapterKind
        self.adapterOptions = adapterOptions
        self.fetchSpec = fetchSpec
    }
}
