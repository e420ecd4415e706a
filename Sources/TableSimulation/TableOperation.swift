import FetchSimCore

/// One call made on the simulated table, kept as a value for the log (`lastBatch`).
///
/// Index paths are recorded as given: deletes, reloads and reconfigures in the numbering before
/// the batch, inserts in the numbering after it, moves from before to after.
///
/// ```swift
/// groceries.items.remove(at: 0)  // the TableViewDataSource example: Milk (1), Eggs (2)
/// try table.performBatchUpdates { try table.deleteRows(at: [IndexPath(row: 0, section: 0)]) }
/// table.lastBatch                    // [.deleteRows([[0, 0]])]
/// table.lastBatch.map(\.description)  // ["deleteRows [0.0]"]
/// ```
public enum TableOperation: Equatable, Hashable, Sendable, CustomStringConvertible {
    case reloadData
    case insertRows([IndexPath])
    case deleteRows([IndexPath])
    case reloadRows([IndexPath])
    case reconfigureRows([IndexPath])
    case moveRow(from: IndexPath, to: IndexPath)
    case insertSections([Int])
    case deleteSections([Int])
    case moveSection(from: Int, to: Int)
    /// The user's drag: applied at once, outside any batch (see `SimulatedTableView.userMoveRow`).
    case userMoveRow(from: IndexPath, to: IndexPath)
    /// The app configured the visible cell at an index path with the row of `identifier`, outside
    /// any batch (see `SimulatedTableView.configureVisibleCell(at:with:)`).
    case configureCell(IndexPath, identifier: Int)

    /// `deleteRows [0.2, 0.3]`, `insertSections [1]`, `moveRow 0.1 → 0.3`, `reloadData`,
    /// `configureCell 0.2 with #7`.
    public var description: String {
        switch self {
        case .reloadData: "reloadData"
        case .insertRows(let paths): "insertRows \(Self.list(paths))"
        case .deleteRows(let paths): "deleteRows \(Self.list(paths))"
        case .reloadRows(let paths): "reloadRows \(Self.list(paths))"
        case .reconfigureRows(let paths): "reconfigureRows \(Self.list(paths))"
        case .moveRow(let from, let to): "moveRow \(from.shortDescription) → \(to.shortDescription)"
        case .insertSections(let sections): "insertSections \(sections)"
        case .deleteSections(let sections): "deleteSections \(sections)"
        case .moveSection(let from, let to): "moveSection \(from) → \(to)"
        case .userMoveRow(let from, let to): "userMoveRow \(from.shortDescription) → \(to.shortDescription)"
        case .configureCell(let path, let identifier): "configureCell \(path.shortDescription) with #\(identifier)"
        }
    }

    private static func list(_ paths: [IndexPath]) -> String {
        "[" + paths.map(\.shortDescription).joined(separator: ", ") + "]"
    }
}
