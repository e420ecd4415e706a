import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation
import Testing

/// A drop that writes nothing, mixed with an edit of the same turn (docs/semantics.md, "A drop
/// that writes nothing"). Rows a0 (order 0) and a1 (order 1), sparse keys; an edit sets a0's
/// order to 1025, then the user drops a1 above a0. The drop's key is a0's pending key minus the
/// sparse gap, 1025 − 1024 = 1, which a1 already has: the write-back writes nothing, and the
/// controller reports only a0's move [0, 0] → [0, 1] — relative to the table before the drop,
/// which already shows a1, a0. Worked out by hand from those rows.
@Suite struct DropWritingNothingTests {
    private func dropAfterEdit(_ h: Harness) throws -> [ConsistencyProblem] {
        try h.dataSource.setStrategy(.sparse)
        try h.set("a0", "order", .int(1025))
        let outcome = try h.table.userMoveRow(from: path(0, 1), to: path(0, 0)) { table in
            h.dataSource.writeDrop(in: table, from: path(0, 1), to: path(0, 0), flagged: true)
        }
        #expect(outcome == DropOutcome(writes: 0))
        return try h.event {}
    }

    private func objectEntries(_ h: Harness) -> [String] {
        h.adapter.lastEvent.entries.compactMap { entry in
            guard case .object(let change) = entry.callback else { return nil }
            return "\(change.object["title"].stringValue ?? "?") \(change.type) \(entry.action)"
        }
    }

    private func rowOperations(_ h: Harness) -> [String] {
        h.adapter.lastEvent.tableOperations.map(\.description).filter { !$0.hasPrefix("configureCell") }
    }

    /// The drop still flags the event: the coordinator reads a0's old path 0.0 where the table
    /// shows a0 after the drop, 0.1, and moves it from there (delete + insert at 0.1, which also
    /// gives its cell the new order). Unflagged, it would delete 0.0 — a1's row — and show a0
    /// twice.
    @Test func theCoordinatorReadsTheMoveThroughTheDrop() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1"]])
        let problems = try dropAfterEdit(h)
        #expect(problems.isEmpty, "\(problems)")
        #expect(h.tableTitles == [["a1", "a0"]])
        #expect(rowOperations(h) == ["deleteRows [0.1]", "insertRows [0.1]"])
        #expect(objectEntries(h) == ["a0 move applied"])
        #expect(h.adapter.userDrag == nil)
    }

    /// Apple's template with `skip-moves` does the same per callback.
    @Test func appleTemplateReadsTheMoveThroughTheDrop() throws {
        let h = try Harness(.appleTemplate, sections: ["A": ["a0", "a1"]]) {
            $0.userDriven = .skipMoves
            $0.updates = .reconfigureAfter
        }
        let problems = try dropAfterEdit(h)
        #expect(problems.isEmpty, "\(problems)")
        #expect(h.tableTitles == [["a1", "a0"]])
        #expect(objectEntries(h) == ["a0 move applied"])
    }

    /// The drop's value: its source and destination, and the dragged object as the drag's own,
    /// though it wrote nothing.
    @Test func theDropIsHandedToTheDelegate() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1"]])
        try h.dataSource.setStrategy(.sparse)
        try h.set("a0", "order", .int(1025))
        try h.table.userMoveRow(from: path(0, 1), to: path(0, 0))
        let drag = try #require(h.adapter.userDrag)
        #expect(drag.drops.map(\.from) == [path(0, 1)])
        #expect(drag.drops.map(\.to) == [path(0, 0)])
        #expect(drag.wrote(try h.object("a1").objectID))
        #expect(!drag.wrote(try h.object("a0").objectID))
    }
}
