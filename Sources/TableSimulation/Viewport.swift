/// The part of the table on screen: the first visible row, counted across sections
/// (section headers take no rows), and how many rows fit.
///
/// Only rows inside the viewport have configured cells. When the content shrinks below the
/// viewport nothing is clamped: the rows past the end simply do not exist.
///
/// ```swift
/// let table = SimulatedTableView(dataSource: groceries, viewport: Viewport(height: 1))
/// table.reloadData()                                    // Milk (1), Eggs (2)
/// table.indexPathsForVisibleRows                        // [[0, 0]]
/// table.cellForRow(at: IndexPath(row: 1, section: 0))   // nil: off screen
/// table.viewport = Viewport(firstRow: 1, height: 1)
/// table.cellForRow(at: IndexPath(row: 1, section: 0))?.columns  // ["Eggs"]
/// ```
public struct Viewport: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The flattened index of the first visible row (0 = the first row of the first section).
    public var firstRow: Int
    /// How many rows fit on screen.
    public var height: Int

    /// `height` rows, counted across sections, from `firstRow` on.
    public init(firstRow: Int = 0, height: Int) {
        precondition(firstRow >= 0 && height >= 0, "a viewport needs a non-negative first row and height")
        self.firstRow = firstRow
        self.height = height
    }

    /// The flattened rows on screen when the table has `rowCount` rows in all.
    func visibleRows(rowCount: Int) -> Range<Int> {
        let lower = min(firstRow, rowCount)
        return lower..<min(rowCount, firstRow + height)
    }

    /// `rows 0..<20`.
    public var description: String { "rows \(firstRow)..<\(firstRow + height)" }
}
