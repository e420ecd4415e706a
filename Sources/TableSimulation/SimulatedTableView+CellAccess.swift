import FetchSimCore

extension SimulatedTableView {
    /// The rows of `rows` in `section`, in order, each with the identifier of its cell (if it has
    /// one) — what `rowIdentifier(at:)` and `cellForRow(at:)` give row by row, in one walk,
    /// without copying any cell. Rows and sections outside the table are left out.
    /// - Complexity: O(log n + rows.count).
    package func shownRows(inSection section: Int, rows: Range<Int>) -> [ShownRow] {
        guard section >= 0, section < storage.numberOfSections else { return [] }
        let rows = rows.clamped(to: 0..<storage.numberOfRows(inSection: section))
        guard !rows.isEmpty else { return [] }
        var contents: [ShownRow] = []
        contents.reserveCapacity(rows.count)
        let cells = storage.cells
        // A leaf's run of rows at a time, each row's cell read where it is filed.
        storage.sections[section].rows.forEachRun(from: rows.lowerBound) { run in
            for offset in run.indices.prefix(rows.count - contents.count) {
                let row = run[offset]
                contents.append(ShownRow(row: row, cellIdentifier: cells.withCell(of: row.serial) { $0?.identifier }))
            }
            return contents.count < rows.count
        }
        return contents
    }

    /// Replaces the content of the visible cell at `indexPath` right now, as app code does with
    /// `if let cell = tableView.cellForRow(at:) { configure(cell) }`. The index path is the table's
    /// current one — inside a batch, the numbering before the batch. Returns false when there is
    /// no visible cell there (nothing happens, as with UIKit's `nil` cell).
    @discardableResult
    public func configureVisibleCell(at indexPath: IndexPath, with cell: TableCell) -> Bool {
        configureVisibleCell(at: indexPath, making: { cell })
    }

    /// `configureVisibleCell(at:with:)` with the cell made by `makeCell` only when there is a
    /// visible cell to replace: most rows an event touches are off screen, and making their
    /// cells (formatting every value) would be wasted.
    @discardableResult
    public func configureVisibleCell(at indexPath: IndexPath, making makeCell: () -> TableCell) -> Bool {
        guard let row = storage.row(at: indexPath), storage.cells.contains(row.serial) else { return false }
        storage.cells[row.serial] = makeCell()
        return true
    }
}

/// A row as a list reads it in bulk: the object it shows and the identifier of its cell, if any.
package struct ShownRow {
    package let row: TableRow
    /// The cell's `identifier`; nil when the row has no cell.
    package let cellIdentifier: Int?

    /// The object the row shows.
    package var identifier: Int { row.identifier }
}
