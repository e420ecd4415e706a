import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// The move lowering's tables (issue 14, cl5): `MoveLowering.lowered` against the previous
/// implementation (per-candidate facts, sorts by comparison, sections by bisection), kept here as
/// the reference, on random events. (The radix sort it uses is tested with the other sorts, in
/// `UnstableSortTests`.)
@Suite struct ClassifierSortTests {
    // MARK: - The move lowering against the reference

    /// A random event over `oldSections` and `newSections` sections (identities drawn from a
    /// shared pool, so some sections stay), rows distinct per section and side.
    private static func randomEvent(
        candidates: Int, oldSections: Int, newSections: Int, rows: Int,
        _ rng: inout SeededGenerator
    )
        -> (moves: [MoveLowering.Move], inserts: [MoveLowering.Placed], deletes: [MoveLowering.Placed])
    {
        let pool = Array(0..<(oldSections + newSections)).shuffled(using: &rng)
        let oldIDs = Array(pool.prefix(oldSections)).sorted()
        var newIDs = Array(pool.suffix(newSections))
        // Half the new sections reuse old identities (those stay).
        for i in newIDs.indices where Bool.random(using: &rng) && !oldIDs.isEmpty {
            newIDs[i] = oldIDs[Int.random(in: 0..<oldIDs.count, using: &rng)]
        }
        newIDs = Array(Set(newIDs)).sorted()
        var freeOld = oldIDs.map { _ in Array(0..<rows).shuffled(using: &rng) }
        var freeNew = newIDs.map { _ in Array(0..<rows).shuffled(using: &rng) }
        var moves: [MoveLowering.Move] = []
        var inserts: [MoveLowering.Placed] = []
        var deletes: [MoveLowering.Placed] = []
        var rank = 0
        for candidate in 0..<candidates {
            let os = Int.random(in: 0..<oldIDs.count, using: &rng)
            // Moves mostly stay in their section when it survives.
            var ns = Int.random(in: 0..<newIDs.count, using: &rng)
            if Int.random(in: 0..<3, using: &rng) > 0, let same = newIDs.firstIndex(of: oldIDs[os]) { ns = same }
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                guard let row = freeNew[ns].popLast() else { continue }
                inserts.append(MoveLowering.Placed(candidate: candidate, section: ns, row: row))
            case 1:
                guard let row = freeOld[os].popLast() else { continue }
                deletes.append(MoveLowering.Placed(candidate: candidate, section: os, row: row))
            default:
                guard !freeOld[os].isEmpty, !freeNew[ns].isEmpty else { continue }
                let oldRow = freeOld[os].removeLast()
                // Often the same row on both sides (then the offsets often agree and the move is
                // lowered), else any free one.
                let same = Bool.random(using: &rng) ? freeNew[ns].firstIndex(of: oldRow) : nil
                let newRow = same.map { freeNew[ns].remove(at: $0) } ?? freeNew[ns].removeLast()
                rank += 1
                let old = Slot(section: os, row: oldRow, rank: rank, value: .int(oldIDs[os]))
                let new = Slot(section: ns, row: newRow, rank: rank, value: .int(newIDs[ns]))
                moves.append(MoveLowering.Move(candidate: candidate, old: old, new: new))
            }
        }
        return (moves.shuffled(using: &rng), inserts.shuffled(using: &rng), deletes.shuffled(using: &rng))
    }

    @Test func loweringMatchesTheReference() {
        var rng = SeededGenerator(seed: 22)
        var lowered = 0
        var total = 0
        for round in 0..<400 {
            let sections = round % 4 == 0 ? 1 : Int.random(in: 1...12, using: &rng)
            let rows = Int.random(in: 2...(round % 3 == 0 ? 8 : 60), using: &rng)
            let candidates = Int.random(in: 1...(round % 5 == 0 ? 400 : 40), using: &rng)
            let event = Self.randomEvent(
                candidates: candidates, oldSections: sections,
                newSections: max(1, sections + Int.random(in: -1...1, using: &rng)), rows: rows, &rng)
            let expected = ReferenceLowering.lowered(
                moves: event.moves, inserts: event.inserts, deletes: event.deletes,
                count: candidates)
            let byMove = event.moves.map { expected[$0.candidate] }
            for dense in [nil, true, false] as [Bool?] {
                let result = MoveLowering.lowered(
                    moves: event.moves, inserts: event.inserts, deletes: event.deletes,
                    denseSections: dense)
                #expect(result == byMove, "round \(round), dense \(String(describing: dense))")
            }
            lowered += byMove.filter { $0 }.count
            total += byMove.count
        }
        // The rounds lower some moves and keep others.
        #expect(lowered > total / 20 && lowered < total, "\(lowered) of \(total) lowered")
    }
}

/// `MoveLowering.lowered` as it was before the radix sorts (b888f04): the reference.
private enum ReferenceLowering {
    struct Row {
        let candidate: Int
        let row: Int
        let isMove: Bool
        var section = 0
        var key: Int { section << 32 | row }
    }

    static func lowered(
        moves: [MoveLowering.Move], inserts: [MoveLowering.Placed], deletes: [MoveLowering.Placed],
        count: Int
    ) -> [Bool] {
        var result = [Bool](repeating: false, count: count)
        var oldToNew: [Int] = []
        for move in moves where move.staysInSection {
            oldToNew.append(move.oldSection << 32 | move.newSection)
        }
        guard !oldToNew.isEmpty else { return result }
        oldToNew.sort()
        let staying = oldToNew.map { $0 & 0xFFFF_FFFF }.sorted()
        func isStaying(_ new: Int) -> Bool {
            let i = lowerBound(staying, new)
            return i < staying.count && staying[i] == new
        }
        func newSection(ofOld old: Int) -> Int? {
            let i = lowerBound(oldToNew, old << 32)
            guard i < oldToNew.count, oldToNew[i] >> 32 == old else { return nil }
            return oldToNew[i] & 0xFFFF_FFFF
        }
        var entering: [Row] = []
        var leaving: [Row] = []
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
            if isStaying(into) {
                entering.append(Row(candidate: move.candidate, row: move.newRow, isMove: true, section: into))
            }
            if let from = newSection(ofOld: move.oldSection) {
                leaving.append(Row(candidate: move.candidate, row: move.oldRow, isMove: true, section: from))
            }
        }
        entering.sort { $0.key < $1.key }
        leaving.sort { $0.key < $1.key }
        var e = 0
        var l = 0
        for (index, section) in staying.enumerated() where index == 0 || staying[index - 1] != section {
            while e < entering.count, entering[e].section < section { e += 1 }
            while l < leaving.count, leaving[l].section < section { l += 1 }
            var eEnd = e
            var lEnd = l
            while eEnd < entering.count, entering[eEnd].section == section { eEnd += 1 }
            while lEnd < leaving.count, leaving[lEnd].section == section { lEnd += 1 }
            guard eEnd > e || lEnd > l else { continue }
            walk(
                new: Array(entering[e..<eEnd]), old: Array(leaving[l..<lEnd]), facts: &facts, count: count,
                into: &result)
            e = eEnd
            l = lEnd
        }
        return result
    }

    static func lowerBound(_ sorted: [Int], _ value: Int) -> Int {
        var lo = 0
        var hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    static func walk(new: [Row], old: [Row], facts: inout [Int], count: Int, into result: inout [Bool]) {
        for (index, row) in old.enumerated() where row.isMove { facts[2 * count + row.candidate] = index }
        for (index, row) in new.enumerated() where row.isMove { facts[3 * count + row.candidate] = index }
        defer {
            for row in old where row.isMove { facts[2 * count + row.candidate] = -1 }
            for row in new where row.isMove { facts[3 * count + row.candidate] = -1 }
        }
        var i = 0
        var j = 0
        while i < new.count, j < old.count {
            let n = new[i]
            let o = old[j]
            guard n.isMove else {
                i += 1
                continue
            }
            guard o.isMove else {
                j += 1
                continue
            }
            let offsetNew = n.row - i
            let offsetOld = o.row - j
            if offsetNew < offsetOld {
                i += 1
                continue
            }
            if offsetNew > offsetOld {
                j += 1
                continue
            }
            if n.candidate == o.candidate {
                result[n.candidate] = true
                i += 1
                j += 1
                continue
            }
            let nInOld = facts[2 * count + n.candidate]
            if nInOld >= 0, nInOld >= j {
                let oInNew = facts[3 * count + o.candidate]
                guard oInNew >= 0, oInNew >= i else {
                    j += 1
                    continue
                }
                if offsetNew == facts[n.candidate] - nInOld {
                    if offsetOld != facts[count + o.candidate] - oInNew {
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
}
