import FetchSimCore

extension SimulatedTableView {
    /// The object and the cell (if the row has one) of each row of `rows` in `section`, in
    /// order — what `rowIdentifier(at:)` and `cellForRow(at:)` give row by row, in one walk.
    /// - Complexity: O(log n + rows.count).
    package func rowContents(inSection section: Int, rows: Range<Int>) -> [(identifier: Int, cell: TableCell?)] {
        guard storage.numberOfSections > section, section >= 0 else { return [] }
        let rows = rows.clamped(to: 0..<storage.numberOfRows(inSection: section))
        var contents: [(identifier: Int, cell: TableCell?)] = []
        contents.reserveCapacity(rows.count)
        let cells = storage.cells
        storage.sections[section].rows.forEach(from: rows.lowerBound) { row in
            contents.append((row.identifier, cells[row.serial]))
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
        guard let row = storage.row(at: indexPath), storage.cells[row.serial] != nil else { return false }
        storage.cells[row.serial] = cell
        return true
    }
}
