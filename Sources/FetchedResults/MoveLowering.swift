import FetchSimCore
import ObjectGraph

/// Apple's lowering of moves to updates since iOS 10 (docs/semantics.md, rules 8, 19 and 22).
///
/// Every object whose sort or section key changed starts as a move. Then, for each section, the
/// rows the event inserts or moves in (by new row) are walked side by side with the rows it
/// deletes or moves out (by old row). A row's *offset* is its row minus the number of listed rows
/// before it on its side — the number of unlisted ("stable") rows before it. A moved object met on
/// both sides at the same offset keeps its place among the stable rows, so it is reported as an
/// update (old path, new path) instead of a move. Where two different moved objects meet at the
/// same offset, the walk passes the one that cannot keep its place first.
///
/// The lowered objects and the stable rows keep their relative order (both sides are walked in
/// order and a lowered object has as many stable rows before it old as new), so the change set
/// stays valid for UITableView.
///
/// Sources: openradar 27957917 (iOS 10: a swap is "one Move from index 1 to 0 and one Update on
/// index 0"); the walk itself is known only from a public decompilation of iOS 26.1's CoreData
/// (`-[NSFetchedResultsController _lowerMoveOperationsToUpdatesForSection:withInsertedObjects:
/// deletedObjects:updatedObjects:]`), reimplemented here from its behaviour.
/// - Complexity: O(k log k) for k changed objects.
enum MoveLowering {
    /// One row of a side of the walk: the candidate it stands for, its row there, and whether it
    /// is a move (else an insert on the entering side, a delete on the leaving side).
    struct Row {
        let candidate: Int
        let row: Int
        let isMove: Bool
        /// The section (its new index) whose walk the row takes part in.
        var section = 0
        /// Orders rows by section, then row.
        var key: Int { section << 32 | row }
    }

    /// A move's old and new places (section and row indexes), by candidate index, and whether
    /// its section key value is the same before and after. Plain integers: the walk copies no
    /// index path and no section value.
    struct Move {
        let candidate: Int
        let oldSection: Int, oldRow: Int
        let newSection: Int, newRow: Int
        let staysInSection: Bool
        /// The rank it had among the results (orders as the old index path does).
        let oldRank: Int

        init(candidate: Int, old: Slot, new: Slot) {
            self.candidate = candidate
            oldRank = old.rank
            (oldSection, oldRow) = (old.path.section, old.path.row)
            (newSection, newRow) = (new.path.section, new.path.row)
            staysInSection = old.section == new.section
        }

        var oldPath: IndexPath { IndexPath(row: oldRow, section: oldSection) }
        var newPath: IndexPath { IndexPath(row: newRow, section: newSection) }
    }

    /// Which candidates (by index, among `count`) of `moves` Apple reports as updates.
    /// - Parameters:
    ///   - inserts: entering candidates and their new slots.
    ///   - deletes: leaving candidates and their old slots.
    ///
    /// Rows are grouped by section by sorting integer keys (section, row), and per-candidate
    /// facts live in arrays indexed by candidate: no hashing per change.
    static func lowered(moves: [Move], inserts: [Placed], deletes: [Placed], count: Int) -> [Bool] {
        var result = [Bool](repeating: false, count: count)
        // Sections where a move stays: only there can a move be lowered. Such a section exists
        // before and after the event, so it is named by its new index, and its old index maps to
        // it: pairs (old, new), sorted, for a binary search.
        var oldToNew: [Int] = []
        for move in moves where move.staysInSection {
            oldToNew.append(move.oldSection << 32 | move.newSection)
        }
        guard !oldToNew.isEmpty else { return result }
        UnstableSort.sort(&oldToNew, by: <)
        let staying: [Int] = {
            var staying = oldToNew.map { $0 & 0xFFFF_FFFF }
            UnstableSort.sort(&staying, by: <)
            return staying
        }()
        func isStaying(_ new: Int) -> Bool {
            let i = lowerBound(staying, new)
            return i < staying.count && staying[i] == new
        }
        func newSection(ofOld old: Int) -> Int? {
            let i = lowerBound(oldToNew, old << 32)
            guard i < oldToNew.count, oldToNew[i] >> 32 == old else { return nil }
            return oldToNew[i] & 0xFFFF_FFFF
        }
        var entering: [Row] = [], leaving: [Row] = []
        entering.reserveCapacity(inserts.count + moves.count)
        leaving.reserveCapacity(deletes.count + moves.count)
        // Per-candidate facts in one allocation, four runs of `count`: old row, new row (set for
        // the moves, the only ones read), index in old, index in new (-1 between walks).
        var facts = [Int](repeating: -1, count: 4 * count)
        for insert in inserts where isStaying(insert.section) {
            entering.append(Row(candidate: insert.candidate, row: insert.row, isMove: false, section: insert.section))
        }
        for delete in deletes {
            guard let section = newSection(ofOld: delete.section) else { continue }
            leaving.append(Row(candidate: delete.candidate, row: delete.row, isMove: false, section: section))
        }
        for move in moves {
            facts[move.candidate] = move.oldRow
            facts[count + move.candidate] = move.newRow
            let into = move.newSection
            if isStaying(into) { entering.append(Row(candidate: move.candidate, row: move.newRow, isMove: true, section: into)) }
            if let from = newSection(ofOld: move.oldSection) {
                leaving.append(Row(candidate: move.candidate, row: move.oldRow, isMove: true, section: from))
            }
        }
        // A side's keys are distinct (one row per place); unstable in-place sorts (`UnstableSort`).
        UnstableSort.sort(&entering) { $0.key < $1.key }
        UnstableSort.sort(&leaving) { $0.key < $1.key }
        var e = 0, l = 0
        for (index, section) in staying.enumerated() where index == 0 || staying[index - 1] != section {
            // The rows of `section` on each side (both lists are sorted by section, then row).
            while e < entering.count, entering[e].section < section { e += 1 }
            while l < leaving.count, leaving[l].section < section { l += 1 }
            var eEnd = e, lEnd = l
            while eEnd < entering.count, entering[eEnd].section == section { eEnd += 1 }
            while lEnd < leaving.count, leaving[lEnd].section == section { lEnd += 1 }
            guard eEnd > e || lEnd > l else { continue }
            // In place: copying the slices into arrays cost two allocations per section.
            entering[e..<eEnd].withUnsafeBufferPointer { new in
                leaving[l..<lEnd].withUnsafeBufferPointer { old in
                    facts.withUnsafeMutableBufferPointer { facts in
                        walk(new: new, old: old, oldRow: UnsafeMutableBufferPointer(rebasing: facts[0..<count]),
                             newRow: UnsafeMutableBufferPointer(rebasing: facts[count..<(2 * count)]),
                             indexInOld: UnsafeMutableBufferPointer(rebasing: facts[(2 * count)..<(3 * count)]),
                             indexInNew: UnsafeMutableBufferPointer(rebasing: facts[(3 * count)..<(4 * count)]), into: &result)
                    }
                }
            }
            e = eEnd
            l = lEnd
        }
        return result
    }

    private static func lowerBound(_ sorted: [Int], _ value: Int) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The walk of one section. `indexInOld` and `indexInNew` are all -1 on entry and on return.
    private static func walk(new: UnsafeBufferPointer<Row>, old: UnsafeBufferPointer<Row>,
                             oldRow: UnsafeMutableBufferPointer<Int>, newRow: UnsafeMutableBufferPointer<Int>,
                             indexInOld: UnsafeMutableBufferPointer<Int>, indexInNew: UnsafeMutableBufferPointer<Int>,
                             into result: inout [Bool]) {
        for (index, row) in old.enumerated() where row.isMove { indexInOld[row.candidate] = index }
        for (index, row) in new.enumerated() where row.isMove { indexInNew[row.candidate] = index }
        defer {
            for row in old where row.isMove { indexInOld[row.candidate] = -1 }
            for row in new where row.isMove { indexInNew[row.candidate] = -1 }
        }
        var i = 0, j = 0
        while i < new.count, j < old.count {
            let n = new[i], o = old[j]
            guard n.isMove else { i += 1; continue }      // an insert: next entering row
            guard o.isMove else { j += 1; continue }      // a delete: next leaving row
            let offsetNew = n.row - i, offsetOld = o.row - j
            if offsetNew < offsetOld { i += 1; continue }
            if offsetNew > offsetOld { j += 1; continue }
            if n.candidate == o.candidate {
                result[n.candidate] = true                // same place among the stable rows
                i += 1
                j += 1
                continue
            }
            // Two different moves at one offset: pass the leaving one when it cannot keep its
            // place (or was passed on the entering side already) and the entering one can.
            let nInOld = indexInOld[n.candidate]
            if nInOld >= 0, nInOld >= j {
                let oInNew = indexInNew[o.candidate]
                guard oInNew >= 0, oInNew >= i else { j += 1; continue }
                if offsetNew == oldRow[n.candidate] - nInOld {
                    if offsetOld != newRow[o.candidate] - oInNew { j += 1; continue }
                    if oInNew > nInOld { j += 1; continue }
                }
            }
            i += 1
        }
    }

    /// An inserted or deleted candidate and its new or old slot.
    struct Placed {
        let candidate: Int
        let section: Int, row: Int

        init(candidate: Int, section: Int, row: Int) {
            self.candidate = candidate
            (self.section, self.row) = (section, row)
        }
    }
}
