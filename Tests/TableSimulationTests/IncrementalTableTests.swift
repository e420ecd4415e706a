import FetchSimCore
import FetchSimStorage
import Testing

@testable import TableSimulation

/// One table living through thousands of random valid batches, drags and scrolls: after each,
/// the rows must match the model, every section's fingerprint must equal the one recomputed from
/// its rows, and exactly the visible rows must have cells.
@Suite struct IncrementalTableTests {
    private enum Call {
        case deleteRow(IndexPath)
        case insertRow(IndexPath)
        case moveRow(IndexPath, IndexPath)
        case reloadRow(IndexPath)
        case reconfigureRow(IndexPath)
        case deleteSection(Int)
        case insertSection(Int)
    }

    private struct Batch {
        var new: [[Int]] = []
        var calls: [Call] = []
        /// Old paths of reconfigured rows, with the new path they end up at.
        var reconfigured: [(old: IndexPath, new: IndexPath)] = []
    }

    @Test func longSessionsKeepEveryIncrementalStructureExact() throws {
        var rng = SeededGenerator(seed: 0xB10C)
        var nextID = 0
        let start = (0..<4).map { _ in
            (0..<Int.random(in: 0...12, using: &rng)).map { _ in
                nextID += 1
                return nextID
            }
        }
        let harness = Harness(start, firstRow: 3, height: 7)
        var counts: [String: Int] = [:]
        for step in 0..<3_000 {
            let roll = Int.random(in: 0..<10, using: &rng)
            if roll == 0 {
                harness.table.viewport = Viewport(
                    firstRow: Int.random(in: 0...20, using: &rng), height: Int.random(in: 0...9, using: &rng))
            } else if roll == 1, let (from, to) = Self.randomDrag(harness.source.ids, &rng) {
                try harness.table.userMoveRow(from: from, to: to)
                harness.table.layoutIfNeeded()
            } else {
                let batch = Self.makeBatch(old: harness.source.ids, rng: &rng, nextID: &nextID)
                harness.source.set(batch.new)
                try harness.table.performBatchUpdates {
                    for call in batch.calls {
                        counts[String(describing: call).prefix { $0 != "(" }.description, default: 0] += 1
                        switch call {
                        case .deleteRow(let path): try harness.table.deleteRows(at: [path])
                        case .insertRow(let path): try harness.table.insertRows(at: [path])
                        case .moveRow(let from, let to): try harness.table.moveRow(at: from, to: to)
                        case .reloadRow(let path): try harness.table.reloadRows(at: [path])
                        case .reconfigureRow(let path): try harness.table.reconfigureRows(at: [path])
                        case .deleteSection(let section): try harness.table.deleteSections([section])
                        case .insertSection(let section): try harness.table.insertSections([section])
                        }
                    }
                }
                for (_, new) in batch.reconfigured where harness.table.cellForRow(at: new) != nil {
                    #expect(
                        harness.columns(new.section, new.row)?.first == "\(new.row)",
                        "step \(step): reconfigured \(new)")
                }
            }
            try Self.expectExact(harness, step: step)
        }
        for kind in [
            "deleteRow", "insertRow", "moveRow", "reloadRow", "reconfigureRow", "deleteSection", "insertSection",
        ] {
            #expect(counts[kind, default: 0] > 100, "the generator must exercise \(kind): \(counts)")
        }
    }

    private static func expectExact(_ harness: Harness, step: Int, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let table = harness.table
        #expect(table.rowIdentifiersBySection == harness.source.ids, "step \(step)", sourceLocation: sourceLocation)
        #expect(!table.isOutOfStep, sourceLocation: sourceLocation)
        #expect(
            table.numberOfRowsInAllSections == harness.source.ids.reduce(0) { $0 + $1.count },
            sourceLocation: sourceLocation)
        for section in 0..<table.numberOfSections {
            #expect(
                table.fingerprint(ofSection: section) == SequenceFingerprint(table.rowIdentifiers(inSection: section)),
                "step \(step) section \(section)", sourceLocation: sourceLocation)
            table.storage.sections[section].rows.checkInvariants()
        }
        let visible = table.indexPathsForVisibleRows
        #expect(
            table.storage.cells.count == visible.count, "step \(step): cells off screen", sourceLocation: sourceLocation
        )
        for path in visible {
            #expect(
                table.cellForRow(at: path) != nil, "step \(step): no cell at \(path)", sourceLocation: sourceLocation)
        }
    }

    private static func randomDrag(_ ids: [[Int]], _ rng: inout SeededGenerator) -> (IndexPath, IndexPath)? {
        let filled = ids.indices.filter { !ids[$0].isEmpty }
        guard let s = filled.randomElement(using: &rng) else { return nil }
        let from = p(s, Int.random(in: 0..<ids[s].count, using: &rng))
        let t = Int.random(in: 0..<ids.count, using: &rng)
        let to = p(t, Int.random(in: 0...(ids[t].count - (t == s ? 1 : 0)), using: &rng))
        return (from, to)
    }

    /// A valid batch from `old`: sections deleted and inserted, rows deleted, moved (also across
    /// sections), inserted, reloaded and reconfigured.
    private static func makeBatch(old: [[Int]], rng: inout SeededGenerator, nextID: inout Int) -> Batch {
        var batch = Batch()
        func fresh() -> Int {
            nextID += 1
            return nextID
        }
        let deletedSections = Set(old.indices.filter { _ in Int.random(in: 0..<10, using: &rng) == 0 })
        var staying: [[Int]] = []
        var placed: [Int] = []
        var oldPath: [Int: IndexPath] = [:]
        var reconfiguredIDs: [Int: IndexPath] = [:]
        for (s, ids) in old.enumerated() {
            if deletedSections.contains(s) {
                batch.calls.append(.deleteSection(s))
                continue
            }
            var kept: [Int] = []
            for (r, id) in ids.enumerated() {
                oldPath[id] = p(s, r)
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<2: batch.calls.append(.deleteRow(p(s, r)))
                case 2..<4: placed.append(id)
                case 4:
                    kept.append(id)
                    batch.calls.append(.reloadRow(p(s, r)))
                case 5:
                    kept.append(id)
                    batch.calls.append(.reconfigureRow(p(s, r)))
                    reconfiguredIDs[id] = p(s, r)
                default: kept.append(id)
                }
            }
            staying.append(kept)
        }
        var isInserted = Array(repeating: false, count: staying.count)
        for _ in 0..<(Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 1...2, using: &rng) : 0) {
            let at = Int.random(in: 0...staying.count, using: &rng)
            staying.insert((0..<Int.random(in: 0...5, using: &rng)).map { _ in fresh() }, at: at)
            isInserted.insert(true, at: at)
        }
        for _ in 0..<Int.random(in: 0...4, using: &rng) { placed.append(fresh()) }
        let targets = staying.indices.filter { !isInserted[$0] }
        if targets.isEmpty {
            // Nowhere to put moved rows: delete them instead.
            for id in placed { if let from = oldPath[id] { batch.calls.append(.deleteRow(from)) } }
            placed = []
        }
        batch.new = staying
        for id in placed.shuffled(using: &rng) {
            guard let s = targets.randomElement(using: &rng) else { break }
            batch.new[s].insert(id, at: Int.random(in: 0...batch.new[s].count, using: &rng))
        }
        let placedSet = Set(placed)
        for (s, ids) in batch.new.enumerated() {
            if isInserted[s] {
                batch.calls.append(.insertSection(s))
                continue
            }
            for (r, id) in ids.enumerated() {
                if let from = reconfiguredIDs[id] { batch.reconfigured.append((from, p(s, r))) }
                guard placedSet.contains(id) else { continue }
                guard let from = oldPath[id] else {
                    batch.calls.append(.insertRow(p(s, r)))
                    continue
                }
                let reloadedThere = batch.calls.contains {
                    if case .reloadRow(let path) = $0 { path == p(s, r) } else { false }
                }
                if from == p(s, r) || reloadedThere {
                    // A same-path move, or a move onto a reloaded path (the reload inserts there,
                    // rule 22), is rejected: delete and insert instead.
                    batch.calls += [.deleteRow(from), .insertRow(p(s, r))]
                } else {
                    batch.calls.append(.moveRow(from, p(s, r)))
                }
            }
        }
        batch.calls.shuffle(using: &rng)
        return batch
    }
}
