import Adapters
import CommandLanguage
import FetchSimCore
import FetchSimStorage
import ObjectGraph
import Sheet
import TableSimulation

// An app's own view controller in the adapter's place (`adapter notes`, registered by the app's
// executable through `FetchSimCLI.main(adapters:)`). The interpreter's edits go through the
// session's context, which the app's `NSManagedObjectContext` wraps; `move` is the user's drag
// through UIKit's path; each turn ends as FetchSimTesting's `Simulator.endTurn()` ends it; `show`,
// `check` and `log` read the app's table.
extension Interpreter {
    /// `adapter NAME` for a registered view controller: made now, over the current schema.
    func selectUserAdapter(_ name: String) throws -> LineOutcome {
        try makeUserList(named: name)
        return showUserAdapter().appending(sheet(window: .aroundChanges(maxRows: 24), marks: false))
    }

    /// Makes the view controller registered as `name` over the session's main context.
    func makeUserList(named name: String) throws {
        guard let factory = UserAdapters.factory(named: name) else {
            throw located(
                "adapter '\(name)' is not registered in this executable", at: .argument,
                token: name, suggestions: AdapterKind.allCases.map(\.rawValue) + RegisteredAdapters.names)
        }
        let list: any UserList
        do {
            list = try factory(workspace.context)
        } catch {
            throw InterpreterError("adapter \(name): \(error)")
        }
        workspace.userList = list
        workspace.userAdapterName = name
        workspace.lastUserTurn = nil
    }

    /// Leaves the app's view controller for one of FetchSim's adapters.
    func deselectUserAdapter() {
        workspace.userList = nil
        workspace.userAdapterName = nil
        workspace.lastUserTurn = nil
    }

    /// After `entity` changed the schema: the app's view controller starts again on the new model
    /// (as an app does when it is launched with a new model); nothing when none is selected.
    func remakeUserListAfterSchemaChange() -> [String] {
        guard let name = workspace.userAdapterName else { return [] }
        do {
            try makeUserList(named: name)
            return ["adapter \(name): the view controller is made anew on the new model"]
        } catch {
            deselectUserAdapter()
            return ["adapter \(name) could not be made on the new model: \(error)"]
        }
    }

    /// `show adapter` with an app's view controller.
    func showUserAdapter() -> LineOutcome {
        let name = workspace.userAdapterName ?? ""
        let type = workspace.userList?.typeName ?? ""
        let by = RegisteredAdapters.executable.map { ", registered by \($0)" } ?? ""
        return text(
            ["adapter \(name) · \(type) (the app's view controller\(by))"],
            json: [("adapter", .string(name)), ("viewController", .string(type))])
    }

    /// Ends the app's turn (pending changes, layout, check, exceptions) and keeps it for `log`.
    func endUserTurn(_ list: any UserList) -> UserTurn {
        let turn = list.endTurn()
        workspace.lastUserTurn = turn
        return turn
    }

    /// `move FROM TO` with an app's view controller: the user's drag through UIKit's path — the
    /// table moves the row, then the app's `moveRowAt` writes what it writes.
    func userMove(_ list: any UserList, from: IndexPath, to: IndexPath, flagged: Bool, describing text: inout UTF8Text)
        throws
    {
        guard !isInTransaction else {
            throw InterpreterError("'move' is the user's own gesture and cannot be inside 'begin … commit'")
        }
        guard flagged else {
            throw InterpreterError(
                "'move --unflagged' switches FetchSim's own data source's flag; the app's view controller keeps its own"
            )
        }
        do {
            try list.userMoveRow(from: from, to: to)
        } catch let error as InterpreterError {
            throw located(error.description, at: .from)
        }
        text.append("move ")
        text.append(from)
        text.append("→")
        text.append(to)
    }

    /// The app's table as a sheet: its sections, rows and configured cells as the table holds
    /// them (stale ones included). The id column is the table's row serial — a new one for each
    /// inserted or reloaded row — since UIKit knows rows only by index path.
    func userListSheetModel(_ list: any UserList, window: SheetWindow?) -> SheetModel {
        let table = list.table
        let counts = (0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) }
        let cells = Dictionary(
            table.indexPathsForVisibleRows.compactMap { path in list.shownColumns(at: path).map { (path, $0) } },
            uniquingKeysWith: { first, _ in first })
        let columnCount = max(1, cells.values.map(\.count).max() ?? 1)
        let hasNames = (0..<table.numberOfSections).contains { table.headerTitle(forSection: $0) != nil }
        let shown = window?.shownRanges(rowCounts: counts, markedPositions: counts.map { _ in [] })
        var offset = 0
        let sections = (0..<table.numberOfSections).map { section in
            defer { offset += counts[section] }
            func row(_ row: Int) -> SheetRow {
                let path = IndexPath(row: row, section: section)
                return SheetRow(path: path, id: table.rowIdentifier(at: path) ?? 0, cells: cells[path])
            }
            let rows: SheetRows
            if let shown {
                var given: [Int: SheetRow] = [:]
                for range in shown {
                    for flat in range.clamped(to: offset..<(offset + counts[section])) {
                        given[flat - offset] = row(flat - offset)
                    }
                }
                rows = SheetRows(count: counts[section], markedPositions: [], rows: given)
            } else {
                rows = SheetRows((0..<counts[section]).map(row))
            }
            return SheetSection(name: hasNames ? (table.headerTitle(forSection: section) ?? "") : nil, rows: rows)
        }
        return SheetModel(columns: Array(["text", "detail"].prefix(columnCount)), sections: sections)
    }

    /// `log` with an app's view controller: the last turn's gesture and the app's table calls.
    func userListLogLines() -> [String] {
        guard let turn = workspace.lastUserTurn else {
            return [
                workspace.eventCount == 0 ? "no change event yet" : "no change event since the view controller was made"
            ]
        }
        var lines = ["event \(workspace.eventCount) (the app's view controller):"]
        lines += turn.calls.isEmpty ? ["  (the app called no method of its table)"] : turn.calls.map { "  " + $0 }
        lines += turn.exceptions.map { "  " + $0 }
        return lines
    }
}
