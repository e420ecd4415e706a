import Adapters
import FetchSimCoreData
import FetchSimTesting
import FetchSimUIKit
import Foundation
import Interpreter
import ObjectGraph
import TableSimulation

/// An app's view controller as the interpreter's list (`adapter notes`): made by the app's
/// factory over an `NSManagedObjectContext` that wraps the session's own engine context, and
/// played by FetchSimTesting's simulator — the user's drag through UIKit's path, each turn ended
/// as `Simulator.endTurn()` ends it.
@MainActor
final class ViewControllerList: @preconcurrency UserList {
    let viewController: UIViewController
    let context: NSManagedObjectContext
    let simulator: Simulator

    /// Makes the view controller, loads its view and puts it on screen; throws when it shows no
    /// table or collection view.
    init(name: String, factory: FetchSimCLI.ViewControllerFactory, engine: ObjectContext) throws {
        context = NSManagedObjectContext(wrapping: engine)
        viewController = factory(context)
        guard let simulator = Simulator(viewController: viewController, context: context) else {
            throw InterpreterError(
                "\(type(of: viewController)) shows no UITableView or UICollectionView: "
                    + "the adapter needs a UITableViewController, or a table or collection view among its view's subviews"
            )
        }
        self.simulator = simulator
    }

    var typeName: String { String(describing: type(of: viewController)) }

    var table: SimulatedTableView {
        simulator.tableView?.simulatedTable ?? simulator.collectionView?.simulatedTable
            ?? SimulatedTableView(viewport: Viewport(height: 0))
    }

    func shownColumns(at indexPath: IndexPath) -> [String]? {
        simulator.tableView?.shownColumns(at: indexPath) ?? simulator.collectionView?.shownColumns(at: indexPath)
    }

    func userMoveRow(from: IndexPath, to: IndexPath) throws {
        do {
            try simulator.userMoveRow(from: from, to: to)
        } catch {
            throw InterpreterError(error.description)
        }
    }

    func endTurn() -> UserTurn {
        let report = simulator.endTurn()
        return UserTurn(
            problems: report.problems, exceptions: report.exceptions.map(\.description), calls: report.calls)
    }

    func check() -> [ConsistencyProblem] {
        simulator.tableView?.consistencyProblems() ?? simulator.collectionView?.consistencyProblems() ?? []
    }
}
