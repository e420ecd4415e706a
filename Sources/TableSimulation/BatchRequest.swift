import FetchSimCore

/// The operations of one batch gathered by kind, the way UIKit collects them until the end of
/// the outermost batch. Repeated index paths count once, as in UIKit's index sets.
struct BatchRequest {
    /// Old numbering.
    var deletedRows: Set<IndexPath> = []
    /// New numbering.
    var insertedRows: Set<IndexPath> = []
    /// Old numbering.
    var reloadedRows: Set<IndexPath> = []
    /// Old numbering (see `SimulatedTableView.reconfigureRows(at:)`).
    var reconfiguredRows: Set<IndexPath> = []
    /// From old, to new; in call order.
    var rowMoves: [(from: IndexPath, to: IndexPath)] = []
    /// Old numbering.
    var deletedSections: Set<Int> = []
    /// New numbering.
    var insertedSections: Set<Int> = []
    /// From old, to new; in call order.
    var sectionMoves: [(from: Int, to: Int)] = []

    init(_ operations: [TableOperation]) {
        for operation in operations {
            switch operation {
            case .insertRows(let paths): insertedRows.formUnion(paths)
            case .deleteRows(let paths): deletedRows.formUnion(paths)
            case .reloadRows(let paths): reloadedRows.formUnion(paths)
            case .reconfigureRows(let paths): reconfiguredRows.formUnion(paths)
            case .moveRow(let from, let to): rowMoves.append((from, to))
            case .insertSections(let sections): insertedSections.formUnion(sections)
            case .deleteSections(let sections): deletedSections.formUnion(sections)
            case .moveSection(let from, let to): sectionMoves.append((from, to))
            case .reloadData, .userMoveRow: break
            }
        }
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

/// A validated batch: how to build the new layout from the old one.
struct BatchPlan: Equatable {
    /// One entry per section after the batch.
    var sections: [SectionSource]
    /// One entry per section after the batch; empty for inserted sections.
    var rows: [[RowSource]]
    /// New index paths of the reconfigured rows that survived the batch.
    var reconfigured: [IndexPath]
}
