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
    /// The selected controller with its data source, table and adapter; nil until something is
    /// fetched (and after the fetch no longer fits the schema).
    package private(set) var selected: ControllerUnit?
    package var controller: FetchedResultsController? { selected?.controller }
    package var dataSource: ListDataSource? { selected?.dataSource }
    package var table: SimulatedTableView? { selected?.table }
    package var adapter: TableAdapter? { selected?.adapter }
    /// The adapter later fetches get (`adapter NAME`); the selected unit's, when there is one.
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
        selected = ControllerUnit(
            name: selectedName, controller: controller, dataSource: dataSource, table: table,
            adapter: TableAdapter.make(adapterKind, table: table, dataSource: dataSource, options: adapterOptions),
            adapterKind: adapterKind, adapterOptions: adapterOptions, fetchSpec: nil)
        fetchDelivery = nil  // this fetch ran before the delegate was attached: nothing delivered
    }

    /// Forgets the controller, the table and the adapter (the fetch no longer fits the schema).
    func clearFetch() {
        adapter?.controller.delegate = nil
        selected = nil
    }

    /// Switches to the adapter of `kind` with `options` applied on top of its defaults (or on top
    /// of the current options when the kind stays the same).
    func setAdapter(_ kind: AdapterKind, options: AdapterOptions) {
        adapterKind = kind
        adapterOptions = options
        guard let selected else { return }
        selected.adapterKind = kind
        selected.adapterOptions = options
        let (table, dataSource) = (selected.table, selected.dataSource)
        // The diffable adapter's two delegate forms are two delegates (the controller asks with `as?`).
        if selected.adapter.kind == kind, selected.adapter.options.delivery == options.delivery {
            selected.adapter.options = options
            return
        }
        selected.adapter.controller.delegate = nil
        let adapter = TableAdapter.make(kind, table: table, dataSource: dataSource, options: options)
        selected.adapter = adapter
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

    /// Moves the selected controller, with its table and adapter, aside as `name`, leaving none
    /// selected until a new one is fetched or restored. Its delegate stays attached: it keeps receiving every change event.
    func parkSelected(as name: String, spec: Command.FetchSpec?) {
        guard let selected else { return }
        selected.name = name
        selected.fetchSpec = spec
        parked.append(selected)
        self.selected = nil
    }

    /// Selects a parked controller again (the selected one must have been parked first).
    func restore(_ unit: ControllerUnit) {
        parked.removeAll { $0 === unit }
        selected = unit
        adapterKind = unit.adapterKind
        adapterOptions = unit.adapterOptions
        unit.table.viewport = viewport
    }

    /// A controller for `request` whose adapter drives `shared`'s table — whose data source stays
    /// `shared`'s: two controllers sharing one table (the bug `fetch … share NAME` reproduces).
    func fetch(_ request: FetchRequest, indexKey: String?, sharingTableOf shared: ControllerUnit) throws {
        let controller = try FetchedResultsController(fetchRequest: request, context: context, profile: profile)
        try controller.performFetch()
        let dataSource = try ListDataSource(controller: controller, indexKey: indexKey, strategy: reorderStrategy)
        selected = ControllerUnit(
            name: selectedName, controller: controller, dataSource: dataSource, table: shared.table,
            adapter: TableAdapter.make(
                adapterKind, table: shared.table, dataSource: dataSource, options: adapterOptions),
            adapterKind: adapterKind, adapterOptions: adapterOptions, fetchSpec: nil)
        // A new adapter makes its data source the table's; the app's table keeps answering from the first controller.
        shared.table.dataSource = shared.dataSource
    }
}
