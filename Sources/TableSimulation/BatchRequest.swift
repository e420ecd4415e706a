import FetchSimCore

/// The operations of one batch gathered by kind, the way UIKit collects them until the end of
/// the outermost batch. Repeated index paths count once, as in UIKit's index sets.
struct BatchRequest {
    /// Old numbering.
    var deletedRows = SortedSet<RowKey>()
    /// New numbering.
    var insertedRows = SortedSet<RowKey>()
    /// Old numbering.
    var reloadedRows = SortedSet<RowKey>()
    /// Old numbering (see `SimulatedTableView.reconfigureRows(at:)`).
    var reconfiguredRows = SortedSet<RowKey>()
    /// From old, to new; in call order.
    var rowMoves: [(from: IndexPath, to: IndexPath)] = []
    /// Old numbering.
    var deletedSections = SortedSet<Int>()
    /// New numbering.
    var insertedSections = SortedSet<Int>()
    /// From old, to new; in call order.
    var sectionMoves: [(from: Int, to: Int)] = []

    init(_ operations: [TableOperation]) {
        for operation in operations {
            switch operation {
            case .insertRows(let paths): insertedRows.append(contentsOf: paths.lazy.map(RowKey.init))
            case .deleteRows(let paths): deletedRows.append(contentsOf: paths.lazy.map(RowKey.init))
            case .reloadRows(let paths): reloadedRows.append(contentsOf: paths.lazy.map(RowKey.init))
            case .reconfigureRows(let paths): reconfiguredRows.append(contentsOf: paths.lazy.map(RowKey.init))
            case .moveRow(let from, let to): rowMoves.append((from, to))
            case .insertSections(let sections): insertedSections.append(contentsOf: sections)
            case .deleteSections(let sections): deletedSections.append(contentsOf: sections)
            case .moveSection(let from, let to): sectionMoves.append((from, to))
            case .reloadData, .userMoveRow, .configureCell: break
            }
        }
        deletedRows.normalize()
        insertedRows.normalize()
        reloadedRows.normalize()
        reconfiguredRows.normalize()
        deletedSections.normalize()
        insertedSections.normalize()
    }
}

/// Where a section of the new layout comes from.
enum SectionSource: Equatable {
    /// Inserted by the batch: rows, identifiers and title come from the data source.
    case inserted
    /// The old section at this index, possibly moved.
    case old(Int)
}

/// Where a row of the new layout comes from.
enum RowSource: Equatable {
    /// Inserted or reloaded: identifier (and cell, if visible) come from the data source.
    case fresh
    /// The old row at this index path, with its identifier and its cell as they are.
    case old(IndexPath)
}

/// A validated batch as edits of the old layout, in the order the table applies them: take out
/// the deleted and moved-away rows, arrange the sections, put in the inserted and moved-in rows,
/// then refresh the reloaded ones. Its size follows the batch, not the table.
struct BatchPlan: Equatable {
    /// One entry per section after the batch.
    var sections: [SectionSource]
    /// Whether a section is inserted, deleted or moved (otherwise `sections` keeps the old order).
    var rearrangesSections: Bool
    /// The rows the batch takes out (deleted or moved away) by old section and row, ascending.
    var removals: [RowKey]
    /// The rows the batch puts in (inserted or moved in) by new section and row, ascending.
    var insertions: [Insertion]
    /// New index paths of the reloaded rows: they get a fresh identifier and no cell.
    var reloaded: [IndexPath]
    /// New index paths of the reconfigured rows that survive the batch, in order.
    var reconfigured: [IndexPath]

    struct Insertion: Equatable {
        var section: Int
        var row: Int
        var source: RowSource
    }
}
