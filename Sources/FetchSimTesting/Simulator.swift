import Adapters
import TableSimulation

/// What ends a main-queue turn besides layout: a context that processes its pending changes
/// (Core Data's `NSManagedObjectContext` does), and the log of what it raised.
///
/// ```swift
/// let simulator = Simulator(viewController: notes, context: container.viewContext)!  // Core Data's context is one
/// Note(context: container.viewContext).title = "Tea"  // the app's own screen adds a note
/// simulator.endTurn()  // processPendingChanges(): the controller's callbacks, then layout and the check
/// ```
public protocol EndOfTurnProcessing: AnyObject {
    /// Turns the edits of the turn into change notifications (the controllers' callbacks).
    func processPendingChanges()
    /// What the context would have raised.
    var raisedExceptions: ExceptionLog { get }
}

/// Why the simulated user could not do what a test asked.
///
/// ```swift
/// try simulator.userDeleteRow(at: IndexPath(row: 9, section: 0))  // throws .noSuchRow([0, 9]):
///                                                                  // "there is no row 0.9"
/// ```
public enum SimulatorError: Error, Equatable, CustomStringConvertible {
    /// There is no row at the index path.
    case noSuchRow(IndexPath)
    /// The drop is outside the rows a drag from `from` may land on.
    case dropOutOfRange(from: IndexPath, to: IndexPath)
    /// The data source's `canMoveRowAt` (`canMoveItemAt`) answers false: UIKit shows no reorder control.
    case cannotMove(IndexPath)
    /// The data source's `canEditRowAt` answers false, or the delegate's editing style is not `.delete`.
    case cannotDelete(IndexPath)
    /// A collection view has no swipe to delete.
    case notATable

    public var description: String {
        switch self {
        case .noSuchRow(let path): "there is no row \(path.shortDescription)"
        case .dropOutOfRange(let from, let to):
            "cannot drop row \(from.shortDescription) at \(to.shortDescription): out of range"
        case .cannotMove(let path): "cannot drag row \(path.shortDescription): canMoveRowAt returns false for it"
        case .cannotDelete(let path):
            "cannot delete row \(path.shortDescription): the row cannot be edited with the delete style"
        case .notATable: "a collection view has no swipe to delete"
        }
    }
}

/// Plays the user and the run loop for a view controller's list, on the main actor.
///
/// The user's gestures go through UIKit's path: a drag moves the row in the view first and then
/// tells the data source (`moveRowAt`), a delete commits `.delete` to the data source. The turn
/// ends with `endTurn()`: the context processes its pending changes, as Core Data does at the end
/// of a main-queue turn (the fetched results controller's callbacks run then), the view lays
/// out, and FetchSim's check compares the view with its data source.
///
/// ```swift
/// let simulator = Simulator(viewController: notes, context: container.viewContext)!
/// try simulator.userMoveRow(from: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 0))
/// let report = simulator.endTurn()
/// #expect(report.isConsistent, "\(report)")
/// ```
@MainActor
public final class Simulator {
    enum List {
        case table(UITableView)
        case collection(UICollectionView)
    }

    let list: List
    /// The context whose pending changes end each turn; nil for a list over plain values.
    public let context: (any EndOfTurnProcessing)?
    private var userCalls: [String] = []

    /// A simulator of the user of `tableView`, whose data comes from `context`.
    public init(tableView: UITableView, context: (any EndOfTurnProcessing)?) {
        list = .table(tableView)
        self.context = context
        tableView.layoutIfNeeded()
        _ = tableView.takeCalls()
    }

    /// A simulator of the user of `collectionView`, whose data comes from `context`.
    public init(collectionView: UICollectionView, context: (any EndOfTurnProcessing)?) {
        list = .collection(collectionView)
        self.context = context
        collectionView.layoutIfNeeded()
        _ = collectionView.takeCalls()
    }

    /// A simulator of the list of `viewController` — a `UITableViewController`'s table, or the
    /// first table or collection view among its view's subviews — after loading its view (and
    /// telling it it appears); nil when it shows no list.
    public convenience init?(viewController: UIViewController, context: (any EndOfTurnProcessing)?) {
        viewController.loadViewIfNeeded()
        viewController.viewWillAppear(false)
        viewController.viewDidAppear(false)
        let view: UIView = viewController.view
        let candidates = [view] + view.subviews
        if let table = candidates.lazy.compactMap({ $0 as? UITableView }).first {
            self.init(tableView: table, context: context)
        } else if let collection = candidates.lazy.compactMap({ $0 as? UICollectionView }).first {
            self.init(collectionView: collection, context: context)
        } else {
            return nil
        }
    }

    /// The table, when the list is one.
    public var tableView: UITableView? {
        if case .table(let table) = list { return table }
        return nil
    }

    /// The collection view, when the list is one.
    public var collectionView: UICollectionView? {
        if case .collection(let view) = list { return view }
        return nil
    }

    // MARK: The user

    /// The user drags the row at `source` and drops it at `destination` (numbered after its
    /// removal, as UIKit's): the view moves the row, then the data source's `moveRowAt` runs.
    public func userMoveRow(from source: IndexPath, to destination: IndexPath) throws(SimulatorError) {
        guard let drops = dropRows(from: source, inSection: destination.section) else {
            throw rowExists(source) ? .dropOutOfRange(from: source, to: destination) : .noSuchRow(source)
        }
        guard drops.contains(destination.row) else { throw .dropOutOfRange(from: source, to: destination) }
        guard canMove(source) else { throw .cannotMove(source) }
        userCalls.append("user moves row \(source.shortDescription) to \(destination.shortDescription)")
        switch list {
        case .table(let table): try? table.userMoveRow(from: source, to: destination)
        case .collection(let view): try? view.userMoveItem(from: source, to: destination)
        }
    }

    /// The user swipes the row at `indexPath` and taps Delete: UIKit asks `canEditRowAt` and the
    /// delegate's editing style, then calls the data source's `commit editingStyle: .delete`.
    public func userDeleteRow(at indexPath: IndexPath) throws(SimulatorError) {
        guard case .table(let table) = list else { throw .notATable }
        guard rowExists(indexPath) else { throw .noSuchRow(indexPath) }
        guard let dataSource = table.dataSource, dataSource.tableView(table, canEditRowAt: indexPath),
            (table.delegate?.tableView(table, editingStyleForRowAt: indexPath) ?? .delete) == .delete
        else {
            throw .cannotDelete(indexPath)
        }
        userCalls.append("user deletes row \(indexPath.shortDescription)")
        dataSource.tableView(table, commit: .delete, forRowAt: indexPath)
    }

    /// The user edits the model through the app's own screen (a detail view, a text field):
    /// `edit` runs now; its changes reach the list when the turn ends.
    public func userEdits(_ description: String = "the model", _ edit: () throws -> Void) rethrows {
        userCalls.append("user edits \(description)")
        try edit()
    }

    /// The user edits `object` through the app's own screen: `edit(object)` runs now.
    public func userEditsObject<Object>(_ object: Object, _ edit: (Object) throws -> Void) rethrows {
        userCalls.append("user edits \(object)")
        try edit(object)
    }

    /// The user taps the row at `indexPath`: the delegate's `didSelectRowAt` runs.
    public func userSelectRow(at indexPath: IndexPath) throws(SimulatorError) {
        guard rowExists(indexPath) else { throw .noSuchRow(indexPath) }
        userCalls.append("user selects row \(indexPath.shortDescription)")
        switch list {
        case .table(let table):
            table.selectRow(at: indexPath, animated: false, scrollPosition: .none)
            table.delegate?.tableView(table, didSelectRowAt: indexPath)
        case .collection(let view):
            view.delegate?.collectionView(view, didSelectItemAt: indexPath)
        }
    }

    // MARK: The run loop

    /// Ends the run-loop turn: the context processes its pending changes, the view lays out, and
    /// the check compares it with its data source. The report carries what happened in the turn.
    public func endTurn() -> TurnReport {
        context?.processPendingChanges()
        let problems: [ConsistencyProblem]
        var exceptions: [NSException]
        var calls = userCalls
        userCalls = []
        switch list {
        case .table(let table):
            table.layoutForEndOfTurn()
            problems = table.consistencyProblems()
            exceptions = table.raisedExceptions.take()
            calls += table.takeCalls()
        case .collection(let view):
            view.layoutForEndOfTurn()
            problems = view.consistencyProblems()
            exceptions = view.raisedExceptions.take()
            calls += view.takeCalls()
        }
        exceptions += context?.raisedExceptions.take() ?? []
        return TurnReport(problems: problems, exceptions: exceptions, calls: calls)
    }

    // MARK: What the view has

    /// The number of sections the view shows.
    public var numberOfSections: Int {
        switch list {
        case .table(let table): table.numberOfSections
        case .collection(let view): view.numberOfSections
        }
    }

    /// The number of rows the view shows in `section`.
    public func numberOfRows(inSection section: Int) -> Int {
        switch list {
        case .table(let table): table.numberOfRows(inSection: section)
        case .collection(let view): view.numberOfItems(inSection: section)
        }
    }

    func dropRows(from source: IndexPath, inSection section: Int) -> ClosedRange<Int>? {
        switch list {
        case .table(let table): table.dropRows(from: source, inSection: section)
        case .collection(let view): view.dropRows(from: source, inSection: section)
        }
    }

    func rowExists(_ path: IndexPath) -> Bool {
        path.section >= 0 && path.section < numberOfSections && path.row >= 0
            && path.row < numberOfRows(inSection: path.section)
    }

    func canMove(_ path: IndexPath) -> Bool {
        switch list {
        case .table(let table): table.dataSource?.tableView(table, canMoveRowAt: path) ?? false
        case .collection(let view): view.dataSource?.collectionView(view, canMoveItemAt: path) ?? false
        }
    }
}

/// Core Data's main-queue context ends a turn by processing its pending changes.
extension NSManagedObjectContext: EndOfTurnProcessing {}
