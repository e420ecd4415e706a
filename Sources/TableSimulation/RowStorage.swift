import FetchSimCore

/// One row as the table knows it: which object it shows, and its cell if it is on screen.
struct TableRow: Equatable, Sendable {
    var identifier: Int
    /// Non-nil only while the row is inside the viewport.
    var cell: TableCell?
}

/// One section as the table knows it: its cached header title and its rows.
struct TableSection: Equatable, Sendable {
    var title: String?
    var rows: [TableRow]
}

/// The table's row storage: per-section arrays of rows.
///
/// Everything the table knows about its rows goes through this type, so that a faster structure
/// (an order-statistic tree, chunked arrays) can replace the arrays without touching the rest.
/// Index arguments are checked by the callers; the methods trust them.
struct RowStorage: Equatable, Sendable {
    private(set) var sections: [TableSection] = []

    init(sections: [TableSection] = []) {
        self.sections = sections
    }

    var numberOfSections: Int { sections.count }

    /// Every section's row count, in order.
    var rowCounts: [Int] { sections.map(\.rows.count) }

    /// Rows in all sections together.
    /// - Complexity: O(sections).
    var totalRowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

    func contains(_ path: IndexPath) -> Bool {
        sections.indices.contains(path.section) && sections[path.section].rows.indices.contains(path.row)
    }

    func numberOfRows(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].rows.count : 0
    }

    func title(ofSection section: Int) -> String? {
        sections.indices.contains(section) ? sections[section].title : nil
    }

    func row(at path: IndexPath) -> TableRow? {
        contains(path) ? sections[path.section].rows[path.row] : nil
    }

    mutating func setRow(_ row: TableRow, at path: IndexPath) {
        sections[path.section].rows[path.row] = row
    }

    func identifiers(inSection section: Int) -> [Int] {
        sections.indices.contains(section) ? sections[section].rows.map(\.identifier) : []
    }

    /// The first index path showing `identifier`.
    /// - Complexity: O(rows).
    func indexPath(forIdentifier identifier: Int) -> IndexPath? {
        for (s, section) in sections.enumerated() {
            if let r = section.rows.firstIndex(where: { $0.identifier == identifier }) {
                return IndexPath(row: r, section: s)
            }
        }
        return nil
    }

    /// Removes the row at `path` and returns it.
    mutating func removeRow(at path: IndexPath) -> TableRow {
        sections[path.section].rows.remove(at: path.row)
    }

    /// Inserts `row` so that it ends up at `path`.
    mutating func insertRow(_ row: TableRow, at path: IndexPath) {
        sections[path.section].rows.insert(row, at: path.row)
    }

    /// Visits every row with its index path and flattened index, letting `body` change it.
    /// - Complexity: O(rows).
    mutating func updateEachRow(_ body: (_ path: IndexPath, _ flatIndex: Int, inout TableRow) -> Void) {
        var flat = 0
        for s in sections.indices {
            for r in sections[s].rows.indices {
                body(IndexPath(row: r, section: s), flat, &sections[s].rows[r])
                flat += 1
            }
        }
    }
}
