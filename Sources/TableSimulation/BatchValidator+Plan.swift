import FetchSimCore

extension BatchValidator {
    /// The new layout of a validated batch (semantics.md rule 13).
    ///
    /// In every surviving section, inserted rows and moved-in rows take their new indexes; the
    /// old rows that are neither deleted nor moved away fill the remaining slots in their old
    /// relative order. Reloaded rows keep their place but become fresh. Only valid batches come
    /// here, so the slots and the survivors always match in number.
    /// - Complexity: O(rows of the surviving sections + operations).
    func plan(_ sections: [SectionSource]) -> BatchPlan {
        var insertsBySection = [Int: [Int]]()
        for path in request.insertedRows { insertsBySection[path.section, default: []].append(path.row) }
        var movesBySection = [Int: [(row: Int, from: IndexPath)]]()
        for (from, to) in request.rowMoves { movesBySection[to.section, default: []].append((to.row, from)) }
        let movedAway = Set(request.rowMoves.map(\.from))

        var rows: [[RowSource]] = []
        var reconfigured: [IndexPath] = []
        for (new, source) in sections.enumerated() {
            guard case .old(let old) = source else {
                rows.append([])
                continue
            }
            var slots = [RowSource?](repeating: nil, count: after[new])
            for row in insertsBySection[new, default: []] { slots[row] = .fresh }
            for move in movesBySection[new, default: []] { slots[move.row] = .old(move.from) }
            var survivors = (0..<before[old]).lazy
                .map { IndexPath(row: $0, section: old) }
                .filter { !request.deletedRows.contains($0) && !movedAway.contains($0) }
                .makeIterator()
            for index in slots.indices where slots[index] == nil {
                guard let path = survivors.next() else { break }
                slots[index] = request.reloadedRows.contains(path) ? .fresh : .old(path)
            }
            let sectionRows = slots.map { $0 ?? .fresh }
            for (index, rowSource) in sectionRows.enumerated() {
                if case .old(let path) = rowSource, request.reconfiguredRows.contains(path) {
                    reconfigured.append(IndexPath(row: index, section: new))
                }
            }
            rows.append(sectionRows)
        }
        return BatchPlan(sections: sections, rows: rows, reconfigured: reconfigured)
    }
}
