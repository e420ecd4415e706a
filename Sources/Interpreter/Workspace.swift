import Adapters
import CommandLanguage
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// Everything one REPL session works on: the context, and once something is fetched, the
/// controller, the app's data source, the simulated table and the adapter between them.
package final class Workspace {
    package let context: ObjectContext
    package private(set) var controller: FetchedResultsController?
    package private(set) var dataSource: ListDataSource?
    package private(set) var table: SimulatedTableView?
    package private(set) var adapter: TableAdapter?
    package private(set) var adapterKind: AdapterKind = .coordinator
    package private(set) var adapterOptions = AdapterOptions(for: .coordinator)
    package private(set) var profile: CompatibilityProfile = .modern
    /// The rows the table shows cells for.
    package var viewport = Viewport(firstRow: 0, height: 200) {
        didSet { table?.viewport = viewport }
    }
    /// Change events processed so far.
    package internal(set) var eventCount = 0
    /// How much the check after every change event reads: `.full` (the REPL's default) or
    /// `.incremental`, which finds the same table/controller differences in O(viewport + changes)
    /// (docs/performance.md, "The incremental check"); the `check` command always reads everything.
    package var eventCheckScope = ConsistencyCheck.Scope.full
    /// How drags renumber the index attribute (`reorder`, `fetch … reorder`).
    package private(set) var reorderStrategy: ReorderStrategy = .dense
    /// How the app titles the section index (`index-titles`); kept across fetches.
    package internal(set) var indexTitleStyle = SectionIndexTitleStyle.firstLetter
    /// The section caches of this session's controllers, and the `cacheName` later fetches use.
    package let sectionCache = FetchedResultsCache()
    package internal(set) var cacheName: String?
    /// The `fetchBatchSize` of later fetches (`batch-size`); 0 fetches all at once.
    package internal(set) var fetchBatchSize = 0
    /// Drags (and placed inserts) so far, and the objects they wrote.
    package internal(set) var drags = 0
    package internal(set) var dragWrites = 0
    /// The selected controller's name (`fetch … as NAME`, `use NAME`); `default` until named.
    package internal(set) var selectedName = "default"
    /// The other controllers, in the order they were parked; each still receives every event.
    package internal(set) var parked: [ControllerUnit] = []
    /// The background contexts (`context NAME`), in the order they were opened.
    package internal(set) var backgroundContexts: [BackgroundContext] = []
    /// The context edits go to: `main` or a background context's name (`use context NAME`).
    package internal(set) var selectedContextName = "main"
    /// Whether the check after every event also compares each controller with a fresh fetch
    /// (once a background context or a batch request can change the store behind its back).
    package internal(set) var checksAgainstStore = false
    /// Whether the simulated view is a table or a collection view (`table collection|table`).
    package var tableStyle = TableViewStyle.table {
        didSet { table?.style = tableStyle }
    }

    /// What the last `performFetch()` with a new delegate delivered to it (a snapshot delegate's
    /// snapshot), after which event; `log` shows it while no event followed.
    package internal(set) var fetchDelivery: (afterEvent: Int, entries: [(callback: Callback, action: CallbackAction)])?
    /// The app's own view controller `adapter NAME` selected, and its name; nil under FetchSim's adapters.
    package internal(set) var userList: (any UserList)?
    package internal(set) var userAdapterName: String?
    /// The app's last turn, for `log`.
    package internal(set) var lastUserTurn: UserTurn?

    /// The table the session shows: the app's view controller's when one is selected, else the
    /// session's own (the full-screen mode draws it).
    package var shownTable: SimulatedTableView? { userList?.table ?? table }

    package init(context: ObjectContext) {
        self.context = context
    }

    /// Replaces the controller with one for `request`, fetches, builds a fresh table and adapter.
    func fetch(_ request: FetchRequest, indexKey: String?, strategy: ReorderStrategy? = nil) throws {
        let controller = try FetchedResultsController(
            fetchRequest: request, context: context, profile: profile,
            cacheName: cacheName, cache: sectionCache)
        try controller.performFetch()
        let dataSource = try ListDataSource(
            controller: controller, indexKey: indexKey, strategy: strategy ?? reorderStrategy)
        reorderStrategy = dataSource.strategy
        dataSource.indexTitleStyle = indexTitleStyle
        let table = SimulatedTableView(dataSource: dataSource, viewport: viewport)
        table.style = tableStyle
        table.reportsReloadAndMoveAsTwoAnimations = profile.tablesReportReloadAndMoveAsTwoAnimations
        table.reloadData()
        adapter?.controller.delegate = nil
        self.controller = controller
        self.dataSource = dataSource
        self.table = table
        adapter = TableAdapter.make(adapterKind, table: table, dataSource: dataSource, options: adapterOptions)
        fetchDelivery = nil  // this fetch ran before the delegate was attached: nothing delivered
    }

    /// Forgets the controller, the table and the adapter (the fetch no longer fits the schema).
    func clearFetch() {
        adapter?.controller.delegate = nil
        adapter = nil
        table = nil
        dataSource = nil
        controller = nil
    }

    /// Switches to the adapter of `kind` with `options` applied on top of its defaults (or on top
    /// of the current options when the kind stays the same).
    func setAdapter(_ kind: AdapterKind, options: AdapterOptions) {
        adapterKind = kind
        adapterOptions = options
        guard let table, let dataSource else { return }
        // The diffable adapter's two delegate forms are two delegates (the controller asks with `as?`).
        if let adapter, adapter.kind == kind, adapter.options.delivery == options.delivery {
            adapter.options = options
            return
        }
        adapter?.controller.delegate = nil
        let adapter = TableAdapter.make(kind, table: table, dataSource: dataSource, options: options)
        self.adapter = adapter
        // A new delegate starts from what the controller has now; today's performFetch hands a
        // snapshot delegate a snapshot (rule 24), which `log` shows until the next event.
        try? dataSource.controller.performFetch()
        fetchDelivery =
            adapter is any FetchedResultsSnapshotDelegate && !adapter.lastEvent.entries.isEmpty
            ? (afterEvent: eventCount, entries: adapter.lastEvent.entries) : nil
        table.reloadData()
    }

    /// Switches the reorder strategy; refused when the fetch's index attribute cannot hold its keys.
    func setReorderStrategy(_ strategy: ReorderStrategy) throws(AdapterError) {
        try dataSource?.setStrategy(strategy)
        reorderStrategy = strategy
    }

    /// Switches the compatibility profile; the controller refetches and the table reloads.
    func setProfile(_ profile: CompatibilityProfile) throws {
        self.profile = profile
        guard let controller, let table else { return }
        table.reportsReloadAndMoveAsTwoAnimations = profile.tablesReportReloadAndMoveAsTwoAnimations
        controller.profile = profile
        try controller.performFetch()
        table.reloadData()
    }

    /// The consistency check of the current table, if there is one.
    package var check: ConsistencyCheck? {
        guard let table, let dataSource else { return nil }
        return ConsistencyCheck(table: table, dataSource: dataSource)
    }

    // MARK: Several controllers (`fetch … as NAME`, `use NAME`, `close NAME`)

    /// Moves the selected controller, with its table and adapter, aside as `name`, leaving the
    /// slots empty for a new one. Its delegate stays attached: it keeps receiving every change event.
    func parkSelected(as name: String, spec: Command.FetchSpec?) {
        guard let controller, let dataSource, let table, let adapter else { return }
        parked.append(
            ControllerUnit(
                name: name, controller: controller, dataSource: dataSource, table: table,
                adapter: adapter, adapterKind: adapterKind, adapterOptions: adapterOptions, fetchSpec: spec))
        self.controller = nil
        self.dataSource = nil
        self.table = nil
        self.adapter = nil
    }

    /// Puts a parked controller back in the slots (the selected one must have been parked first).
    func restore(_ unit: ControllerUnit) {
        parked.removeAll { $0 === unit }
        controller = unit.controller
        dataSource = unit.dataSource
        table = unit.table
        adapter = unit.adapter
        adapterKind = unit.adapterKind
        adapterOptions = unit.adapterOptions
        table?.viewport = viewport
    }

    /// A controller for `request` whose adapter drives `shared`'s table — whose data source stays
    /// `shared`'s: two controllers sharing one table (the bug `fetch … share NAME` reproduces).
    func fetch(_ request: FetchRequest, indexKey: String?, sharingTableOf shared: ControllerUnit) throws {
        let controller = try FetchedResultsController(fetchRequest: request, context: context, profile: profile)
        try controller.performFetch()
        let dataSource = try ListDataSource(controller: controller, indexKey: indexKey, strategy: reorderStrategy)
        self.controller = controller
        self.dataSource = dataSource
        table = shared.table
        adapter = TableAdapter.make(adapterKind, table: shared.table, dataSource: dataSource, options: adapterOptions)
        // A new adapter makes its data source the table's; the app's table keeps answering from the first controller.
        shared.table.dataSource = shared.dataSource
    }
}
