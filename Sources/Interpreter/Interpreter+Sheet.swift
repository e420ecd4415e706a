import Adapters
import CommandLanguage
import FetchSimCore
import FetchedResults
import ObjectGraph
import Sheet
import TableSimulation

extension Interpreter {
    /// The table as a sheet block — the table's own rows and cells as configured, stale ones
    /// included, with the last event's changes marked when `marks` is set.
    func sheet(window: SheetWindow, marks: Bool) -> [OutputBlock] {
        guard rendersText else { return [] }
        guard let model = sheetModel(marks: marks, window: window) else {
            return [.line("nothing fetched yet: try 'fetch'", .dim)]
        }
        return [.sheet(model, window)]
    }

    /// Builds the sheet's model from the simulated table (never from the controller's objects).
    /// With a `window` that shows only some rows of a long table, only those rows are read:
    /// O(s + changes + shown rows · log n) instead of O(n).
    func sheetModel(marks: Bool, window: SheetWindow? = nil) -> SheetModel? {
        if let list = workspace.userList { return userListSheetModel(list, window: window) }
        guard let table = workspace.table, let controller = workspace.controller else { return nil }
        let entity = context.schema.entity(named: controller.fetchRequest.entityName)
        var rowMarks: [IndexPath: ChangeMark] = [:]
        var deleted: [DeletedRow] = []
        var deletedSections: [String] = []
        if marks, let report = lastReport {
            for (callback, _) in report.event.entries {
                switch callback {
                case .object(let change):
                    switch change.type {
                    case .insert:
                        if let new = change.newIndexPath { rowMarks[new] = .inserted }
                    case .move:
                        if let old = change.indexPath, let new = change.newIndexPath {
                            rowMarks[new] = .moved(from: old)
                        }
                    case .update:
                        if let path = change.newIndexPath ?? change.indexPath, rowMarks[path] == nil {
                            rowMarks[path] = .updated
                        }
                    case .delete:
                        if let old = change.indexPath {
                            deleted.append(
                                DeletedRow(
                                    oldPath: old, id: change.object.objectID.rawValue,
                                    cells: change.object.values.map(\.description)))
                        }
                    }
                case .section(let change) where change.type == .delete:
                    deletedSections.append(change.name)
                default:
                    break
                }
            }
        }
        let hasNames = controller.fetchRequest.sectionNameKeyPath != nil
        // Only rows in the viewport have cells (the table drops the others' on every change), so
        // only they are looked up: one search per visible row, not per row.
        let cells = Dictionary(
            table.indexPathsForVisibleRows.compactMap { path in table.cellForRow(at: path).map { (path, $0.columns) } },
            uniquingKeysWith: { first, _ in first })
        let counts = (0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) }
        var marked = Array(repeating: [Int](), count: counts.count)
        for path in rowMarks.keys
        where marked.indices.contains(path.section) && path.row >= 0 && path.row < counts[path.section] {
            marked[path.section].append(path.row)
        }
        for section in marked.indices { marked[section].sort() }
        let shown = window?.shownRanges(rowCounts: counts, markedPositions: marked)
        var offset = 0
        let sections = (0..<table.numberOfSections).map { section in
            defer { offset += counts[section] }
            let title = table.headerTitle(forSection: section)
            func row(_ row: Int, id: Int) -> SheetRow {
                let path = IndexPath(row: row, section: section)
                return SheetRow(path: path, id: id, cells: cells[path], mark: rowMarks[path])
            }
            let rows: SheetRows
            if let shown {
                // Only the rows the window shows, found by position in the table's row list.
                var given: [Int: SheetRow] = [:]
                let own = offset..<(offset + counts[section])
                for range in shown {
                    for flat in range.clamped(to: own) {
                        let position = flat - offset
                        given[position] = row(
                            position, id: table.rowIdentifier(at: IndexPath(row: position, section: section)) ?? 0)
                    }
                }
                rows = SheetRows(count: counts[section], markedPositions: marked[section], rows: given)
            } else {
                rows = SheetRows(
                    table.rowIdentifiers(inSection: section).enumerated().map { row($0.offset, id: $0.element) })
            }
            return SheetSection(
                name: hasNames ? (title ?? "") : nil,
                indexTitle: hasNames && table.sectionIndexTitles != nil
                    ? title.flatMap { controller.sectionIndexTitle(forSectionName: $0) } : nil,
                rows: rows)
        }
        return SheetModel(
            columns: entity?.attributes.map(\.name) ?? [], sections: sections,
            deleted: deleted.sorted { $0.oldPath < $1.oldPath }, deletedSections: deletedSections)
    }
}
