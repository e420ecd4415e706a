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
        try userMoveRow(from: source, to: destination) { table in
            table.dataSource?.tableView(table, moveRowAt: source, to: destination)
        }
    }

    /// The same drag, with `writeBack` in the place of the data source's
    /// `tableView(_:moveRowAt:to:)`: for a caller that wants what the write-back did as a value
    /// rather than reading it from the data source afterwards.
    ///
    /// ```swift
    /// let writes = try table.userMoveRow(from: source, to: destination) { table in
    ///     dataSource.writeDrop(in: table, from: source, to: destination, flagged: true).writes
    /// }
    /// ```
    /// - Parameters:
    ///   - source: The row the user picks up.
    ///   - destination: Where the user drops it, numbered after the row's removal.
    ///   - writeBack: Runs once the table shows the row at `destination`, as `moveRowAt` would.
    /// - Returns: What `writeBack` returned.
    /// - Throws: `userMoveDuringUpdates` inside a batch, `userMoveOutOfRange` when the row cannot
    ///   land at `destination` (`writeBack` then does not run).
    package func userMoveRow<Outcome>(
        from source: IndexPath, to destination: IndexPath, writingBack writeBack: (SimulatedTableView) -> Outcome
    ) throws(TableViewError) -> Outcome {
        guard updateDepth == 0 else { throw .userMoveDuringUpdates }
        guard let rows = dropRows(from: source, inSection: destination.section), rows.contains(destination.row) else {
            throw .userMoveOutOfRange(from: source, to: destination)
        }
        let row = storage.removeRow(at: source)
        storage.insertRow(row, at: destination)
        lastBatch = [.userMoveRow(from: source, to: destination)]
        let outcome = writeBack(self)
        refreshViewport(configuringNewRows: false)
        return outcome
    }

    /// The rows a drag of the row at `source` may be dropped at in `section` — 0 through the
    /// section's row count, one fewer within its own section (the row is lifted out first) — or
    /// nil when there is no row at `source` or no section `section`. The table's part of the rule
    /// for whether a drag can happen (Adapters' `ListDataSource.dragRefusal` adds the app's).
    package func dropRows(from source: IndexPath, inSection section: Int) -> ClosedRange<Int>? {
        guard storage.contains(source), section >= 0, section < storage.numberOfSections else { return nil }
        return 0...(storage.numberOfRows(inSection: section) - (source.section == section ? 1 : 0))
    }
}
