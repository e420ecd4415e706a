import FetchSimCore

/// How a row changed in the change event the sheet is drawn after.
///
/// ```swift
/// let eggs = SheetRow(
///     path: IndexPath(row: 0, section: 1), id: 3, cells: ["Eggs"], mark: .moved(from: IndexPath(row: 2, section: 0)))
/// // drawn as "> 1.0←0.2  #3  Eggs": a moved row's path reads now←before
/// ```
public enum ChangeMark: Equatable, Sendable {
    /// The row was inserted at its path.
    case inserted
    /// The row moved here from `from` (its index path before the event).
    case moved(from: IndexPath)
    /// The row's object changed in place.
    case updated
}

/// One row of the simulated table, as the table currently shows it.
///
/// ```swift
/// let milk = SheetRow(path: IndexPath(row: 0, section: 0), id: 7, cells: ["Milk"])
/// let offScreen = SheetRow(path: IndexPath(row: 1, section: 0), id: 3, cells: nil)
/// // drawn as "  0.0   #7  Milk" and "  0.1   #3  ·"
/// ```
public struct SheetRow: Equatable, Sendable {
    /// Where the row is now.
    public var path: IndexPath
    /// The row identifier (the object ID the table holds for this row).
    public var id: Int
    /// What the row's configured cell displays, one string per column; `nil` when the row has
    /// no configured cell (it is off screen). May be stale: the sheet draws what it is given.
    public var cells: [String]?
    /// How the row changed in the last event, if it did.
    public var mark: ChangeMark?

    /// A row at `path` showing the object `id`; `cells` is nil for a row without a cell.
    public init(path: IndexPath, id: Int, cells: [String]?, mark: ChangeMark? = nil) {
        self.path = path
        self.id = id
        self.cells = cells
        self.mark = mark
    }
}

/// One section of the simulated table and its rows, in order.
///
/// ```swift
/// let groceries = SheetSection(name: "Groceries", indexTitle: "G", rows: [milk, offScreen])
/// // its rule: "── Groceries (G) · 2 rows ──"
/// ```
public struct SheetSection: Equatable, Sendable {
    /// The section name; `nil` for an unsectioned list.
    public var name: String?
    /// The section index title, shown in parentheses after the name.
    public var indexTitle: String?
    /// The section's rows, in order (all of them, or those a window shows: `SheetRows`).
    public var rows: SheetRows

    /// A section with every one of its rows.
    public init(name: String?, indexTitle: String? = nil, rows: [SheetRow]) {
        self.init(name: name, indexTitle: indexTitle, rows: SheetRows(rows))
    }

    /// A section whose rows are given as `SheetRows` (possibly only those a window shows).
    public init(name: String?, indexTitle: String? = nil, rows: SheetRows) {
        self.name = name
        self.indexTitle = indexTitle
        self.rows = rows
    }
}

/// A row the last event removed, with what its cell showed before.
///
/// ```swift
/// let bread = DeletedRow(oldPath: IndexPath(row: 2, section: 0), id: 9, cells: ["Bread"])
/// // listed under the table as "- 0.2   #9  Bread"
/// ```
public struct DeletedRow: Equatable, Sendable {
    /// Where the row was before the event.
    public var oldPath: IndexPath
    /// The row identifier it had.
    public var id: Int
    /// What its cell displayed; `nil` when it had no configured cell.
    public var cells: [String]?

    /// A row the event deleted, shown at its old index path.
    public init(oldPath: IndexPath, id: Int, cells: [String]?) {
        self.oldPath = oldPath
        self.id = id
        self.cells = cells
    }
}

/// Everything the sheet draws: a table state plus the marks of the change event that produced it.
///
/// A value built by the caller from the simulated table; the sheet never sees the controller.
///
/// ```swift
/// let model = SheetModel(
///     columns: ["title"],
///     sections: [
///         SheetSection(
///             name: nil,
///             rows: [
///                 SheetRow(path: IndexPath(row: 0, section: 0), id: 7, cells: ["Strawberries"], mark: .inserted),
///                 SheetRow(path: IndexPath(row: 1, section: 0), id: 3, cells: ["Milk"]),
///             ])
///     ],
///     deleted: [DeletedRow(oldPath: IndexPath(row: 2, section: 0), id: 9, cells: ["Bread"])])
/// SheetRenderer(width: 80).render(model, window: .all)
/// // ["  path  id  title",
/// //  "── 2 rows ──────────────",
/// //  "+ 0.0   #7  Strawberries",
/// //  "  0.1   #3  Milk",
/// //  "── deleted · 1 row ─────",
/// //  "- 0.2   #9  Bread"]
/// ```
public struct SheetModel: Equatable, Sendable {
    /// The attribute names, one per value column.
    public var columns: [String]
    /// The table's sections, in order.
    public var sections: [SheetSection]
    /// The rows the last event deleted, listed under the table.
    public var deleted: [DeletedRow]
    /// The names of the sections the last event deleted, listed under the table.
    public var deletedSections: [String]

    /// A sheet with `columns` over `sections`, and what the last event deleted.
    public init(columns: [String], sections: [SheetSection], deleted: [DeletedRow] = [], deletedSections: [String] = [])
    {
        self.columns = columns
        self.sections = sections
        self.deleted = deleted
        self.deletedSections = deletedSections
    }
}
