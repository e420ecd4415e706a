import FetchSimCore

extension SimulatedTableView {
    /// The user drags the row at `source` and drops it at `destination` (docs/semantics.md, rules 18–19).
    ///
    /// As in UIKit, the table changes first and on its own: the row — its identifier and its cell,
    /// unchanged — moves at once, without a batch and without asking the data source for counts,
    /// and the cached row counts follow (a cross-section drag changes two sections). Only then is
    /// the data source told, through `tableView(_:moveRowAt:to:)`, so that it can update its model
    /// to match what the table already shows. Cells of rows the drag takes out of the viewport are
    /// dropped; rows it brings into view get their cells at the next layout pass
    /// (`layoutIfNeeded()`, the end of the run-loop turn) — asking the data source now would read a
    /// model whose controller has not yet processed the drag.
    ///
    /// `destination` is numbered after the row's removal, as UIKit's: within one section,
    /// dragging row 3 to row 1 gives `to: [s, 1]`, and dragging row 1 below row 3 gives
    /// `to: [s, 3]`; across sections any row from 0 to the destination's count is valid.
    ///
    /// A drag does not clear `isOutOfStep` and is not validated against the data source.
    public func userMoveRow(from source: IndexPath, to destination: IndexPath) throws(TableViewError) {
        guard updateDepth == 0 else { throw .userMoveDuringUpdates }
        guard let rows = dropRows(from: source, inSection: destination.section), rows.contains(destination.row) else {
            throw .userMoveOutOfRange(from: source, to: destination)
        }
        let row = storage.removeRow(at: source)
        storage.insertRow(row, at: destination)
        lastBatch = [.userMoveRow(from: source, to: destination)]
        dataSource?.tableView(self, moveRowAt: source, to: destination)
        refreshViewport(configuringNewRows: false)
    }

    /// The rows a drag of the row at `source` may be dropped at in `section` — 0 through the
    /// section's row count, one fewer within its own section (the row is lifted out first) — or
    /// nil when there is no row at `source` or no section `section`. The one rule for where a
    /// drag may land; the interpreter and the fuzzer ask it too.
    public func dropRows(from source: IndexPath, inSection section: Int) -> ClosedRange<Int>? {
        guard storage.contains(source), section >= 0, section < storage.numberOfSections else { return nil }
        return 0...(storage.numberOfRows(inSection: section) - (source.section == section ? 1 : 0))
    }
}
