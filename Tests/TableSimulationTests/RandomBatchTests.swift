import FetchSimCore
import TableSimulation
import Testing

/// Random valid batches, checked against plain array logic.
///
/// Each round draws a sectioned list, decides per row whether it stays, is deleted, moves or is
/// reloaded, then builds the new list the simple way: keep the staying rows in order and insert
/// the moved and new rows one by one at random places. The index paths handed to the table are
/// read off the two lists, the calls are made in random order, and the table must end up showing
/// exactly the new list.
@Suite struct RandomBatchTests {
    private enum Call {
        case delete(IndexPath)
        case insert(IndexPath)
        case move(IndexPath, IndexPath)
        case reload(IndexPath)
    }

    private struct Round {
        var old: [[Int]] = []
        var new: [[Int]] = []
        var calls: [Call] = []
        /// Identifiers whose rows must come fresh from the data source (inserted or reloaded).
        var fresh: Set<Int> = []
    }

    @Test func randomValidBatchesGiveTheExpectedRows() throws {
        try runRounds(2_500, seed: 0x5EED_7AB1E, maxRows: 7, minimumMoves: 2_000, minimumCrossSectionMoves: 500)
    }

    /// Batches that take out and move more than 16 rows, where the table finds the rows it took
    /// out through an index instead of a list (`SimulatedTableView.apply`).
    @Test func largeRandomBatchesGiveTheExpectedRows() throws {
        try runRounds(400, seed: 0xB16_BA7C4, maxRows: 40, minimumMoves: 2_000, minimumCrossSectionMoves: 500)
    }

    private func runRounds(_ count: Int, seed: UInt64, maxRows: Int, minimumMoves: Int, minimumCrossSectionMoves: Int)
        throws
    {
        var rng = SeededGenerator(seed: seed)
        var nextID = 0
        var moves = 0
        var crossSectionMoves = 0
        for round in 0..<count {
            let plan = Self.makeRound(rng: &rng, nextID: &nextID, maxRows: maxRows)
            for case .move(let from, let to) in plan.calls {
                moves += 1
                if from.section != to.section { crossSectionMoves += 1 }
            }
            let firstRow = Int.random(in: 0...4, using: &rng)
            let harness = Harness(plan.old, firstRow: firstRow, height: Int.random(in: 1...6, using: &rng))
            harness.source.set(plan.new)
            try harness.table.performBatchUpdates {
                for call in plan.calls {
                    switch call {
                    case .delete(let path): try harness.table.deleteRows(at: [path])
                    case .insert(let path): try harness.table.insertRows(at: [path])
                    case .move(let from, let to): try harness.table.moveRow(at: from, to: to)
                    case .reload(let path): try harness.table.reloadRows(at: [path])
                    }
                }
            }
            #expect(harness.table.rowIdentifiersBySection == plan.new, "round \(round): \(plan.old) → \(plan.new)")
            #expect(!harness.table.isOutOfStep)
            for path in harness.table.indexPathsForVisibleRows {
                let cell = harness.table.cellForRow(at: path)
                #expect(cell != nil, "round \(round): no cell at \(path)")
                if let id = harness.table.rowIdentifier(at: path), plan.fresh.contains(id) {
                    #expect(cell?.identifier == id, "round \(round): fresh row \(id) shows \(String(describing: cell))")
                }
            }
        }
        #expect(
            moves > minimumMoves && crossSectionMoves > minimumCrossSectionMoves, "the generator must exercise moves")
    }

    private static func makeRound(rng: inout SeededGenerator, nextID: inout Int, maxRows: Int) -> Round {
        var round = Round()
        let sectionCount = Int.random(in: 1...3, using: &rng)
        round.old = (0..<sectionCount).map { _ in
            (0..<Int.random(in: 0...maxRows, using: &rng)).map { _ in
                nextID += 1
                return nextID
            }
        }
        var staying = Array(repeating: [Int](), count: sectionCount)
        var placed: [Int] = []  // moved and inserted identifiers, to be placed
        var oldPath: [Int: IndexPath] = [:]
        for (s, ids) in round.old.enumerated() {
            for (r, id) in ids.enumerated() {
                oldPath[id] = p(s, r)
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<2: round.calls.append(.delete(p(s, r)))
                case 2..<5: placed.append(id)
                default:
                    staying[s].append(id)
                    if Bool.random(using: &rng) {
                        round.calls.append(.reload(p(s, r)))
                        round.fresh.insert(id)
                    }
                }
            }
        }
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            nextID += 1
            placed.append(nextID)
            round.fresh.insert(nextID)
        }
        round.new = staying
        for id in placed.shuffled(using: &rng) {
            let s = Int.random(in: 0..<sectionCount, using: &rng)
            round.new[s].insert(id, at: Int.random(in: 0...round.new[s].count, using: &rng))
        }
        for (s, ids) in round.new.enumerated() {
            for (r, id) in ids.enumerated() where placed.contains(id) {
                guard let from = oldPath[id] else {
                    round.calls.append(.insert(p(s, r)))
                    continue
                }
                let reloadedThere = round.calls.contains {
                    if case .reload(let path) = $0 { path == p(s, r) } else { false }
                }
                if from == p(s, r) || reloadedThere {
                    // UIKit rejects a move to the same path inside a batch, and a move onto a
                    // reloaded path (the reload inserts there): delete and insert instead.
                    round.calls += [.delete(from), .insert(p(s, r))]
                    round.fresh.insert(id)
                } else {
                    round.calls.append(.move(from, p(s, r)))
                }
            }
        }
        round.calls.shuffle(using: &rng)
        return round
    }
}
