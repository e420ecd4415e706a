/// Which rows of the table a sheet shows.
///
/// ```swift
/// let window = SheetWindow.aroundChanges(maxRows: 5)
/// window.shownRanges(rowCounts: [100], markedPositions: [[50]])  // [48..<53]: row 50 and 2 either side
/// SheetRenderer(width: 80).render(model, window: window)         // those rows, `⋮` lines for the rest
/// ```
public enum SheetWindow: Equatable, Sendable {
    /// Every row when the table has at most `maxRows` rows; otherwise the marked rows with two
    /// rows of context each, merged, at most `maxRows` rows in all (the first `maxRows` rows when
    /// nothing is marked). Hidden rows are summarised in dim `⋮` lines.
    case aroundChanges(maxRows: Int)
    /// Every row of every section.
    case all
    /// Every row of one section, by zero-based index.
    case section(Int)
}

extension SheetWindow {
    /// The flat row ranges (rows numbered across sections) this window shows of a table whose
    /// sections have `rowCounts` rows, marked at `markedPositions` (per section, ascending); nil
    /// when it shows every row. A caller can then build `SheetRows` of just those rows.
    public func shownRanges(rowCounts: [Int], markedPositions: [[Int]]) -> [Range<Int>]? {
        switch self {
        case .aroundChanges(let maxRows):
            RowWindow.shownRanges(rowCounts: rowCounts, marked: markedPositions, maxRows: maxRows)
        case .all, .section: nil
        }
    }
}

/// The part of a sheet a style is applied to; the caller maps roles to ANSI styles or nothing.
///
/// ```swift
/// let renderer = SheetRenderer(width: 80) { role, text in role == .header ? "[\(text)]" : text }
/// renderer.render(model, window: .all)[0]  // "  [path  id  title]"
/// ```
public enum SheetStyleRole: Sendable {
    /// The column titles.
    case header
    /// A section rule (`── Groceries (G) · 4 rows ──`) and the rule above the deleted rows.
    case sectionHeader
    /// A row the last event inserted.
    case inserted
    /// A row the last event moved.
    case moved
    /// A row the last event updated.
    case updated
    /// A deleted row or section, listed under the table.
    case deleted
    /// Placeholders of rows without a cell, `⋮` elisions and `(no rows)`.
    case dim
}
