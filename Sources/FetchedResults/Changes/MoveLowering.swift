import FetchSimCore
import FetchSimStorage
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
/// - Complexity: O(k) for k changed objects (radix sorts of keys bounded by the list's size), plus
///   tables of the sections' indexes when those are few for k (else O(k log k)).
enum MoveLowering {
    /// One row of a side of the walk: its section (new index) and row packed in `key`
    /// (`section << rowBits | row`, so rows sort by section, then row), and the index of the move
    /// it stands for in `moves` (nil for an insert on the entering side, a delete on the leaving
    /// side).
    struct Row {
        let key: Int
        let move: Int?
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
            (oldSection, oldRow) = (old.sectionIndex, old.row)
            (newSection, newRow) = (new.sectionIndex, new.row)
            staysInSection = old.section == new.section
        }

        var oldPath: IndexPath { IndexPath(row: oldRow, section: oldSection) }
        var newPath: IndexPath { IndexPath(row: newRow, section: newSection) }
    }

    /// Which of `moves` (by index) Apple reports as updates.
    /// - Parameters:
    ///   - moves: the candidates that stay in the results, with their old and new slots.
    ///   - inserts: entering candidates and their new slots.
    ///   - deletes: leaving candidates and their old slots.
    ///   - denseSections: tests force the section tables' form (by default chosen by size).
    /// - Returns: per move, whether it is reported as an update.
    ///
    /// Rows are grouped by section by radix-sorting integer keys (section, row); the sections a
    /// move stays in are looked up in tables by section index, and each move's position on either
    /// side in an array by move: no hashing and no per-candidate array.
    static func lowered(moves: [Move], inserts: [Placed], deletes: [Placed], denseSections: Bool? = nil) -> [Bool] {
        var result = [Bool](repeating: false, count: moves.count)
        // Sections where a move stays: only there can a move be lowered. Such a section exists
        // before and after the event, so it is named by its new index, and its old index maps to it.
        guard let sections = SectionMap(moves, dense: denseSections) else { return result }
        // Bits of the largest row on either side.
        var rows = 0
        for insert in inserts { rows |= insert.row }
        for delete in deletes { rows |= delete.row }
        for move in moves { rows |= move.oldRow | move.newRow }
        let rowBits = Int.bitWidth - rows.leadingZeroBitCount
        let rowMask = (1 << rowBits) - 1
        var entering: [Row] = []
        var leaving: [Row] = []
        entering.reserveCapacity(inserts.count + moves.count)
        leaving.reserveCapacity(deletes.count + moves.count)
        for insert in inserts where sections.isStaying(insert.section) {
            entering.append(Row(key: insert.section << rowBits | insert.row, move: nil))
        }
        for delete in deletes {
            if let section = sections.newSection(ofOld: delete.section) {
                leaving.append(Row(key: section << rowBits | delete.row, move: nil))
            }
        }
        for (index, move) in moves.enumerated() {
            if sections.isStaying(move.newSection) {
                entering.append(Row(key: move.newSection << rowBits | move.newRow, move: index))
            }
            if let from = sections.newSection(ofOld: move.oldSection) {
                leaving.append(Row(key: from << rowBits | move.oldRow, move: index))
            }
        }
        // A side's keys are distinct (one row per place).
        let bound = (sections.largestNew + 1) << rowBits
        UnstableSort.sort(&entering, keysBelow: bound) { $0.key }
        UnstableSort.sort(&leaving, keysBelow: bound) { $0.key }
        // Each move's index on either side (nil if it is not there).
        var inEntering = [Int?](repeating: nil, count: moves.count)
        var inLeaving = inEntering
        for (index, row) in entering.enumerated() { if let move = row.move { inEntering[move] = index } }
        for (index, row) in leaving.enumerated() { if let move = row.move { inLeaving[move] = index } }
        // Section by section: both sides are sorted by section, then row.
        var e = 0
        var l = 0
        while e < entering.count, l < leaving.count {
            let section = min(entering[e].key, leaving[l].key) >> rowBits
            var eEnd = e
            var lEnd = l
            while eEnd < entering.count, entering[eEnd].key >> rowBits == section { eEnd += 1 }
            while lEnd < leaving.count, leaving[lEnd].key >> rowBits == section { lEnd += 1 }
            if eEnd > e, lEnd > l {
                walk(
                    new: entering, e..<eEnd, old: leaving, l..<lEnd, rowMask: rowMask,
                    inNew: inEntering, inOld: inLeaving, into: &result)
            }
            e = eEnd
            l = lEnd
        }
        return result
    }

    /// The sections some move stays in: by new index, and their old indexes mapped to the new.
    /// Tables by section index when the sections' indexes are few for the work (the usual case);
    /// sorted lists searched by bisection when they are not (many sections, few changes).
    struct SectionMap {
        /// By old section: its new index, nil where no move stays (dense form).
        private var newOfOld: [Int?] = []
        /// By new section: whether a move stays in it (dense form).
        private var stays: [Bool] = []
        /// `old << 32 | new`, sorted, and the new indexes, sorted (sparse form).
        private var pairs: [Int] = [], staying: [Int] = []
        private let isDense: Bool
        /// The largest new index of a section a move stays in.
        let largestNew: Int

        /// Nil when no move stays in its section. `dense`: the form (by default chosen by size).
        init?(_ moves: [Move], dense: Bool? = nil) {
            var largestOld = 0
            var largestNew = 0
            var staying = 0
            for move in moves where move.staysInSection {
                largestOld = max(largestOld, move.oldSection)
                largestNew = max(largestNew, move.newSection)
                staying += 1
            }
            guard staying > 0 else { return nil }
            self.largestNew = largestNew
            isDense = dense ?? (max(largestOld, largestNew) < 4 * moves.count + 64)
            if isDense {
                newOfOld = [Int?](repeating: nil, count: largestOld + 1)
                stays = [Bool](repeating: false, count: largestNew + 1)
                for move in moves where move.staysInSection {
                    newOfOld[move.oldSection] = move.newSection
                    stays[move.newSection] = true
                }
            } else {
                pairs.reserveCapacity(staying)
                for move in moves where move.staysInSection { pairs.append(move.oldSection << 32 | move.newSection) }
                UnstableSort.sort(&pairs, by: <)
                self.staying = pairs.map { $0 & 0xFFFF_FFFF }
                UnstableSort.sort(&self.staying, by: <)
            }
        }

        /// Whether a move stays in the section with new index `new`.
        func isStaying(_ new: Int) -> Bool {
            if isDense { return new < stays.count && stays[new] }
            let i = MoveLowering.lowerBound(staying, new)
            return i < staying.count && staying[i] == new
        }

        /// The new index of the section with old index `old` if a move stays in it, else nil.
        func newSection(ofOld old: Int) -> Int? {
            if isDense { return old < newOfOld.count ? newOfOld[old] : nil }
            let i = MoveLowering.lowerBound(pairs, old << 32)
            guard i < pairs.count, pairs[i] >> 32 == old else { return nil }
            return pairs[i] & 0xFFFF_FFFF
        }
    }

    fileprivate static func lowerBound(_ sorted: [Int], _ value: Int) -> Int {
        var lo = 0
        var hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The walk of one section: `new[newRange]` and `old[oldRange]`, its rows on the entering and
    /// the leaving side. `inNew` / `inOld`: each move's index in `new` / `old` (nil if absent); an
    /// index outside the range is in another section's walk.
    @inline(__always)
    private static func walk(
        new: [Row], _ newRange: Range<Int>,
        old: [Row], _ oldRange: Range<Int>, rowMask: Int,
        inNew: [Int?], inOld: [Int?],
        into result: inout [Bool]
    ) {
        let e = newRange.lowerBound
        let eEnd = newRange.upperBound
        let l = oldRange.lowerBound
        let lEnd = oldRange.upperBound
        var i = e
        var j = l
        while i < eEnd, j < lEnd {
            let n = new[i]
            let o = old[j]
            guard let nMove = n.move else {
                i += 1
                continue
            }  // an insert: next entering row
            guard let oMove = o.move else {
                j += 1
                continue
            }  // a delete: next leaving row
            // A row's offset: its row minus the listed rows before it in the section, on its side.
            let offsetNew = (n.key & rowMask) - (i - e)
            let offsetOld = (o.key & rowMask) - (j - l)
            if offsetNew < offsetOld {
                i += 1
                continue
            }
            if offsetNew > offsetOld {
                j += 1
                continue
            }
            if nMove == oMove {
                result[nMove] = true  // same place among the stable rows
                i += 1
                j += 1
                continue
            }
            // Two different moves at one offset: pass the leaving one when it cannot keep its
            // place (or was passed on the entering side already) and the entering one can.
            if let x = inOld[nMove], x >= j, x < lEnd {
                guard let y = inNew[oMove], y >= i, y < eEnd else {
                    j += 1
                    continue
                }
                let nInOld = x - l
                let oInNew = y - e
                if offsetNew == (old[x].key & rowMask) - nInOld {
                    if offsetOld != (new[y].key & rowMask) - oInNew {
                        j += 1
                        continue
                    }
                    if oInNew > nInOld {
                        j += 1
                        continue
                    }
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
