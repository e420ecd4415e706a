import Adapters
import FetchSimCore
import ObjectGraph
import Sheet

/// One table row as the screen draws it.
struct ScreenRow {
    var shown: IndexPath
    var id: Int
    /// The configured cell's text per column; `nil`: no cell (outside the viewport).
    var cells: [String]?
    /// Per column, whether the cell shows something else than the object's current value.
    var stale: [Bool]
    var mark: ChangeMark?
    var isCarried: Bool
}

extension SheetEditor {
    /// The screen as it should look now. Reads only the rows on screen: O(sections + visible
    /// rows × log n), whatever the number of rows.
    package func screen() -> ScreenModel {
        let layout = layout()
        let marks = changeMarks()
        var items: [(line: Int, item: TableLayout.Item)] = []
        for line in top..<(top + bodyHeight) {
            guard let item = layout.item(atLine: line) else { break }
            items.append((line, item))
        }
        let screenRows = items.compactMap { entry -> ScreenRow? in
            guard case .row(let shown, let path) = entry.item else { return nil }
            return screenRow(shown: shown, table: path, layout: layout, marks: marks)
        }
        let widths = columnWidths(screenRows)
        columnStarts = widths.starts
        var lines = [headerLine(widths)]
        var cursorPoint: ScreenPoint?
        var rowIterator = screenRows.makeIterator()
        for (_, item) in items {
            switch item {
            case .header(let section):
                lines.append(sectionLine(section, layout: layout))
            case .row:
                guard let row = rowIterator.next() else { continue }
                if case .editing(let edit) = mode, row.shown == cursor, let start = widths.starts[safe: column] {
                    cursorPoint = ScreenPoint(line: lines.count, column: start + edit.field.cursorColumn)
                }
                lines.append(rowLine(row, widths: widths))
            }
        }
        while lines.count < 1 + bodyHeight { lines.append(ScreenLine()) }
        let pane = paneLines()
        // On a terminal too small for everything, the bottom lines (the message, the status bar
        // with its verdict) stay and the table gives way from its end; below three lines only
        // the last of the bottom lines are drawn.
        lines = Array(lines.prefix(max(0, upperLines - pane.count))) + pane
        let (message, messageCursor) = messageLine()
        if let messageCursor { cursorPoint = ScreenPoint(line: lines.count, column: messageCursor) }
        let bottom = [message] + statusLines()
        let bottomShown = min(bottom.count, rows)
        let firstBottom = bottom.count - bottomShown
        if firstBottom > 0, messageCursor != nil { cursorPoint = nil }
        lines += bottom[firstBottom...]
        if let point = cursorPoint, point.line >= rows || point.column >= columns { cursorPoint = nil }
        return ScreenModel(
            rows: rows, columns: columns, lines: lines.map { $0.fitted(to: columns) }, cursor: cursorPoint)
    }

    /// The marks of the last event by the table's index path after it.
    func changeMarks() -> [IndexPath: ChangeMark] {
        var marks: [IndexPath: ChangeMark] = [:]
        guard let report = interpreter.lastReport else { return marks }
        for case (.object(let change), _) in report.event.entries {
            switch change.type {
            case .insert: if let new = change.newIndexPath { marks[new] = .inserted }
            case .move: if let old = change.indexPath, let new = change.newIndexPath { marks[new] = .moved(from: old) }
            case .update:
                if let path = change.newIndexPath ?? change.indexPath, marks[path] == nil { marks[path] = .updated }
            case .delete: break
            }
        }
        return marks
    }

    func screenRow(shown: IndexPath, table path: IndexPath, layout: TableLayout, marks: [IndexPath: ChangeMark])
        -> ScreenRow?
    {
        guard let table = workspace.shownTable else { return nil }
        let id = table.rowIdentifier(at: path) ?? 0
        if let list = workspace.userList {
            // The app's cells as they show now; the app's check, not this one, says what is stale.
            let cells = table.cellForRow(at: path) == nil ? nil : list.shownColumns(at: path)
            let isCarried = layout.carry.map { $0.destination == shown } ?? false
            return ScreenRow(
                shown: shown, id: id, cells: cells, stale: [false, false], mark: marks[path], isCarried: isCarried)
        }
        let cell = table.cellForRow(at: path)
        var stale = Array(repeating: false, count: attributes.count)
        if let cell, let object = workspace.context.object(with: ObjectID(id)), let dataSource = workspace.dataSource {
            let fresh = dataSource.cell(for: object).columns
            stale = stale.indices.map { cell.identifier != id || cell.columns[safe: $0] != fresh[safe: $0] }
        }
        let isCarried = layout.carry.map { $0.destination == shown } ?? false
        return ScreenRow(
            shown: shown, id: id, cells: cell?.columns, stale: stale, mark: marks[path], isCarried: isCarried)
    }

    /// The path column's text: `0.2`, or `0.1←0.3` for a row the last event moved.
    func pathText(_ row: ScreenRow) -> String {
        let path = "\(row.shown.section).\(row.shown.row)"
        if case .moved(let from)? = row.mark { return path + "←\(from.section).\(from.row)" }
        return path
    }

    func cellText(_ row: ScreenRow, column index: Int) -> String {
        if case .editing(let edit) = mode, row.shown == cursor, index == column { return edit.field.string }
        guard let cells = row.cells else { return "·" }
        return cells[safe: index] ?? ""
    }
}
