import FetchSimCore
import Sheet

/// Draws a sheet (`SheetModel` in a `SheetWindow`) as an HTML table: the terminal sheet's rows,
/// rules, elisions and deleted rows, with the same marks (`+` inserted, `>` moved, `~` updated,
/// `-` deleted) and, beside them, words — so that no mark is told by colour alone.
///
/// The rows shown are the window's, chosen by the sheet's own `SheetWindow.shownRanges`: a long
/// table shows the rows around its changes and a `⋮ N rows` line for the rest.
struct SheetTable {
    /// Rows to single out, by index path (`S.R`): the check's offending rows, with its words.
    var problems: [String: [String]] = [:]
    /// Sections the check names (`section 1 has 3 rows…`), by index.
    var problemSections: Set<Int> = []
    /// The row a drag dropped (`move FROM TO`): its destination.
    var dragged: IndexPath?

    /// One thing the table shows, top to bottom.
    enum Item: Equatable {
        case sectionRule(Int)
        case row(section: Int, row: Int)
        case hiddenRows(count: Int, changed: Int)
        case hiddenSections(count: Int, rows: Int, changed: Int)
        case noRows
        case missingSection(Int)
    }

    /// The items `window` shows of `model`, as the terminal sheet lays them out.
    static func items(_ model: SheetModel, window: SheetWindow) -> [Item] {
        if case .section(let index) = window {
            guard model.sections.indices.contains(index) else { return [.missingSection(index)] }
            let rows = model.sections[index].rows.indices.map { Item.row(section: index, row: $0) }
            return [.sectionRule(index)] + (rows.isEmpty ? [.noRows] : rows)
        }
        guard !model.sections.isEmpty else { return [.noRows] }
        let visible = window.shownRanges(
            rowCounts: model.sections.map(\.rows.count),
            markedPositions: model.sections.map(\.rows.markedPositions))
        var items: [Item] = []
        var hidden = (count: 0, rows: 0, changed: 0)
        var offset = 0
        for (index, section) in model.sections.enumerated() {
            let rows = offset..<(offset + section.rows.count)
            defer { offset = rows.upperBound }
            let shown = (visible ?? [rows]).map { $0.clamped(to: rows) }.filter { !$0.isEmpty }
            func changed(_ flat: Range<Int>) -> Int {
                section.rows.markedCount(in: (flat.lowerBound - rows.lowerBound)..<(flat.upperBound - rows.lowerBound))
            }
            if shown.isEmpty, !rows.isEmpty {
                hidden = (hidden.count + 1, hidden.rows + rows.count, hidden.changed + changed(rows))
                continue
            }
            if hidden.count > 0 {
                items.append(.hiddenSections(count: hidden.count, rows: hidden.rows, changed: hidden.changed))
            }
            hidden = (0, 0, 0)
            items.append(.sectionRule(index))
            if rows.isEmpty { items.append(.noRows) }
            var cursor = rows.lowerBound
            for range in shown + [rows.upperBound..<rows.upperBound] {
                if range.lowerBound > cursor {
                    let gap = cursor..<range.lowerBound
                    items.append(.hiddenRows(count: gap.count, changed: changed(gap)))
                }
                items += range.map { .row(section: index, row: $0 - rows.lowerBound) }
                cursor = max(cursor, range.upperBound)
            }
        }
        if hidden.count > 0 {
            items.append(.hiddenSections(count: hidden.count, rows: hidden.rows, changed: hidden.changed))
        }
        return items
    }

    /// Writes the table to `page`.
    func write(_ model: SheetModel, window: SheetWindow, to page: PageStream) {
        let span = model.columns.count + 4
        page.write(
            "<table class=\"sheet\"><thead><tr><th class=\"mark\"><span class=\"sr\">mark</span></th>"
                + "<th>path</th><th>id</th>")
        for column in model.columns { page.write("<th>\(HTMLText.escaped(column))</th>") }
        page.write("<th class=\"note\">note</th></tr></thead><tbody>")
        for item in Self.items(model, window: window) {
            switch item {
            case .sectionRule(let index):
                let section = model.sections[index]
                let flagged = problemSections.contains(index)
                page.write("<tr class=\"rule\(flagged ? " problem" : "")\"><th colspan=\"\(span)\">")
                page.text(Self.label(of: section) + (flagged ? "  ✗ the check names this section" : ""))
                page.write("</th></tr>")
            case .row(let section, let row):
                writeRow(model.sections[section].rows[row], columns: model.columns.count, to: page)
            case .hiddenRows(let count, let changed):
                page.write("<tr class=\"elided\"><td colspan=\"\(span)\">")
                page.text("⋮ " + Self.counted(count, "row") + (changed > 0 ? ", \(changed) changed" : ""))
                page.write("</td></tr>")
            case .hiddenSections(let count, let rows, let changed):
                page.write("<tr class=\"elided\"><td colspan=\"\(span)\">")
                page.text(
                    "⋮ " + Self.counted(count, "section") + ", " + Self.counted(rows, "row")
                        + (changed > 0 ? ", \(changed) changed" : ""))
                page.write("</td></tr>")
            case .noRows:
                page.write("<tr class=\"elided\"><td colspan=\"\(span)\">(no rows)</td></tr>")
            case .missingSection(let index):
                page.write("<tr class=\"elided\"><td colspan=\"\(span)\">")
                page.text("no section \(index): the table has " + Self.counted(model.sections.count, "section"))
                page.write("</td></tr>")
            }
        }
        page.write("</tbody>")
        if !model.deleted.isEmpty || !model.deletedSections.isEmpty {
            var counts: [String] = []
            if !model.deleted.isEmpty { counts.append(Self.counted(model.deleted.count, "row")) }
            if !model.deletedSections.isEmpty { counts.append(Self.counted(model.deletedSections.count, "section")) }
            page.write("<tbody class=\"deleted\"><tr class=\"rule\"><th colspan=\"\(span)\">")
            page.text("deleted · " + counts.joined(separator: ", "))
            page.write("</th></tr>")
            for row in model.deleted {
                page.write(
                    "<tr class=\"deleted\"><td>-<td>\(HTMLText.escaped(row.oldPath.shortDescription))<td>#\(row.id)")
                writeCells(row.cells, columns: model.columns.count, to: page)
                page.write("<td>deleted</tr>")
            }
            for name in model.deletedSections {
                page.write("<tr class=\"deleted\"><td>-<td colspan=\"\(span - 1)\">")
                page.text("section \"\(name)\" deleted")
                page.write("</tr>")
            }
            page.write("</tbody>")
        }
        page.write("</table>\n")
    }

    private func writeRow(_ row: SheetRow, columns: Int, to page: PageStream) {
        let path = row.path.shortDescription
        var classes: [String] = []
        var notes: [String] = []
        let mark: String
        var shownPath = path
        switch row.mark {
        case .inserted: (mark, classes, notes) = ("+", ["inserted"], ["inserted"])
        case .moved(let from):
            (mark, classes, notes) = (">", ["moved"], ["moved from \(from.shortDescription)"])
            shownPath = "\(path)←\(from.shortDescription)"
        case .updated: (mark, classes, notes) = ("~", ["updated"], ["updated"])
        case nil: mark = " "
        }
        if dragged == row.path {
            classes.append("dragged")
            notes.append("⇕ dragged here")
        }
        if let found = problems[path] {
            classes.append("problem")
            notes += found.map { "✗ " + $0 }
        }
        if row.cells == nil { classes.append("nocell") }
        // End tags of cells and rows are left out (HTML ends them at the next): a long session's
        // page stays small. Only a singled-out row carries its path as data, for a reader's tools.
        page.write(classes.isEmpty ? "<tr>" : "<tr data-path=\"\(path)\" class=\"\(classes.joined(separator: " "))\">")
        page.write("<td>\(HTMLText.escaped(mark))<td>\(HTMLText.escaped(shownPath))<td>#\(row.id)")
        writeCells(row.cells, columns: columns, to: page)
        page.write("<td>\(HTMLText.escaped(notes.joined(separator: " · ")))")
    }

    private func writeCells(_ cells: [String]?, columns: Int, to page: PageStream) {
        for index in 0..<columns {
            if let cells {
                page.write("<td>\(HTMLText.escaped(cells.indices.contains(index) ? cells[index] : ""))")
            } else {
                page.write("<td class=\"dim\">·")
            }
        }
    }

    /// `Groceries (G) · 4 rows`, or `4 rows` for a section without a name (as the terminal sheet).
    static func label(of section: SheetSection) -> String {
        let count = counted(section.rows.count, "row")
        guard let name = section.name else { return count }
        var label = name.isEmpty ? "\"\"" : name
        if let title = section.indexTitle, !title.isEmpty { label += " (\(title))" }
        return label + " · " + count
    }

    static func counted(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
