import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation
import Testing

/// Seeded random sessions of edits and drags, checked after every event.
@Suite struct RandomAdapterTests {
    /// One random event: 1–4 edits (inserts, deletes, re-keying, re-grouping, retitling), or a
    /// user drag (flagged) within or across sections.
    static func randomEvent(_ h: Harness, _ rng: inout SeededGenerator, flagged: Bool = true) throws -> String {
        let live = h.context.objects(ofEntity: "Note").sorted { $0.objectID < $1.objectID }
        if Int.random(in: 0..<4, using: &rng) == 0, h.table.numberOfSections > 0 {
            let from = h.randomPath(&rng)
            var to = h.randomPath(&rng)
            if from.section == to.section, to.row >= h.table.numberOfRows(inSection: to.section) { to.row = 0 }
            if from.section != to.section {
                to.row = Int.random(in: 0...h.table.numberOfRows(inSection: to.section), using: &rng)
            }
            guard from != to else { return "no drag" }
            try h.drag(from, to, flagged: flagged)
            return "drag \(from.shortDescription) → \(to.shortDescription)"
        }
        var log: [String] = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let roll = Int.random(in: 0..<10, using: &rng)
            let group = Value.string(["A", "B", "C", "D"].randomElement(using: &rng) ?? "A")
            if live.count < 3 || (roll < 3 && live.count < 60) {
                let object = try h.context.insert(
                    "Note",
                    values: [
                        ("title", .string("n")), ("group", group), ("order", .int(Int.random(in: 0..<8, using: &rng))),
                    ])
                log.append("insert \(object.objectID)")
                continue
            }
            guard let object = live.randomElement(using: &rng), !object.isDeleted else { continue }
            switch roll {
            case 3, 0, 1, 2:
                try h.context.delete(object.objectID)
                log.append("delete \(object.objectID)")
            case 4, 5, 6:
                try h.context.setValue(.int(Int.random(in: 0..<8, using: &rng)), forKey: "order", of: object.objectID)
                log.append("order \(object.objectID)")
            case 7, 8:
                try h.context.setValue(group, forKey: "group", of: object.objectID)
                log.append("group \(object.objectID)")
            default:
                try h.context.setValue(
                    .string("t\(Int.random(in: 0..<9, using: &rng))"), forKey: "title", of: object.objectID)
                log.append("title \(object.objectID)")
            }
        }
        try h.context.processPendingChanges()
        h.table.layoutIfNeeded()
        return log.joined(separator: "; ")
    }

    @Test(arguments: [Viewport(firstRow: 0, height: 1_000), Viewport(firstRow: 3, height: 6)])
    func coordinatorWithSkipMovesStaysConsistent(viewport: Viewport) throws {
        var rng = SeededGenerator(seed: 11)
        let h = try Harness(
            .coordinator, sections: ["A": ["a0", "a1", "a2"], "B": ["b0", "b1"], "C": ["c0"]], viewport: viewport)
        for event in 0..<5_000 {
            let what = try Self.randomEvent(h, &rng)
            let problems = h.check.run()
            guard problems.isEmpty, h.adapter.lastEvent.tableError == nil else {
                Issue.record(
                    "seed 11 event \(event) (\(what)): \(problems) \(h.adapter.lastEvent.tableError.map(\.description) ?? "")"
                )
                return
            }
        }
    }

    @Test(arguments: [UInt64(21), 22, 23])
    func appleTemplateWithMoveRowIsCaught(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let h = try Harness(.appleTemplate, sections: ["A": ["a0", "a1", "a2"], "B": ["b0", "b1"], "C": ["c0"]]) {
            $0.moves = .moveRow
        }
        for _ in 0..<2_000 {
            _ = try Self.randomEvent(h, &rng)
            if !h.check.run().isEmpty || h.adapter.lastEvent.tableError != nil { return }
        }
        Issue.record("apple-template with moves=move-row survived 2,000 events with seed \(seed)")
    }
}

extension Harness {
    func randomPath(_ rng: inout SeededGenerator) -> IndexPath {
        let sections = (0..<table.numberOfSections).filter { table.numberOfRows(inSection: $0) > 0 }
        let section = sections.randomElement(using: &rng) ?? 0
        return IndexPath(
            row: Int.random(in: 0..<max(table.numberOfRows(inSection: section), 1), using: &rng), section: section)
    }
}
