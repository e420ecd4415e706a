import FetchSimCore
import FetchSimStorage

/// One row as the table knows it: the object it shows, and a serial naming the row itself, which
/// its cell is filed under (a row keeps its serial, and so its cell, when it moves).
package struct TableRow: Equatable, Sendable {
    package var identifier: Int
    package var serial: Int
}

/// One section as the table knows it: its cached header title, its rows, and the fingerprint of
/// their identifiers, kept up to date by every row operation.
final class TableSection {
    var title: String?
    let rows: RowList<TableRow>
    var fingerprint: SequenceFingerprint

    init(title: String?, rows: [TableRow]) {
        self.title = title
        self.rows = RowList(rows)
        fingerprint = SequenceFingerprint(rows.lazy.map(\.identifier))
    }
}

/// The table's row storage: one `RowList` per section, the total row count, and the configured
/// cells of the rows on screen, filed by row serial.
///
/// Everything the table knows about its rows goes through this type. Row operations cost
/// O(log n) and keep each section's fingerprint; section operations cost O(sections). Index
/// arguments are checked by the callers; the methods trust them.
final class RowStorage {
    private(set) var sections: [TableSection] = []
    /// Rows in all sections together, kept as rows come and go.
    private(set) var totalRowCount = 0
    /// The configured cells, by row serial; only rows inside the viewport have one.
    var cells = CellTable<TableCell>() {
        didSet { generation &+= 1 }
    }
    /// Changes with every change of the rows or the cells: a viewport refresh that finds it as
    /// the last complete refresh left it has nothing to do.
    private(set) var generation = 0
    private var nextSerial = 0

    var numberOfSections: Int { sections.count }

    /// Every section's row count, in order.
    /// - Complexity: O(sections).
    var rowCounts: [Int] { sections.map(\.rows.count) }

    /// A row for `identifier` that no other row has been: it has no cell yet.
    func makeRow(identifier: Int) -> TableRow {
        nextSerial += 1
        return TableRow(identifier: identifier, serial: nextSerial)
    }

    /// Replaces everything with fresh sections and no cells.
    func reset(_ sections: [TableSection]) {
        generation &+= 1
        self.sections = sections
        cells = CellTable<TableCell>()
        totalRowCount = sections.reduce(0) { $0 + $1.rows.count }
    }

    /// Replaces the list of sections (a batch's new layout); cells stay filed by serial.
    /// - Complexity: O(sections).
    func arrange(_ sections: [TableSection]) {
        generation &+= 1
        self.sections = sections
        totalRowCount = sections.reduce(0) { $0 + $1.rows.count }
    }

    func contains(_ path: IndexPath) -> Bool {
        sections.indices.contains(path.section) && path.row >= 0 && path.row < sections[path.section].rows.count
    }

    func numberOfRows(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].rows.count : 0
    }

    func title(ofSection section: Int) -> String? {
        sections.indices.contains(section) ? sections[section].title : nil
    }

    func fingerprint(ofSection section: Int) -> SequenceFingerprint? {
        sections.indices.contains(section) ? sections[section].fingerprint : nil
    }

    /// - Complexity: O(log n).
    func row(at path: IndexPath) -> TableRow? {
        contains(path) ? sections[path.section].rows[path.row] : nil
    }

    /// The cell of the row at `path`, if it has one.
    func cell(at path: IndexPath) -> TableCell? {
        row(at: path).flatMap { cells[$0.serial] }
    }

    func identifiers(inSection section: Int) -> [Int] {
        sections.indices.contains(section) ? sections[section].rows.rows.map(\.identifier) : []
    }

    /// The first index path showing `identifier`.
    /// - Complexity: O(rows).
    func indexPath(forIdentifier identifier: Int) -> IndexPath? {
        for (s, section) in sections.enumerated() {
            var r = 0
            var found = false
            section.rows.forEach { row in
                found = row.identifier == identifier
                if !found { r += 1 }
                return !found
            }
            if found { return IndexPath(row: r, section: s) }
        }
        return nil
    }

    /// The identifiers on either side of row `row` of `section` (nil at the section's ends).
    private func neighbours(of row: Int, in section: TableSection, excluding: Bool) -> (Int?, Int?) {
        let before = row > 0 ? section.rows[row - 1].identifier : nil
        let next = row + (excluding ? 1 : 0)
        let after = next < section.rows.count ? section.rows[next].identifier : nil
        return (before, after)
    }

    /// Removes the row at `path` and returns it (its cell stays filed under its serial).
    /// - Complexity: O(log n).
    func removeRow(at path: IndexPath) -> TableRow {
        generation &+= 1
        let section = sections[path.section]
        let (before, after) = neighbours(of: path.row, in: section, excluding: true)
        let row = section.rows.remove(at: path.row)
        section.fingerprint.remove(row.identifier, after: before, before: after)
        totalRowCount -= 1
        return row
    }

    /// Inserts `row` so that it ends up at `path`.
    /// - Complexity: O(log n).
    func insertRow(_ row: TableRow, at path: IndexPath) {
        generation &+= 1
        let section = sections[path.section]
        let (before, after) = neighbours(of: path.row, in: section, excluding: false)
        section.rows.insert(row, at: path.row)
        section.fingerprint.insert(row.identifier, after: before, before: after)
        totalRowCount += 1
    }

    /// Replaces the row at `path` (a reload); the old row's cell is dropped.
    /// - Complexity: O(log n).
    func replaceRow(at path: IndexPath, with row: TableRow) {
        generation &+= 1
        let section = sections[path.section]
        let (before, after) = neighbours(of: path.row, in: section, excluding: true)
        let old = section.rows[path.row]
        section.rows[path.row] = row
        section.fingerprint.replace(old.identifier, with: row.identifier, after: before, before: after)
        cells[old.serial] = nil
    }

    /// The index path of the row at flattened index `flat` (rows counted across sections).
    /// - Complexity: O(sections).
    func indexPath(forFlatIndex flat: Int) -> IndexPath? {
        guard flat >= 0, flat < totalRowCount else { return nil }
        var rest = flat
        for (s, section) in sections.enumerated() {
            if rest < section.rows.count { return IndexPath(row: rest, section: s) }
            rest -= section.rows.count
        }
        return nil
    }

    /// Calls `body` with the rows at flattened indexes `range`, in order, a leaf's run of rows at
    /// a time and without building an array (the viewport's walk after every batch): `body` gets
    /// the section, the index of the run's first row in it, and the rows.
    /// - Complexity: O(sections + range.count + log n).
    func forEachRun(
        inFlatRange range: Range<Int>, _ body: (_ section: Int, _ firstRow: Int, Span<TableRow>) -> Void
    ) {
        guard !range.isEmpty, let start = indexPath(forFlatIndex: range.lowerBound) else { return }
        var left = range.count
        var section = start.section
        var first = start.row
        while left > 0, section < sections.count {
            var row = first
            sections[section].rows.forEachRun(from: first) { rows in
                let taken = min(rows.count, left)
                body(section, row, rows.extracting(..<taken))
                row += taken
                left -= taken
                return left > 0
            }
            section += 1
            first = 0
        }
    }

    /// The rows at flattened indexes `range`, with their index paths, in order.
    /// - Complexity: O(sections + range.count × log n).
    func rows(inFlatRange range: Range<Int>) -> [(path: IndexPath, row: TableRow)] {
        guard !range.isEmpty, var path = indexPath(forFlatIndex: range.lowerBound) else { return [] }
        var out: [(path: IndexPath, row: TableRow)] = []
        out.reserveCapacity(range.count)
        while out.count < range.count, path.section < sections.count {
            sections[path.section].rows.forEach(from: path.row) { row in
                out.append((path, row))
                path.row += 1
                return out.count < range.count
            }
            path = IndexPath(row: 0, section: path.section + 1)
        }
        return out
    }
}
