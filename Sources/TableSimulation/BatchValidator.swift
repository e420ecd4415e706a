import FetchSimCore

/// Checks one batch the way `UITableView` does at the end of the outermost batch, and plans the
/// new layout when it passes.
///
/// `before` is the table's own cached row count per section (never a fresh data-source query);
/// `after` is what the data source answers now. Checks run in this order and the first failure
/// is thrown:
/// 1. section ranges before the update (deletes, move sources), then the section count, then
///    section ranges after the update (inserts, move destinations), then section conflicts;
/// 2. row ranges: deletes, reloads, reconfigures (old numbering), inserts (new numbering), then
///    each move in call order (source, destination, deleted source section, inserted destination
///    section, same path) — ranges before counts, as the verbatim "attempt to delete row 9 from
///    section 0 which only contains 0 rows" (a batch whose counts were wrong too) shows;
/// 3. row conflicts: delete + reload, delete or reload + move from one path, insert + move to one
///    path, repeated move sources or destinations;
/// 4. the row count of every section that is neither inserted nor deleted, in new order.
///
/// Deletes and reloads inside deleted sections and inserts inside inserted sections pass (after
/// their range check) and are otherwise ignored, as UIKit does.
struct BatchValidator {
    let request: BatchRequest
    let before: [Int]
    let after: [Int]
    /// UIKit rejects `moveRow(at: p, to: p)` inside an explicit batch.
    let rejectsSamePathMoves: Bool
    /// Whether a reload at a move's destination is UIKit's pre-iOS 11 "two animations" failure.
    var reportsReloadAndMoveAsTwoAnimations = false

    func validate() throws(TableViewError) -> BatchPlan {
        let sections = try checkSections()
        try checkRowRanges()
        try checkRowConflicts()
        try checkRowCounts(sections)
        return plan(sections)
    }

    // MARK: Sections

    private func checkSections() throws(TableViewError) -> [SectionSource] {
        let oldCount = before.count
        let newCount = after.count
        for section in request.deletedSections where !(0..<oldCount).contains(section) {
            throw .deleteSectionOutOfRange(section: section, sectionCount: oldCount)
        }
        for move in request.sectionMoves where !(0..<oldCount).contains(move.from) {
            throw .moveSectionFromOutOfRange(section: move.from, sectionCount: oldCount)
        }
        let inserted = request.insertedSections.count
        let deleted = request.deletedSections.count
        guard newCount == oldCount + inserted - deleted else {
            throw .invalidSectionCount(after: newCount, before: oldCount, inserted: inserted, deleted: deleted)
        }
        for section in request.insertedSections where !(0..<newCount).contains(section) {
            throw .insertSectionOutOfRange(section: section, sectionCount: newCount)
        }
        for move in request.sectionMoves where !(0..<newCount).contains(move.to) {
            throw .moveSectionToOutOfRange(from: move.from, to: move.to, sectionCount: newCount)
        }
        var sources = Set<Int>()
        var destinations = Set<Int>()
        for move in request.sectionMoves {
            if request.deletedSections.contains(move.from) { throw .deleteAndMoveSameSection(move.from) }
            if request.insertedSections.contains(move.to) { throw .insertAndMoveSameSection(move.to) }
            guard sources.insert(move.from).inserted else { throw .multipleMovesFromSection(move.from) }
            guard destinations.insert(move.to).inserted else { throw .multipleMovesToSection(move.to) }
        }
        // Inserted and moved-in sections take their new indexes; the other surviving sections
        // fill the remaining slots in their old relative order.
        if request.insertedSections.isEmpty, request.deletedSections.isEmpty, request.sectionMoves.isEmpty {
            // Every section stays where it was (the count check made newCount == oldCount): the
            // usual batch, without the optional slots and their copy.
            return (0..<oldCount).map(SectionSource.old)
        }
        var slots = [SectionSource?](repeating: nil, count: newCount)
        for section in request.insertedSections { slots[section] = .inserted }
        for move in request.sectionMoves { slots[move.to] = .old(move.from) }
        var stayers = (0..<oldCount).lazy
            .filter { !request.deletedSections.contains($0) && !sources.contains($0) }
            .makeIterator()
        for index in slots.indices where slots[index] == nil {
            slots[index] = stayers.next().map(SectionSource.old)
        }
        return slots.map { $0 ?? .inserted }
    }

    // MARK: Rows

    private func checkRowRanges() throws(TableViewError) {
        // Deletes, then reloads (UIKit reports a reload as a delete).
        func checkDeleted(_ rows: SortedSet<RowKey>) throws(TableViewError) {
            for key in rows {
                guard before.indices.contains(key.section) else {
                    throw .deleteRowSectionOutOfRange(key.path, sectionCount: before.count)
                }
                guard (0..<before[key.section]).contains(key.row) else {
                    throw .deleteRowOutOfRange(key.path, rowCount: before[key.section])
                }
            }
        }
        try checkDeleted(request.deletedRows)
        try checkDeleted(request.reloadedRows)
        for key in request.reconfiguredRows {
            guard before.indices.contains(key.section) else {
                throw .reconfigureRowSectionOutOfRange(key.path, sectionCount: before.count)
            }
            guard (0..<before[key.section]).contains(key.row) else {
                throw .reconfigureRowOutOfRange(key.path, rowCount: before[key.section])
            }
        }
        for key in request.insertedRows {
            guard after.indices.contains(key.section) else {
                throw .insertRowSectionOutOfRange(key.path, sectionCount: after.count)
            }
            guard (0..<after[key.section]).contains(key.row) else {
                throw .insertRowOutOfRange(key.path, rowCount: after[key.section])
            }
        }
        for (from, to) in request.rowMoves {
            guard before.indices.contains(from.section) else {
                throw .moveFromSectionOutOfRange(from, sectionCount: before.count)
            }
            guard (0..<before[from.section]).contains(from.row) else {
                throw .moveFromOutOfRange(from, rowCount: before[from.section])
            }
            guard after.indices.contains(to.section) else {
                throw .moveToSectionOutOfRange(from: from, to: to, sectionCount: after.count)
            }
            guard (0..<after[to.section]).contains(to.row) else {
                throw .moveToOutOfRange(from: from, to: to, rowCount: after[to.section])
            }
            if request.deletedSections.contains(from.section) { throw .moveFromDeletedSection(from) }
            if request.insertedSections.contains(to.section) { throw .moveIntoInsertedSection(to.section) }
            if rejectsSamePathMoves && from == to { throw .moveToSameIndexPath(from) }
        }
    }

    private func checkRowConflicts() throws(TableViewError) {
        for key in request.deletedRows where request.reloadedRows.contains(key) {
            throw .deleteAndReloadSameIndexPath(key.path)
        }
        var sources = Set<RowKey>()
        var destinations = Set<RowKey>()
        for (fromPath, toPath) in request.rowMoves {
            let from = RowKey(fromPath)
            let to = RowKey(toPath)
            // UIKit turns a reload into a delete first, hence its wording for reload + move.
            if request.deletedRows.contains(from) || request.reloadedRows.contains(from) {
                throw .deleteAndMoveSameIndexPath(fromPath)
            }
            // A reload is a delete at its old path plus an insert at the same path after the
            // batch (openradar 27957917: move + reload of the destination → this message).
            // iOS 9-era tables validated reloads apart and failed later, animating the cell
            // at the destination twice (matrixprojects.net; Authenticator issue 135).
            if reportsReloadAndMoveAsTwoAnimations, request.reloadedRows.contains(to) {
                throw .twoAnimationsForCell(toPath)
            }
            if request.insertedRows.contains(to) || request.reloadedRows.contains(to) {
                throw .insertAndMoveSameIndexPath(toPath)
            }
            guard sources.insert(from).inserted else { throw .multipleMovesFromIndexPath(fromPath) }
            guard destinations.insert(to).inserted else { throw .multipleMovesToIndexPath(toPath) }
        }
    }

    /// Rule 14, for every surviving section. A reload counts as one delete and one insert in the
    /// message (UIKit performs it as both); moves count only when they cross sections.
    /// The tallies are arrays by section: the range checks before this one put every deleted,
    /// reloaded and moved-from section among the old ones, every inserted and moved-to section
    /// among the new ones.
    private func checkRowCounts(_ sections: [SectionSource]) throws(TableViewError) {
        var deleted = [Int](repeating: 0, count: before.count)
        var reloaded = [Int](repeating: 0, count: before.count)
        var movedOut = [Int](repeating: 0, count: before.count)
        var inserted = [Int](repeating: 0, count: after.count)
        var movedIn = [Int](repeating: 0, count: after.count)
        /// Where each old section went; nil for a deleted one.
        var newIndexOfOld = [Int?](repeating: nil, count: before.count)
        for key in request.deletedRows { deleted[key.section] += 1 }
        for key in request.reloadedRows { reloaded[key.section] += 1 }
        for key in request.insertedRows { inserted[key.section] += 1 }
        for (new, source) in sections.enumerated() {
            if case .old(let old) = source, newIndexOfOld[old] == nil { newIndexOfOld[old] = new }
        }
        for (from, to) in request.rowMoves where newIndexOfOld[from.section] != to.section {
            movedOut[from.section] += 1
            movedIn[to.section] += 1
        }
        for (new, source) in sections.enumerated() {
            guard case .old(let old) = source else { continue }
            let reloads = reloaded[old]
            let ins = inserted[new]
            let del = deleted[old]
            let moveIn = movedIn[new]
            let moveOut = movedOut[old]
            guard after[new] == before[old] + ins - del + moveIn - moveOut else {
                throw .invalidRowCount(
                    section: new, after: after[new], before: before[old], inserted: ins + reloads,
                    deleted: del + reloads, movedIn: moveIn, movedOut: moveOut)
            }
        }
    }
}
