import FetchSimCore

/// Batch updates, as `UITableView` performs them.
///
/// Inside a batch every call is only recorded; at the end of the outermost batch the whole batch
/// is validated against the table's cached counts and the data source's current counts, then
/// applied at once (semantics.md rule 13): deletes, reloads and reconfigures use the old
/// numbering, inserts the new one, moves go from old to new, and deletes are processed first
/// whatever the call order. A call made outside any batch is a batch of one operation, validated
/// and applied at once — so these methods throw. Inside a batch they never throw.
extension SimulatedTableView {
    /// Starts a batch, or nests inside the current one.
    public func beginUpdates() {
        updateDepth += 1
    }

    /// Ends the innermost batch; ending the outermost one validates and applies the whole batch.
    public func endUpdates() throws(TableViewError) {
        guard updateDepth > 0 else { throw .endUpdatesWithoutBeginUpdates }
        updateDepth -= 1
        guard updateDepth == 0 else { return }
        let operations = pendingOperations
        pendingOperations = []
        try commit(operations, rejectsSamePathMoves: true)
    }

    /// Runs `updates` as one batch (nestable).
    ///
    /// If `updates` throws, the batch is abandoned: when it was the outermost batch, nothing it
    /// recorded is applied and the table is marked out of step (the data source may have changed
    /// half-way). A `TableViewError` is rethrown as is, any other error as `.updateBlockFailed`.
    public func performBatchUpdates(_ updates: () throws -> Void) throws(TableViewError) {
        beginUpdates()
        do {
            try updates()
        } catch {
            updateDepth -= 1
            if updateDepth == 0 {
                lastBatch = pendingOperations
                pendingOperations = []
                isOutOfStep = true
            }
            throw (error as? TableViewError) ?? .updateBlockFailed(String(describing: error))
        }
        try endUpdates()
    }

    /// Inserts rows at these index paths of the **new** layout.
    public func insertRows(at indexPaths: [IndexPath]) throws(TableViewError) {
        try record(.insertRows(indexPaths))
    }

    /// Deletes the rows at these index paths of the **old** layout.
    public func deleteRows(at indexPaths: [IndexPath]) throws(TableViewError) {
        try record(.deleteRows(indexPaths))
    }

    /// Replaces the rows at these index paths of the **old** layout: each gets its identifier from
    /// the data source again and, if visible, a freshly configured cell. UIKit performs a reload
    /// as a delete plus an insert, which shows in its messages.
    public func reloadRows(at indexPaths: [IndexPath]) throws(TableViewError) {
        try record(.reloadRows(indexPaths))
    }

    /// Re-runs the data source's `cellForRowAt` into the existing cells of these rows, without
    /// replacing the cells or re-reading the rows' identifiers (iOS 15).
    ///
    /// Choice: inside a batch the index paths are in the **old** numbering, like `reloadRows`
    /// (Apple's documentation does not say; this matches reloads and keeps every "refresh this
    /// row" call in one numbering). The refresh happens after the batch is applied, at the row's
    /// new position, so a reconfigured row that also moves or shifts shows its new content. Rows
    /// that the batch deletes or reloads, or that are off screen, are left alone.
    public func reconfigureRows(at indexPaths: [IndexPath]) throws(TableViewError) {
        try record(.reconfigureRows(indexPaths))
    }

    /// Moves the row at `indexPath` (old numbering) to `newIndexPath` (new numbering). The row keeps
    /// its existing cell, unconfigured. Inside an explicit batch, a move to the same index path is
    /// rejected, as UIKit does; outside one it is a harmless one-operation batch.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(TableViewError) {
        try record(.moveRow(from: indexPath, to: newIndexPath))
    }

    /// Inserts sections at these indexes of the **new** layout; their rows, identifiers and titles
    /// come from the data source.
    public func insertSections(_ sections: some Sequence<Int>) throws(TableViewError) {
        try record(.insertSections(Array(sections)))
    }

    /// Deletes the sections at these indexes of the **old** layout.
    public func deleteSections(_ sections: some Sequence<Int>) throws(TableViewError) {
        try record(.deleteSections(Array(sections)))
    }

    /// Moves the section at `section` (old numbering) to `newSection` (new numbering), with its rows
    /// and cells as they are.
    public func moveSection(_ section: Int, toSection newSection: Int) throws(TableViewError) {
        try record(.moveSection(from: section, to: newSection))
    }

    /// Records `operation` in the current batch, or performs it as a batch of its own.
    private func record(_ operation: TableOperation) throws(TableViewError) {
        if updateDepth > 0 {
            // A batch makes a few calls: room for four at once, not regrown at 2 and 4.
            if pendingOperations.isEmpty { pendingOperations.reserveCapacity(4) }
            pendingOperations.append(operation)
        } else {
            try commit([operation], rejectsSamePathMoves: false)
        }
    }

    /// Validates `operations` as one batch and applies them, or throws and keeps the old state.
    private func commit(_ operations: [TableOperation], rejectsSamePathMoves: Bool) throws(TableViewError) {
        lastBatch = operations
        let newSectionCount = dataSource?.numberOfSections(in: self) ?? 0
        let after = (0..<newSectionCount).map { dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0 }
        let validator = BatchValidator(
            request: BatchRequest(operations), before: storage.rowCounts, after: after,
            rejectsSamePathMoves: rejectsSamePathMoves,
            reportsReloadAndMoveAsTwoAnimations: reportsReloadAndMoveAsTwoAnimations)
        let plan: BatchPlan
        do {
            plan = try validator.validate()
        } catch {
            isOutOfStep = true
            guard style == .collection else { throw error }
            switch error {
            case .invalidRowCount, .invalidSectionCount:
                // The counts that do not add up, with the whole batch, for iOS 16.4's wording.
                throw .invalidBatchUpdates(
                    error, before: storage.rowCounts, after: after,
                    updates: TableViewError.batchUpdates(operations))
            default:
                throw .inCollectionView(error)
            }
        }
        apply(plan)
    }

    /// Edits the old layout into the new one (see `BatchValidator.plan`), then updates the cells.
    /// - Complexity: O(b log n + sections + viewport) for b operations, plus the rows of
    ///   inserted sections, which the data source must describe.
    private func apply(_ plan: BatchPlan) {
        let oldSections = storage.sections
        // The rows taken out, for the insertions that move them back in: searched in a short
        // list (a batch removes a few rows), through an index by path when it removes many.
        var removed: [(key: RowKey, row: TableRow)] = []
        removed.reserveCapacity(plan.removals.count)
        for key in plan.removals.reversed() {
            removed.append((key, storage.removeRow(at: key.path)))
        }
        if plan.rearrangesSections {
            storage.arrange(
                plan.sections.enumerated().map { new, source in
                    switch source {
                    case .old(let old): oldSections[old]
                    case .inserted: loadSection(new)
                    }
                })
        }
        let index: [RowKey: Int]? =
            removed.count <= 16
            ? nil
            : Dictionary(removed.indices.map { (removed[$0].key, $0) }, uniquingKeysWith: { _, last in last })
        func removedRow(_ path: IndexPath) -> TableRow? {
            let key = RowKey(path)
            if let index { return index[key].map { removed[$0].row } }
            return removed.first { $0.key == key }?.row
        }
        for insertion in plan.insertions {
            let path = IndexPath(row: insertion.row, section: insertion.section)
            let row: TableRow
            switch insertion.source {
            case .old(let from): row = removedRow(from) ?? freshRow(at: path)
            case .fresh: row = freshRow(at: path)
            }
            storage.insertRow(row, at: path)
        }
        for path in plan.reloaded {
            storage.replaceRow(at: path, with: freshRow(at: path))
        }
        sectionIndexTitles = dataSource?.sectionIndexTitles(for: self)
        refreshViewport()
        for path in plan.reconfigured where storage.cell(at: path) != nil {
            configureCell(at: path)
        }
    }
}
