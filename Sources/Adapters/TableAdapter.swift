import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// A fetched results controller delegate that drives a table, as apps write them.
///
/// This base class receives the callbacks, logs each with the action taken, catches UIKit's
/// errors the way Core Data does (rule 17), and clears the user-driven flag in `didChangeContent`
/// of the event — not before (rule 18). Subclasses decide what each callback does; `make` picks
/// one by `AdapterKind`, and the class is public so that a caller can read what the adapter did
/// (`lastEvent`) and change its policies (`options`). The controller holds its delegate weakly, as
/// Apple's does: keep the adapter for as long as it drives the table.
///
/// ```swift
/// let adapter = TableAdapter.make(.coordinator, table: table, dataSource: dataSource)  // the controller's delegate
/// try table.userMoveRow(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 1, section: 0))
/// try context.processPendingChanges()  // the write-back: Coffee's move, Eggs and Bread updated
/// adapter.lastEvent.entries.filter { $0.action == .skipped }.count  // 1: the table already shows the move
/// ```
public class TableAdapter: FetchedResultsControllerDelegate, UserDrivenChangeTracking {
    /// Which adapter this is.
    public let kind: AdapterKind
    /// The table it drives.
    public let table: SimulatedTableView
    /// The controller whose delegate it is (while not paused).
    public let controller: FetchedResultsController
    /// The table's data source; the adapter holds its user-driven flag.
    public let dataSource: ListDataSource
    /// Apple's `changeIsUserDriven`, with the drag it stands for: set by the data source before
    /// it writes a drag, cleared in `didChangeContent`.
    public var userDrag: UserDrag?
    /// Whether the event under way is the user's drag (`userDrag` is set).
    public var isUserDrivenChange: Bool { userDrag != nil }
    /// The last change event, as handled.
    public internal(set) var lastEvent = AdapterEvent()
    /// Where this event's stopwatch marks go (`timing on`); nil when nobody times.
    package var timing: EventTiming?
    /// Its policies; setting them takes effect at the next event (pausing detaches the delegate).
    public var options: AdapterOptions {
        didSet { optionsChanged(from: oldValue) }
    }

    init(kind: AdapterKind, table: SimulatedTableView, dataSource: ListDataSource, options: AdapterOptions) {
        self.kind = kind
        self.table = table
        self.dataSource = dataSource
        controller = dataSource.controller
        self.options = options
        dataSource.flagHolder = self
        // The app's own data source answers the table (a diffable adapter puts its own in place).
        if table.dataSource !== dataSource { table.dataSource = dataSource }
        if !options.isPaused { controller.delegate = self }
    }

    /// Creates the adapter of `kind`, attached to the controller, the table and the data source.
    public static func make(
        _ kind: AdapterKind, table: SimulatedTableView, dataSource: ListDataSource,
        options: AdapterOptions? = nil
    ) -> TableAdapter {
        let options = options ?? AdapterOptions(for: kind)
        switch kind {
        case .appleTemplate:
            return AppleTemplateAdapter(kind: kind, table: table, dataSource: dataSource, options: options)
        case .coordinator: return CoordinatorAdapter(kind: kind, table: table, dataSource: dataSource, options: options)
        case .xcodeTemplate:
            return XcodeTemplateAdapter(kind: kind, table: table, dataSource: dataSource, options: options)
        case .reloadAll: return ReloadAllAdapter(kind: kind, table: table, dataSource: dataSource, options: options)
        case .diffable where options.delivery == .difference:
            return DiffableDifferenceAdapter(kind: kind, table: table, dataSource: dataSource, options: options)
        case .diffable: return DiffableAdapter(kind: kind, table: table, dataSource: dataSource, options: options)
        }
    }

    /// Forgets the last event, so that a caller can tell whether the next one reached the adapter.
    public func resetLastEvent() {
        lastEvent = AdapterEvent()
    }

    /// Whether this event's callbacks come from the user's own drag and the policy bypasses them.
    var bypassesUserDrivenChange: Bool { isUserDrivenChange && options.userDriven != .off }

    // MARK: Delegate entry points

    /// Starts a fresh `lastEvent` and lets the subclass begin its batch.
    public func controllerWillChangeContent(_ controller: FetchedResultsController) {
        timing?.markFirstCallback()
        lastEvent = AdapterEvent()
        // An event logs willChange, its changes and didChange: room for a few without regrowing
        // the list from one entry at every append.
        lastEvent.entries.reserveCapacity(8)
        log(.willChangeContent, willChange())
    }

    /// Lets the subclass handle the section change and logs it with what it did.
    public func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: ChangeType
    ) {
        let change = SectionChange(type: type, index: sectionIndex, name: section.name)
        let action = sectionChanged(change)
        log(.section(change), action)
    }

    /// Lets the subclass handle the object change and logs it with what it did.
    public func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: ChangeType, newIndexPath: IndexPath?
    ) {
        let change = ObjectChange(type: type, object: object, indexPath: indexPath, newIndexPath: newIndexPath)
        // The subclass first, then the log (as before: the log is written after the hook
        // returns), so that the change moves into the log at its last use instead of a copy.
        let action = objectChanged(change)
        log(.object(change), action)
    }

    /// Logs the end of the event, lets the subclass end its batch, then clears the user-driven flag.
    public func controllerDidChangeContent(_ controller: FetchedResultsController) {
        log(.didChangeContent, .applied)
        didChange()
        userDrag = nil
    }

    // MARK: Hooks for subclasses

    func willChange() -> CallbackAction { .applied }
    func sectionChanged(_ change: SectionChange) -> CallbackAction { .applied }
    func objectChanged(_ change: ObjectChange) -> CallbackAction { .applied }
    func didChange() {}
    func optionsChanged(from old: AdapterOptions) {}

    // MARK: Helpers

    /// Takes `callback` (`consuming`): it moves into the log, where borrowing it would make a copy
    /// (a retain of the changed object, its index paths copied) per callback.
    func log(_ callback: consuming Callback, _ action: CallbackAction) {
        lastEvent.entries.append((callback, action))
    }

    /// Runs table calls; records the batch the table saw and catches UIKit's error as Core Data
    /// does, naming the delegate method it escaped from.
    func perform(during method: String, _ body: () throws(TableViewError) -> Void) {
        do {
            if let timing { try timing.timeTable(body) } else { try body() }
            if !table.isPerformingUpdates { recordLastBatch() }
        } catch {
            if !table.isPerformingUpdates { recordLastBatch() }
            logException(error, during: method)
        }
    }

    /// Appends the table's last batch to the event's operations; the event's first batch is
    /// shared, not copied operation by operation.
    private func recordLastBatch() {
        if lastEvent.tableOperations.isEmpty {
            lastEvent.tableOperations = table.lastBatch
        } else {
            lastEvent.tableOperations += table.lastBatch
        }
    }

    /// Records UIKit's `error` as escaping the delegate method `method`, caught and logged by Core
    /// Data, worded as the profile's UIKit era words it.
    func logException(_ error: TableViewError, during method: String) {
        lastEvent.tableError = error
        logDelegateException(during: method, reason: error.message(in: UIKitEra(profile: controller.profile)))
    }

    /// Records an exception escaping the delegate callback `method` as Core Data logs it: two
    /// spaces after each sentence, the reason, then the exception's userInfo (XLData #14,
    /// openradar 27957917; semantics.md rule 17).
    func logDelegateException(during method: String, reason: String) {
        lastEvent.exceptionReason = reason
        lastEvent.loggedError =
            "CoreData: error: Serious application error.  An exception was caught from the delegate of "
            + "NSFetchedResultsController during a call to -\(method).  \(reason) with userInfo (null)"
    }

    /// `reloadData()`, timed as the table's share when `timing` is on.
    func reloadTable() {
        if let timing { timing.timeTable { table.reloadData() } } else { table.reloadData() }
    }

    /// Reconfigures the visible cell of `object` at its current index path (correct after a batch).
    func reconfigureAtCurrentPath(_ object: ManagedObject) {
        guard let path = controller.indexPath(forObject: object),
            table.configureVisibleCell(at: path, making: { dataSource.cell(for: object) })
        else { return }
        lastEvent.tableOperations.append(.configureCell(path, identifier: object.objectID.rawValue))
    }

    /// Reconfigures the visible cell at the old index path `path` with `object` itself, inside the
    /// batch: the table keeps its old layout until `endUpdates`, so that is the object's cell
    /// (FetchedResultsCoordinator's `cellConfigurator`). Returns the operation for the caller to
    /// record, if a cell was visible.
    func reconfigureInBatch(_ path: IndexPath, with object: ManagedObject) -> TableOperation? {
        guard table.configureVisibleCell(at: path, making: { dataSource.cell(for: object) }) else { return nil }
        return .configureCell(path, identifier: object.objectID.rawValue)
    }

    /// Reconfigures the visible cell at `path` with whatever the controller has at `path` now —
    /// the old-path pattern of Apple's template (rule 4). When `path` is past the end of its
    /// section now, Apple's `object(at:)` raises (`NSInternalInconsistencyException`, "no object
    /// at index R in section at index S"); the controller catches it around `method` and logs it.
    func reconfigureAtOldPath(_ path: IndexPath, during method: String) {
        guard let object = controller.object(at: path) else {
            logDelegateException(during: method, reason: controller.objectAtIndexPathFailure(path))
            return
        }
        guard table.configureVisibleCell(at: path, making: { dataSource.cell(for: object) }) else { return }
        lastEvent.tableOperations.append(.configureCell(path, identifier: object.objectID.rawValue))
    }
}
