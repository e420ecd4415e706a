import Adapters
import FetchSimCore
import ObjectGraph
import TableSimulation
import Testing

/// A drop returns what its write-back did. Notes n0, n1, n2 hold order 0, 1, 2; the user drops n1
/// above n0. Dense renumbering gives n1 0 and n0 1 and leaves n2 at 2: two objects written.
@Suite struct DropOutcomeTests {
    private func dropN1AboveN0(_ h: Harness, flagged: Bool) throws -> DropOutcome {
        try h.table.userMoveRow(from: path(0, 1), to: path(0, 0)) { table in
            h.dataSource.writeDrop(in: table, from: path(0, 1), to: path(0, 0), flagged: flagged)
        }
    }

    @Test func theOutcomeCountsTheObjectsWritten() throws {
        let h = try Harness(.coordinator, sections: ["A": ["n0", "n1", "n2"]])
        #expect(try dropN1AboveN0(h, flagged: true) == DropOutcome(writes: 2))
        #expect(try h.object("n1")["order"] == .int(0))
        #expect(try h.object("n0")["order"] == .int(1))
        #expect(try h.object("n2")["order"] == .int(2))
    }

    @Test func aFlaggedDropSetsTheFlagAndAnUnflaggedOneDoesNot() throws {
        let flagged = try Harness(.coordinator, sections: ["A": ["n0", "n1", "n2"]])
        _ = try dropN1AboveN0(flagged, flagged: true)
        #expect(flagged.adapter.isUserDrivenChange)
        let unflagged = try Harness(.coordinator, sections: ["A": ["n0", "n1", "n2"]])
        #expect(try dropN1AboveN0(unflagged, flagged: false) == DropOutcome(writes: 2))
        #expect(!unflagged.adapter.isUserDrivenChange)
    }

    /// The table's own call (`moveRowAt`, as UIKit makes it) is the flagged drop.
    @Test func moveRowAtIsTheFlaggedDrop() throws {
        let h = try Harness(.coordinator, sections: ["A": ["n0", "n1", "n2"]])
        try h.table.userMoveRow(from: path(0, 1), to: path(0, 0))
        #expect(h.adapter.isUserDrivenChange)
        #expect(try h.object("n1")["order"] == .int(0))
    }
}
