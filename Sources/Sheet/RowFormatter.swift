import FetchSimCore

/// The plain text of one grid line before it is fitted to columns.
struct RowContent: Equatable {
    /// The placeholder drawn in each value column of a row without a cell.
    static let placeholder = "·"

    /// `+` inserted, `>` moved, `~` updated, `-` deleted, a space otherwise.
    var mark: String
    /// `S.R`; for a moved row `S.R←S.R`, the current path first, then where it came from.
    var path: String
    /// `#7`.
    var id: String
    /// The cell's text per value column (sanitized); `nil` for a row without a configured cell.
    var cells: [String]?
    /// The role the row's text is styled with; `nil` for an unchanged row.
    var role: SheetStyleRole?

    init(_ row: SheetRow) {
        switch row.mark {
        case .inserted: (mark, role) = ("+", .inserted)
        case .moved: (mark, role) = (">", .moved)
        case .updated: (mark, role) = ("~", .updated)
        case nil: (mark, role) = (" ", nil)
        }
        if case .moved(let from) = row.mark {
            path = "\(row.path.shortDescription)←\(from.shortDescription)"
        } else {
            path = row.path.shortDescription
        }
        id = "#\(row.id)"
        cells = row.cells?.map(SheetText.sanitized)
    }

    init(_ row: DeletedRow) {
        (mark, role) = ("-", .deleted)
        path = row.oldPath.shortDescription
        id = "#\(row.id)"
        cells = row.cells?.map(SheetText.sanitized)
    }

    /// The text of value column `index`: the cell, a placeholder, or empty for a missing cell.
    func value(at index: Int) -> String {
        guard let cells else { return Self.placeholder }
        return cells.indices.contains(index) ? cells[index] : ""
    }
}

/// Lays rows and column titles out in the columns of a layout.
enum RowFormatter {
    /// The header line: a blank mark column, `path`, `id`, the attribute names, and `…` when
    /// value columns were dropped.
    static func header(columns: [String], layout: ColumnLayout) -> SheetLine {
        var line = SheetLine()
        line.append("  ")
        appendCell("path", width: layout.pathWidth, role: .header, to: &line)
        appendCell("id", width: layout.idWidth, role: .header, to: &line)
        for (index, width) in layout.valueWidths.enumerated() {
            appendCell(SheetText.sanitized(columns[index]), width: width, role: .header, to: &line)
        }
        if layout.droppedCount > 0 { appendCell(ColumnLayout.droppedMarker, width: 1, role: .header, to: &line) }
        return line
    }

    /// One row: its mark, path, id and a value per shown column, styled with the row's role
    /// (placeholders dim).
    static func line(for row: RowContent, layout: ColumnLayout) -> SheetLine {
        var line = SheetLine()
        line.append(row.mark, role: row.role)
        line.append(" ")
        appendCell(row.path, width: layout.pathWidth, role: row.role, to: &line)
        appendCell(row.id, width: layout.idWidth, role: row.role, to: &line)
        for (index, width) in layout.valueWidths.enumerated() {
            let role = row.cells == nil ? .dim : row.role
            appendCell(row.value(at: index), width: width, role: role, to: &line)
        }
        return line
    }

    /// Appends `text` cut to `width`, then padding to `width` and the gap, both unstyled.
    private static func appendCell(_ text: String, width: Int, role: SheetStyleRole?, to line: inout SheetLine) {
        let cut = TextWidth.truncate(text, toWidth: width)
        line.append(cut, role: role)
        let padding = width - TextWidth.displayWidth(of: cut) + ColumnLayout.gap
        line.append(String(repeating: " ", count: padding))
    }
}
