/// What a configured cell displays: the object it was configured for and its text.
///
/// A value, so a cell that is not reconfigured keeps showing what it showed when it was last
/// configured — that is how stale cells arise after moves and shifts, exactly as with UIKit's
/// reused `UITableViewCell`s.
public struct TableCell: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The object ID the data source configured this cell for.
    public var identifier: Int
    /// The displayed text, one string per column.
    public var columns: [String]

    /// A cell showing the row of `identifier` with `columns` as its text.
    public init(identifier: Int, columns: [String]) {
        self.identifier = identifier
        self.columns = columns
    }

    /// `#7 Milk | 3`: the identifier, then the columns separated by ` | `.
    public var description: String {
        columns.isEmpty ? "#\(identifier)" : "#\(identifier) " + columns.joined(separator: " | ")
    }
}
