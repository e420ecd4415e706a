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
    }

    /// A move's old and new places, by candidate index.
    struct Move {
        let candidate: Int
        let old: Slot
        let new: Slot
    }

    /// The candidates (by index) among `moves` that Apple reports as updates.
    /// - Parameters:
    ///   - inserts: entering candidates and their new slots.
    ///   - deletes: leaving candidates and their old slots.
    static func lowered(moves: [Move], inserts: [Placed], deletes: [Placed]) -> Set<Int> {
        // Sections where a move stays: only there can a move be lowered. Such a section exists
        // before and after the event, so it is named by its new index, and its old index maps to
        // it (integers hash faster than section key values).
        var oldToNew: [Int: Int] = [:]
        var sections = Set<Int>()
        for move in moves where move.old.section == move.new.section {
            oldToNew[move.old.path.section] = move.new.path.section
            sections.insert(move.new.path.section)
        }
        guard !sections.isEmpty else { return [] }
        var entering: [Int: [Row]] = [:], leaving: [Int: [Row]] = [:]
        var oldRow: [Int: Int] = [:], newRow: [Int: Int] = [:]
        for insert in inserts where sections.contains(insert.slot.path.section) {
            entering[insert.slot.path.section, default: []].append(Row(candidate: insert.candidate, row: insert.slot.path.row, isMove: false))
        }
        for delete in deletes {
            guard let section = oldToNew[delete.slot.path.section] else { continue }
            leaving[section, default: []].append(Row(candidate: delete.candidate, row: delete.slot.path.row, isMove: false))
        }
        for move in moves {
            oldRow[move.candidate] = move.old.path.row
            newRow[move.candidate] = move.new.path.row
            let into = move.new.path.section
            if sections.contains(into) { entering[into, default: []].append(Row(candidate: move.candidate, row: move.new.path.row, isMove: true)) }
            if let from = oldToNew[move.old.path.section] {
                leaving[from, default: []].append(Row(candidate: move.candidate, row: move.old.path.row, isMove: true))
            }
        }
        var result = Set<Int>()
        for section in sections {
            let new = (entering[section] ?? []).sorted { $0.row < $1.row }
            let old = (leaving[section] ?? []).sorted { $0.row < $1.row }
            walk(new: new, old: old, oldRow: oldRow, newRow: newRow, into: &result)
        }
        return result
    }

    private static func walk(new: [Row], old: [Row], oldRow: [Int: Int], newRow: [Int: Int], into result: inout Set<Int>) {
        var indexInOld: [Int: Int] = [:], indexInNew: [Int: Int] = [:]
        for (index, row) in old.enumerated() where row.isMove { indexInOld[row.candidate] = index }
        for (index, row) in new.enumerated() where row.isMove { indexInNew[row.candidate] = index }
        var i = 0, j = 0
        while i < new.count, j < old.count {
            let n = new[i], o = old[j]
            guard n.isMove else { i += 1; continue }      // an insert: next entering row
            guard o.isMove else { j += 1; continue }      // a delete: next leaving row
            let offsetNew = n.row - i, offsetOld = o.row - j
            if offsetNew < offsetOld { i += 1; continue }
            if offsetNew > offsetOld { j += 1; continue }
            if n.candidate == o.candidate {
                result.insert(n.candidate)                // same place among the stable rows
                i += 1
                j += 1
                continue
            }
            // Two different moves at one offset: pass the leaving one when it cannot keep its
            // place (or was passed on the entering side already) and the entering one can.
            if let nInOld = indexInOld[n.candidate], nInOld >= j {
                guard let oInNew = indexInNew[o.candidate], oInNew >= i else { j += 1; continue }
                if let nOld = oldRow[n.candidate], offsetNew == nOld - nInOld {
                    if let oNew = newRow[o.candidate], offsetOld != oNew - oInNew { j += 1; continue }
                    if oInNew > nInOld { j += 1; continue }
                }
            }
            i += 1
        }
    }

    /// An inserted or deleted candidate and its new or old slot.
    struct Placed {
        let candidate: Int
        let slot: Slot
    }
}
