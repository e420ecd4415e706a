import Adapters
import CommandLanguage
import ObjectGraph
import TableSimulation

/// An app's own view controller in the interpreter's place of an adapter (`adapter notes`): the
/// app's fetched results controller, delegate, data source and table, over the session's context.
///
/// FetchSimCLI implements it with FetchSimTesting's simulator; the interpreter knows only this,
/// so that the engine's layers stay free of Apple's names.
package protocol UserList: AnyObject, Sendable {
    /// The class of the app's view controller (`NotesViewController`), for `show adapter`.
    var typeName: String { get }
    /// The simulated table behind the app's table or collection view: what `show` prints.
    var table: SimulatedTableView { get }
    /// What the app's cell of the row at `indexPath` shows now — the app may change a cell after
    /// configuring it — or nil for a row without a cell.
    func shownColumns(at indexPath: IndexPath) -> [String]?
    /// The user drags the row at `from` to `to`: the view moves it, then the app's `moveRowAt`
    /// runs (FetchSimTesting's `Simulator.userMoveRow`). Throws `InterpreterError` when the
    /// gesture is impossible (no such row, a drop out of range, `canMoveRowAt` false).
    func userMoveRow(from: IndexPath, to: IndexPath) throws
    /// Ends the run-loop turn as `Simulator.endTurn()` does: pending changes, layout, the check,
    /// and what the app's code raised.
    func endTurn() -> UserTurn
    /// The check of the app's table against its data source now, without ending the turn.
    func check() -> [ConsistencyProblem]
}

/// What one turn of an app's view controller ended with.
package struct UserTurn: Sendable {
    package var problems: [ConsistencyProblem]
    /// Each exception as `NAME: reason`.
    package var exceptions: [String]
    /// The user's gesture and the app's calls of its table's methods, in order.
    package var calls: [String]

    package init(problems: [ConsistencyProblem], exceptions: [String], calls: [String]) {
        self.problems = problems
        self.exceptions = exceptions
        self.calls = calls
    }
}

/// The view controllers an app's executable registered by name (`FetchSimCLI.main(adapters:)`),
/// bound for the current task or thread around a command line's run or a test's body: every
/// interpreter made inside — the REPL's, the replayer's, the fuzzer's — reads it, and sessions
/// elsewhere in the process see none.
package enum UserAdapters {
    /// Makes the app's view controller over the session's context, loaded and on screen.
    package typealias Factory = @Sendable (ObjectContext) throws -> any UserList

    @TaskLocal static var factories: [String: Factory] = [:]

    /// Runs `operation` with `factories` registered by the executable named `executable`; the
    /// command language learns the names (`RegisteredAdapters`).
    package static func with<T>(_ factories: [String: Factory], executable: String, _ operation: () throws -> T)
        rethrows -> T
    {
        try RegisteredAdapters.$registry.withValue(
            AdapterRegistry(names: factories.keys.sorted(), executable: executable)
        ) {
            try $factories.withValue(factories) { try operation() }
        }
    }

    static func factory(named name: String) -> Factory? {
        factories[name]
    }
}
