import FetchSimCore
import Sheet

/// The widths of the screen's columns and where each attribute column starts.
struct ScreenWidths {
    var path: Int
    var id: Int
    var attributes: [Int]
    /// The screen column at which each attribute column starts.
    var starts: [Int]
}

extension SheetEditor {
    /// The columns' widths from the rows on screen: each wide enough for its title and cells,
    /// the widest ones narrowed until the line fits the screen.
    func columnWidths(_ rows: [ScreenRow]) -> ScreenWidths {
        let names = attributes.map(\.name)
        var path = 4
        var id = 2
        var widths = names.map { TextWidth.displayWidth(of: $0) }
        for row in rows {
            path = max(path, TextWidth.displayWidth(of: pathText(row)))
            id = max(id, TextWidth.displayWidth(of: "#\(row.id)"))
            for index in widths.indices {
                widths[index] = max(widths[index], TextWidth.displayWidth(of: cellText(row, column: index)))
            }
        }
        if case .editing(let edit) = mode, widths.indices.contains(column) {
            widths[column] = max(widths[column], TextWidth.displayWidth(of: edit.field.string) + 1)
        }
        let fixed = 3 + path + 2 + id + 2
        let available = max(columns - fixed - 2 * max(widths.count - 1, 0), widths.count * 4)
        if widths.reduce(0, +) > available {
            // The largest cap that fits: the narrow columns keep their width.
            var low = 4
            var high = widths.max() ?? 4
            while low < high {
                let middle = (low + high + 1) / 2
                if widths.map({ min($0, middle) }).reduce(0, +) <= available { low = middle } else { high = middle - 1 }
            }
            widths = widths.map { min($0, low) }
        }
        var starts: [Int] = []
        var x = fixed
        for width in widths {
            starts.append(x)
            x += width + 2
        }
        return ScreenWidths(path: path, id: id, attributes: widths, starts: starts)
    }

    /// The attribute column under screen column `x`.
    func columnIndex(atScreenColumn x: Int) -> Int? {
        columnStarts.lastIndex { $0 <= x }
    }

    func headerLine(_ widths: ScreenWidths) -> ScreenLine {
        var text = "   " + TextWidth.pad("path", toWidth: widths.path) + "  " + TextWidth.pad("id", toWidth: widths.id)
        for (name, width) in zip(attributes.map(\.name), widths.attributes) {
            text += "  " + TextWidth.pad(TextWidth.truncate(name, toWidth: width), toWidth: width)
        }
        return ScreenLine([ScreenSpan(text, .header)])
    }

    /// `── Groceries (G) · 4 rows ─────`, the whole width.
    func sectionLine(_ section: Int, layout: TableLayout) -> ScreenLine {
        let count = layout.counts[section]
        let rowsText = "\(count) row\(count == 1 ? "" : "s")"
        var title = "── "
        if let table = workspace.shownTable, workspace.userList != nil {
            // An app's view controller: the header titles its data source gave.
            if let name = table.headerTitle(forSection: section) {
                title += (name.isEmpty ? "(no name)" : name) + " · "
            }
        } else if workspace.controller?.fetchRequest.sectionNameKeyPath != nil {
            let name = workspace.table?.headerTitle(forSection: section) ?? ""
            let index =
                workspace.table?.sectionIndexTitles == nil
                ? nil : workspace.controller?.sectionIndexTitle(forSectionName: name)
            title += (name.isEmpty ? "(no name)" : name) + (index.map { " (\($0))" } ?? "") + " · "
        }
        title += rowsText + " "
        let fill = max(0, columns - TextWidth.displayWidth(of: title))
        return ScreenLine([ScreenSpan(title + String(repeating: "─", count: fill), .sectionHeader)])
    }

    /// `▸+ 0.2  #7  Milk …`: the cursor, the mark, the path, the id and the cells, each cell in
    /// its role (stale, placeholder, the cursor's cell, the edited field).
    func rowLine(_ row: ScreenRow, widths: ScreenWidths) -> ScreenLine {
        let isCursorRow = row.shown == cursor
        let markRole: ScreenRole
        let mark: String
        switch row.mark {
        case .inserted?: (mark, markRole) = ("+", .inserted)
        case .moved?: (mark, markRole) = (">", .moved)
        case .updated?: (mark, markRole) = ("~", .updated)
        case nil: (mark, markRole) = (" ", .plain)
        }
        let base: ScreenRole = row.isCarried ? .carried : isCursorRow ? .cursorRow : .plain
        var spans = [
            ScreenSpan(row.isCarried ? "≡" : isCursorRow ? "▸" : " ", base),
            ScreenSpan(mark, row.mark == nil ? base : markRole),
            ScreenSpan(
                " " + TextWidth.pad(pathText(row), toWidth: widths.path) + "  "
                    + TextWidth.pad("#\(row.id)", toWidth: widths.id), row.mark == nil ? base : markRole),
        ]
        for (index, width) in widths.attributes.enumerated() {
            spans.append(ScreenSpan("  ", base))
            let text = TextWidth.pad(TextWidth.truncate(cellText(row, column: index), toWidth: width), toWidth: width)
            let role: ScreenRole
            if case .editing = mode, isCursorRow, index == column {
                role = .field
            } else if isCursorRow, index == column, !row.isCarried {
                role = .cursorCell
            } else if row.cells == nil {
                role = .placeholder
            } else if row.stale[safe: index] == true {
                role = .stale
            } else {
                role = base
            }
            spans.append(ScreenSpan(text, role))
        }
        if base != .plain {
            let used = spans.reduce(0) { $0 + TextWidth.displayWidth(of: $1.text) }
            spans.append(ScreenSpan(String(repeating: " ", count: max(0, columns - used)), base))
        }
        return ScreenLine(spans)
    }
}
