import Adapters
import CommandLanguage
import FetchedResults
import TableSimulation

/// One controller of the workspace with everything that hangs off it — the app's data source, its
/// table, the adapter between them. The workspace holds the selected one (`Workspace.selected`)
/// and the others, parked: while another one is selected (`use NAME`) or after its table was
/// closed with the delegate left attached. Every unit keeps receiving every change event.
package final class ControllerUnit {
    /// Its name (`fetch … as NAME`), given when it is parked: while selected it is the
    /// workspace's `selectedName`.
    package internal(set) var name: String
    package let controller: FetchedResultsController
    package let dataSource: ListDataSource
    package let table: SimulatedTableView
    /// The adapter between controller and table, replaced by `adapter NAME`.
    package internal(set) var adapter: TableAdapter
    package internal(set) var adapterKind: AdapterKind
    package internal(set) var adapterOptions: AdapterOptions
    /// The `fetch` line that made it, given when it is parked: while selected it is the
    /// interpreter's `fetchSpec`.
    package internal(set) var fetchSpec: Command.FetchSpec?
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
