import FetchSimCore

/// The rows of the table as the screen lays them out: one header line per section, then its rows;
/// while a row is carried, the arrangement the table shows during an interactive move (the row
/// taken out of its source and put at its destination, UIKit's numbering after removal).
///
/// Built from the table's cached row counts, so every query is O(sections), never O(rows).
package struct TableLayout: Equatable, Sendable {
    /// The row being carried: where it is in the table and where it would be dropped.
    package struct Carry: Equatable, Sendable {
        package var source: IndexPath
        package var destination: IndexPath

        package init(source: IndexPath, destination: IndexPath) {
            self.source = source
            self.destination = destination
        }
    }

    /// What a display line holds.
    package enum Item: Equatable, Sendable {
        case header(section: Int)
        /// A row at its shown path, and the table row it is (`nil` path: the carried row).
        case row(shown: IndexPath, table: IndexPath)
    }

    /// The table's row count of every section.
    package let tableCounts: [Int]
    package let carry: Carry?
    /// The row counts as shown.
    package let counts: [Int]
    /// The display line of every section's header.
    private let headerLines: [Int]

    package init(tableCounts: [Int], carry: Carry? = nil) {
        self.tableCounts = tableCounts
        self.carry = carry
        var counts = tableCounts
        if let carry {
            counts[carry.source.section] -= 1
            counts[carry.destination.section] += 1
        }
        self.counts = counts
        var line = 0
        var headers: [Int] = []
        for count in counts {
            headers.append(line)
            line += count + 1
        }
        headerLines = headers
        lineCount = line
    }

    /// Lines in all: headers and rows.
    package let lineCount: Int

    package var sectionCount: Int { counts.count }

    /// The display line of the shown row `path`.
    package func line(of path: IndexPath) -> Int { headerLines[path.section] + 1 + path.row }

    /// The flat index of the shown row `path` (rows only, headers not counted), as a viewport counts.
    package func flatRow(of path: IndexPath) -> Int { line(of: path) - path.section - 1 }

    /// What the display line `line` holds; `nil` past the end.
    /// - Complexity: O(log sections).
    package func item(atLine line: Int) -> Item? {
        guard line >= 0, line < lineCount else { return nil }
        var low = 0
        var high = headerLines.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if headerLines[middle] <= line { low = middle } else { high = middle - 1 }
        }
        let row = line - headerLines[low] - 1
        guard row >= 0 else { return .header(section: low) }
        let shown = IndexPath(row: row, section: low)
        return .row(shown: shown, table: tablePath(ofShown: shown))
    }

    /// The table row shown at `shown` (the carried row is its source).
    package func tablePath(ofShown shown: IndexPath) -> IndexPath {
        guard let carry else { return shown }
        if shown == carry.destination { return carry.source }
        var row = shown.row
        if shown.section == carry.destination.section, row > carry.destination.row { row -= 1 }
        if shown.section == carry.source.section, row >= carry.source.row { row += 1 }
        return IndexPath(row: row, section: shown.section)
    }

    /// The shown row after `path` going `down` (or up), across empty sections; `nil` at the ends.
    package func step(from path: IndexPath, down: Bool) -> IndexPath? {
        if down {
            if path.row + 1 < counts[path.section] { return IndexPath(row: path.row + 1, section: path.section) }
            var section = path.section + 1
            while section < counts.count, counts[section] == 0 { section += 1 }
            return section < counts.count ? IndexPath(row: 0, section: section) : nil
        }
        if path.row > 0 { return IndexPath(row: path.row - 1, section: path.section) }
        var section = path.section - 1
        while section >= 0, counts[section] == 0 { section -= 1 }
        return section >= 0 ? IndexPath(row: counts[section] - 1, section: section) : nil
    }

    /// The first shown row, if any.
    package var firstRow: IndexPath? {
        counts.firstIndex { $0 > 0 }.map { IndexPath(row: 0, section: $0) }
    }

    /// The shown row nearest to `path` (the same path when it exists; the section's last row, or
    /// the next section's first, when the section shrank).
    package func clamped(_ path: IndexPath) -> IndexPath? {
        guard !counts.isEmpty else { return nil }
        let section = min(max(path.section, 0), counts.count - 1)
        if counts[section] > 0 { return IndexPath(row: min(max(path.row, 0), counts[section] - 1), section: section) }
        return step(from: IndexPath(row: 0, section: section), down: true)
            ?? step(from: IndexPath(row: 0, section: section), down: false)
    }
}
