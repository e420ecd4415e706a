import FetchSimCore

extension SimulatedTableView {
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
