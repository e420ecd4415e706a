/// What a configured cell displays: the object it was configured for and its text.
///
/// A value, so a cell that is not reconfigured keeps showing what it showed when it was last
/// configured — that is how stale cells arise after moves and shifts, exactly as with UIKit's
/// reused `UITableViewCell`s.
///
/// ```swift
/// let cell = TableCell(identifier: 7, columns: ["Milk", "3"])
/// cell.description                                       // "#7 Milk | 3"
/// cell == TableCell(identifier: 7, columns: ["Milk", "4"])  // false: other text
/// ```
public struct TableCell: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The object ID the data source configured this cell for.
    public var identifier: Int
    /// The displayed text, one string per column. Changing it forgets the cell's `source`.
    public var columns: [String] {
        didSet { source = nil }
    }
    /// What the data source formatted `columns` from, when it said so: a checker that holds the
    /// very same source can tell that the columns are still what that data formats to without
    /// formatting it again. Not part of the cell's equality: two cells are equal when they show
    /// the same object and text.
    package private(set) var source: (any TableCellSource)?

    /// A cell showing the row of `identifier` with `columns` as its text.
    public init(identifier: Int, columns: [String]) {
        self.identifier = identifier
        self.columns = columns
    }

    /// A cell whose `columns` were formatted from `source` (the data source's own values).
    package init(identifier: Int, columns: [String], source: any TableCellSource) {
        self.identifier = identifier
        self.columns = columns
        self.source = source
    }

    public static func == (lhs: TableCell, rhs: TableCell) -> Bool {
        lhs.identifier == rhs.identifier && lhs.columns == rhs.columns
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(columns)
    }

    /// `#7 Milk | 3`: the identifier, then the columns separated by ` | `.
    public var description: String {
        columns.isEmpty ? "#\(identifier)" : "#\(identifier) " + columns.joined(separator: " | ")
    }
}

/// The data a cell's text was formatted from, kept with the cell (`TableCell.source`) so that a
/// consistency check can recognise unchanged data by identity instead of formatting it again.
package protocol TableCellSource: AnyObject, Sendable {}
