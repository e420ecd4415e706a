import FetchSimCore
import ObjectGraph
import TableSimulation

/// Why the user cannot drag a row to a place in the table.
package enum DragRefusal: Equatable, Sendable {
    /// The list has no index attribute for the drag to write its order to.
    case noIndexAttribute
    /// The table shows no row at the drag's source.
    case noRow
    /// The table's data source offers no reorder control for the row (`canReorderItem` answers false).
    case notReorderable
    /// The row cannot be dropped there: `rows` are the rows the destination's section takes (nil
    /// when the table has no such section).
    case outOfRange(rows: ClosedRange<Int>?)
}

extension ListDataSource {
    /// The index attribute drags and placed inserts write, with its type; throws
    /// `.noIndexAttribute` when the list has none. The one answer to whether there is an index
    /// key, for every caller that needs one.
    ///
    /// ```swift
    /// let (key, type) = try dataSource.requireIndexAttribute()
    /// ```
    /// - Returns: The attribute's name and type.
    package func requireIndexAttribute() throws(AdapterError) -> (key: String, type: AttributeType) {
        guard let indexKey, let indexType else { throw .noIndexAttribute }
        return (indexKey, indexType)
    }

    /// Why the user cannot drag the row at `source` of `table` to `destination`, or nil when the
    /// drag can happen: the one rule the REPL, the fuzzer and placed drops follow. The list needs
    /// an index attribute, the table a row at `source`, its data source must let the user pick
    /// the row up, and `destination` must be a place the table takes it
    /// (`SimulatedTableView.dropRows(from:inSection:)`).
    ///
    /// ```swift
    /// if dataSource.dragRefusal(in: table, from: source, to: destination) == nil {
    ///     try table.userMoveRow(from: source, to: destination)
    /// }
    /// ```
    /// - Parameters:
    ///   - table: The table the user drags in (its data source may be another than this one,
    ///     when two controllers share it).
    ///   - source: The row picked up.
    ///   - destination: Where it is dropped, numbered after the row's removal.
    /// - Returns: The first reason the drag cannot happen, in the order above; nil when it can.
    package func dragRefusal(in table: SimulatedTableView, from source: IndexPath, to destination: IndexPath)
        -> DragRefusal?
    {
        guard (try? requireIndexAttribute()) != nil else { return .noIndexAttribute }
        guard table.rowIdentifier(at: source) != nil else { return .noRow }
        if let diffable = table.dataSource as? DiffableDataSource, !diffable.canReorderRow(at: source) {
            // UIKit shows no reorder control for the item: the user cannot pick the row up.
            return .notReorderable
        }
        let rows = table.dropRows(from: source, inSection: destination.section)
        guard let rows, rows.contains(destination.row) else { return .outOfRange(rows: rows) }
        return nil
    }
}
