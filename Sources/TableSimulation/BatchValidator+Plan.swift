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
        var newIndexOfOld = [Int](repeating: -1, count: before.count)
        var rearranges = sections.count != before.count
        for (new, source) in sections.enumerated() {
            if case .old(let old) = source {
                newIndexOfOld[old] = new
                if old != new { rearranges = true }
            } else {
                rearranges = true
            }
        }
        var removals: [Int: [Int]] = [:]
        for key in request.deletedRows where newIndexOfOld[key.section] >= 0 {
            removals[key.section, default: []].append(key.row)
        }
        var insertions: [Int: [BatchPlan.Insertion]] = [:]
        for key in request.insertedRows where sections[key.section] != .inserted {
            insertions[key.section, default: []].append(BatchPlan.Insertion(row: key.row, source: .fresh))
        }
        var destinations: [RowKey: IndexPath] = [:]
        for (from, to) in request.rowMoves {
            removals[from.section, default: []].append(from.row)
            insertions[to.section, default: []].append(BatchPlan.Insertion(row: to.row, source: .old(from)))
            destinations[RowKey(from)] = to
        }
        for key in removals.keys { removals[key]?.sort() }
        for key in insertions.keys { insertions[key]?.sort { $0.row < $1.row } }

        /// Where a row that is neither deleted nor moved away ends up.
        func survivorPath(_ old: RowKey) -> IndexPath {
            let removed = removals[old.section] ?? []
            var row = old.row - removed.countOfElements(below: old.row)
            let new = newIndexOfOld[old.section]
            for insertion in insertions[new] ?? [] {
                guard insertion.row <= row else { break }
                row += 1
            }
            return IndexPath(row: row, section: new)
        }
        let reloaded = request.reloadedRows.elements
            .filter { newIndexOfOld[$0.section] >= 0 }
            .map(survivorPath)
        let reconfigured = request.reconfiguredRows.elements
            .filter { path in
                newIndexOfOld[path.section] >= 0 && !request.deletedRows.contains(path) && !request.reloadedRows.contains(path)
            }
            .map { destinations[$0] ?? survivorPath($0) }
        return BatchPlan(
            sections: sections, rearrangesSections: rearranges, removals: removals, insertions: insertions,
            reloaded: reloaded.sorted(), reconfigured: reconfigured.sorted())
    }
}
