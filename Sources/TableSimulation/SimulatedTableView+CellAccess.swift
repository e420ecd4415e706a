import FetchSimCore

extension SimulatedTableView {
    /// The rows of `rows` in `section`, in order, each with what its cell (if it has one) shows
    /// and was formatted from — what `rowIdentifier(at:)` and `cellForRow(at:)` give row by row,
    /// in one walk, without copying any cell's text. `cell(of:)` reads a row's whole cell.
    /// - Complexity: O(log n + rows.count).
    package func shownRows(inSection section: Int, rows: Range<Int>) -> [ShownRow] {
        var contents: [ShownRow] = []
        appendShownRows(inSection: section, rows: rows, to: &contents)
        return contents
    }

    /// `shownRows(inSection:rows:)` lent to `body`, built in a buffer the table keeps between
    /// calls: the full consistency check reads every section after every batch, and a fresh
    /// array per section would cost an allocation and its release each time. The rows are plain
    /// words (`ShownRow`), so the kept buffer holds nothing alive.
    package func withShownRows(
        inSection section: Int, rows: Range<Int>, _ body: (UnsafeBufferPointer<ShownRow>) -> Void
    ) {
        var contents: [ShownRow] = []
        // Taken out while in use, so that a nested call (none today) would build its own.
        swap(&contents, &shownRowsBuffer)
        defer {
            contents.removeAll(keepingCapacity: true)
            swap(&contents, &shownRowsBuffer)
        }
        appendShownRows(inSection: section, rows: rows, to: &contents)
        contents.withUnsafeBufferPointer(body)
    }

    /// Appends the rows of `shownRows(inSection:rows:)` to `contents`.
    private func appendShownRows(inSection section: Int, rows: Range<Int>, to contents: inout [ShownRow]) {
        guard storage.numberOfSections > section, section >= 0 else { return }
        let rows = rows.clamped(to: 0..<storage.numberOfRows(inSection: section))
        guard !rows.isEmpty else { return }
        let start = contents.count
        let end = start + rows.count
        // Room made in one append, then each row written in place: an append per row checks
        // the array's uniqueness and capacity every time.
        contents.append(
            contentsOf: repeatElement(
                ShownRow(row: TableRow(identifier: 0, serial: 0), cellIdentifier: nil, cellSource: nil),
                count: rows.count))
        let cells = storage.cells
        let sectionRows = storage.sections[section].rows
        contents.withUnsafeMutableBufferPointer { contents in
            var next = start
            // A leaf's run of rows at a time, each row's cell read where it is filed.
            sectionRows.forEachRun(from: rows.lowerBound) { run in
                let taken = min(run.count, end - next)
                cells.writeShownRows(of: UnsafeBufferPointer(rebasing: run[..<taken]), to: contents, at: next)
                next += taken
                return next < end
            }
        }
    }

    /// The configured cell of `row` (one of `shownRows(inSection:rows:)`), if it has one: what
    /// `cellForRow(at:)` gives for the row's index path.
    /// - Complexity: O(1) on average.
    package func cell(of row: ShownRow) -> TableCell? {
        storage.cells[row.row.serial]
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

/// A row as a checker reads it in bulk: the object it shows, and the object its cell (if any)
/// was configured for with the data its text was formatted from (`TableCell.source`).
package struct ShownRow {
    package let row: TableRow
    /// The cell's `identifier`; nil when the row has no cell.
    package let cellIdentifier: Int?
    /// The cell's `source`, not retained; nil without a cell or a source. Valid while the table
    /// keeps the cell — for a check that reads it before the table changes again — so that the
    /// rows of a section are plain integers: retaining and releasing every row's source for the
    /// check after each batch costs as much as comparing the cell. Read it with
    /// `_withUnsafeGuaranteedRef` before the table changes.
    package let cellSource: Unmanaged<AnyObject>?

    /// The object the row shows.
    package var identifier: Int { row.identifier }
}
