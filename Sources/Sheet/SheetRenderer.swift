import FetchSimCore

/// Draws a table state as lines of text: a header, each section's rule and rows, then what the
/// last event deleted.
///
/// ```
///   path     id   title  group      order
/// ── Groceries (G) · 2 rows ─────────────
///   0.0      #7   Milk   Groceries  1
/// > 0.1←0.3  #5   Bread  Groceries  2
/// ── deleted · 2 rows, 1 section ────────
/// - 0.2      #9   Eggs   Groceries  3
/// - 1.0      #12  ·      ·          ·
/// - section "Errands"
/// ```
/// Marks: `+` inserted, `>` moved (path `now←before`), `~` updated, `-` deleted. `·` fills the
/// value columns of a row without a configured cell. Every line fits in `width` display columns
/// (East Asian wide characters count 2) and has no trailing spaces. See `docs/sheet.md`.
///
/// ```swift
/// let renderer = SheetRenderer(width: 80)
/// for line in renderer.render(model, window: .aroundChanges(maxRows: 20)) { print(line) }
/// ```
public struct SheetRenderer: Sendable {
    /// The display columns every line fits in (at least 1).
    public let width: Int
    private let style: @Sendable (SheetStyleRole, String) -> String

    /// A renderer for lines of at most `width` columns that styles each part with `style`
    /// (pass ANSI styling for a terminal, the default identity for plain text).
    public init(width: Int, style: @escaping @Sendable (SheetStyleRole, String) -> String = { $1 }) {
        self.width = max(1, width)
        self.style = style
    }

    /// The lines showing `window` of `model`.
    /// - Complexity: O(n + s + c·w) for n rows in s sections, plus c value columns of width w.
    public func render(_ model: SheetModel, window: SheetWindow) -> [String] {
        let items = RowWindow.items(for: model, window: window)
        var shownRows: [RowContent] = []
        for case .row(let section, let row) in items {
            shownRows.append(RowContent(model.sections[section].rows[row]))
        }
        let deletedRows = model.deleted.map(RowContent.init)
        let layout = Self.layout(columns: model.columns, rows: shownRows + deletedRows, width: width)

        var lines = [RowFormatter.header(columns: model.columns, layout: layout)]
        var rows = shownRows.makeIterator()
        for item in items {
            switch item {
            case .sectionRule(let index):
                lines.append(rule(Self.label(of: model.sections[index]), layout: layout))
            case .row:
                if let row = rows.next() { lines.append(RowFormatter.line(for: row, layout: layout)) }
            case .hiddenRows(let count, let changed):
                lines.append(elision(SheetText.counted(count, "row"), changed: changed))
            case .hiddenSections(let count, let rowCount, let changed):
                let text = SheetText.counted(count, "section") + ", " + SheetText.counted(rowCount, "row")
                lines.append(elision(text, changed: changed))
            case .noRows:
                lines.append(SheetLine([.init(text: "  ", role: nil), .init(text: "(no rows)", role: .dim)]))
            case .missingSection(let index):
                lines.append(
                    SheetLine(
                        "no section \(index): the table has \(SheetText.counted(model.sections.count, "section"))"))
            }
        }
        lines += deletions(model, rows: deletedRows, layout: layout)
        return lines.map { $0.fitted(to: width).rendered(style: style) }
    }

    /// Column widths fitted to `width` for these rows (titles included).
    private static func layout(columns: [String], rows: [RowContent], width: Int) -> ColumnLayout {
        func widest(_ texts: [String]) -> Int { texts.map { TextWidth.displayWidth(of: $0) }.max() ?? 0 }
        let natural = columns.indices.map { index in
            widest([SheetText.sanitized(columns[index])] + rows.map { $0.value(at: index) })
        }
        return ColumnLayout(
            pathWidth: widest(["path"] + rows.map(\.path)),
            idWidth: widest(["id"] + rows.map(\.id)),
            naturalValueWidths: natural,
            width: width
        )
    }

    /// `Groceries (G) · 4 rows`, or `4 rows` for a section without a name.
    static func label(of section: SheetSection) -> String {
        let count = SheetText.counted(section.rows.count, "row")
        guard let name = section.name else { return count }
        var label = name.isEmpty ? "\"\"" : SheetText.sanitized(name)
        if let title = section.indexTitle, !title.isEmpty { label += " (\(SheetText.sanitized(title)))" }
        return label + " · " + count
    }

    /// `── label ──…`, filled with `─` to the table's width (or further, to fit the label);
    /// a label too long for `width` is cut so the line still ends in `──`.
    private func rule(_ label: String, layout: ColumnLayout) -> SheetLine {
        let text = "── " + TextWidth.truncate(label, toWidth: max(1, width - 6)) + " "
        let fill = max(2, min(width, layout.tableWidth) - TextWidth.displayWidth(of: text))
        return SheetLine(text + String(repeating: "─", count: fill), role: .sectionHeader)
    }

    /// `   ⋮ 37 rows`, with `, 2 changed` when marked rows are among them.
    private func elision(_ text: String, changed: Int) -> SheetLine {
        let detail = changed > 0 ? ", \(changed) changed" : ""
        return SheetLine([.init(text: "   ", role: nil), .init(text: "⋮ " + text + detail, role: .dim)])
    }

    /// The rule `── deleted · 2 rows, 1 section ──`, the deleted rows, then `- section "Work"` lines.
    private func deletions(_ model: SheetModel, rows: [RowContent], layout: ColumnLayout) -> [SheetLine] {
        guard !rows.isEmpty || !model.deletedSections.isEmpty else { return [] }
        var counts: [String] = []
        if !rows.isEmpty { counts.append(SheetText.counted(rows.count, "row")) }
        if !model.deletedSections.isEmpty { counts.append(SheetText.counted(model.deletedSections.count, "section")) }
        var lines = [rule("deleted · " + counts.joined(separator: ", "), layout: layout)]
        lines += rows.map { RowFormatter.line(for: $0, layout: layout) }
        lines += model.deletedSections.map { SheetLine("- section \"\(SheetText.sanitized($0))\"", role: .deleted) }
        return lines
    }
}
