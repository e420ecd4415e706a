import FetchSimCore

extension BatchValidator {
    /// The edits that turn the old layout into the new one (semantics.md rule 13).
    ///
    /// In every surviving section, inserted rows and moved-in rows take their new indexes; the
    /// old rows that are neither deleted nor moved away fill the remaining slots in their old
    /// relative order. Reloaded rows keep their place but become fresh. So the table takes out
    /// the deleted and moved-away rows (bottom up), then puts in the inserted and moved-in rows
    /// at their new indexes (top down), and a surviving row at old index `r` ends up at the
    /// `r′`-th free slot, `r′` being `r` less the rows taken out above it. Only valid batches come
    /// here, so the slots and the survivors always match in number.
    /// - Complexity: O(b log b + sections) for b operations.
    func plan(_ sections: [SectionSource]) -> BatchPlan {
        // Where each old section went; nil for a deleted one.
        var newIndexOfOld = [Int?](repeating: nil, count: before.count)
        var rearranges = sections.count != before.count
        for (new, source) in sections.enumerated() {
            if case .old(let old) = source {
                newIndexOfOld[old] = new
                if old != new { rearranges = true }
            } else {
                rearranges = true
            }
        }
        // Flat lists sorted by section then row, not dictionaries of per-section arrays: a batch
        // touches a few rows, and hashing, growing and sorting per section cost more than the
        // rows themselves. Deletes and inserts come sorted; only moves need a sort.
        var removals: [RowKey] = []
        var insertions: [BatchPlan.Insertion] = []
        for key in request.deletedRows where newIndexOfOld[key.section] != nil {
            if removals.isEmpty { removals.reserveCapacity(request.deletedRows.count + request.rowMoves.count) }
            removals.append(key)
        }
        for key in request.insertedRows where sections[key.section] != .inserted {
            if insertions.isEmpty { insertions.reserveCapacity(request.insertedRows.count + request.rowMoves.count) }
            insertions.append(BatchPlan.Insertion(section: key.section, row: key.row, source: .fresh))
        }
        for (from, to) in request.rowMoves {
            removals.append(RowKey(from))
            insertions.append(BatchPlan.Insertion(section: to.section, row: to.row, source: .old(from)))
        }
        if !request.rowMoves.isEmpty {
            // A valid batch takes out and puts in each path at most once: the orders are total.
            removals.sort()
            insertions.sort { $0.section != $1.section ? $0.section < $1.section : $0.row < $1.row }
        }

        /// Where a row that is neither deleted nor moved away ends up, its section now at `new`.
        func survivorPath(_ old: RowKey, inSection new: Int) -> IndexPath {
            let removedAbove =
                removals.countOfElements(below: old)
                - removals.countOfElements(below: RowKey(section: old.section, row: .min))
            var row = old.row - removedAbove
            var lo = 0
            var hi = insertions.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if insertions[mid].section < new { lo = mid + 1 } else { hi = mid }
            }
            for insertion in insertions[lo...] {
                guard insertion.section == new, insertion.row <= row else { break }
                row += 1
            }
            return IndexPath(row: row, section: new)
        }
        // A moved row's destination: searched among a few moves, through an index among many.
        let destinations: [RowKey: IndexPath]? =
            request.rowMoves.count <= 16 || request.reconfiguredRows.isEmpty
            ? nil
            : Dictionary(request.rowMoves.map { (RowKey($0.from), $0.to) }, uniquingKeysWith: { _, last in last })
        func destination(_ key: RowKey) -> IndexPath? {
            if let destinations { return destinations[key] }
            return request.rowMoves.first { RowKey($0.from) == key }?.to
        }
        let reloaded = request.reloadedRows.elements.compactMap { key in
            newIndexOfOld[key.section].map { survivorPath(key, inSection: $0) }
        }
        let reconfigured = request.reconfiguredRows.elements.compactMap { key -> IndexPath? in
            guard let new = newIndexOfOld[key.section], !request.deletedRows.contains(key),
                !request.reloadedRows.contains(key)
            else { return nil }
            return destination(key) ?? survivorPath(key, inSection: new)
        }
        return BatchPlan(
            sections: sections, rearrangesSections: rearranges, removals: removals, insertions: insertions,
            reloaded: reloaded.sorted(), reconfigured: reconfigured.sorted())
    }
}
