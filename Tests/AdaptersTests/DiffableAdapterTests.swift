import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation
import Testing

/// `adapter diffable` (docs/semantics.md rules D2–D4) on the whole stack: expectations worked
/// out by hand from the rules, not read back from the code.
@Suite struct DiffableAdapterTests {
    private func harness(_ configure: (inout AdapterOptions) -> Void = { _ in }) throws -> Harness {
        try Harness(.diffable, sections: ["A": ["a0", "a1", "a2"], "B": ["b0", "b1"]], configure: configure)
    }

    /// The app on iOS 13–14, where applying the snapshot does not perform its reload marks
    /// (issue 33 item 2; `DiffableReloadTests` pins iOS 15).
    private func ios14Harness() throws -> Harness {
        let h = try harness()
        h.controller.profile = .ios10
        return h
    }

    @Test func theSnapshotAloneLeavesAnEditedCellStale() throws {
        let h = try ios14Harness()
        let problems = try h.event { try h.set("a1", "title", .string("A1")) }
        #expect(h.adapter.lastEvent.tableOperations.isEmpty)
        #expect(problems.map(\.kind) == [.staleCell])
        #expect(problems.first?.description.contains("row 0.1") == true)
    }

    @Test func reconfiguringTheReportedObjectsFixesIt() throws {
        let h = try harness { $0.updates = .reconfigure }
        let problems = try h.event { try h.set("a1", "title", .string("A1")) }
        #expect(h.adapter.lastEvent.tableOperations == [.reconfigureRows([path(0, 1)])])
        #expect(problems.isEmpty)
    }

    @Test func aMovedItemKeepsItsCellUnlessReconfigured() throws {
        let stale = try ios14Harness()
        let staleProblems = try stale.event { try stale.set("a0", "order", .int(9)) }
        #expect(stale.adapter.lastEvent.tableOperations == [.moveRow(from: path(0, 0), to: path(0, 2))])
        #expect(stale.tableTitles == [["a1", "a2", "a0"], ["b0", "b1"]])
        #expect(staleProblems.map(\.kind) == [.staleCell])

        let fixed = try harness { $0.updates = .reconfigure }
        #expect(try fixed.event { try fixed.set("a0", "order", .int(9)) }.isEmpty)
        #expect(
            fixed.adapter.lastEvent.tableOperations == [
                .moveRow(from: path(0, 0), to: path(0, 2)), .reconfigureRows([path(0, 0)]),
            ])
    }

    @Test func aReloadedItemThatMovesIsDeletedAndInserted() throws {
        let h = try harness { $0.updates = .reload }
        #expect(try h.event { try h.set("a0", "order", .int(9)) }.isEmpty)
        #expect(h.adapter.lastEvent.tableOperations == [.deleteRows([path(0, 0)]), .insertRows([path(0, 2)])])
    }

    @Test func aReloadedItemShiftedByAnotherMoveIsNotReloadedInPlace() throws {
        // a0 goes last (a move the controller reports) while a1 is diffed as the row that moves up
        // to 0.0: reloading a0 at its old path 0.0 would read as an insert at 0.0 and meet that
        // move (rule 22) — found by the fuzzer. a0 must come out fresh at 0.1 without an error.
        let h = try Harness(.diffable, sections: ["A": ["a0", "a1"]]) { $0.updates = .reload }
        let problems = try h.event { try h.set("a0", "order", .int(5)) }
        #expect(h.adapter.lastEvent.tableError == nil)
        #expect(problems.isEmpty)
        #expect(h.tableTitles == [["a1", "a0"]])
        #expect(!h.adapter.lastEvent.tableOperations.contains { if case .reloadRows = $0 { true } else { false } })
    }

    @Test func duplicateItemIdentifiersAreUIKitsAssertion() throws {
        let h = try harness { $0.itemKey = "title" }
        let problems = try h.event { try h.set("a1", "title", .string("a0")) }
        #expect(h.adapter.lastEvent.tableError == .nonUniqueItemIdentifiers(["a0"]))
        #expect(
            h.adapter.lastEvent.tableError?.description
                == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(a0)}")
        #expect(
            h.adapter.lastEvent.loggedError?.contains(
                "during a call to -controller:didChangeContentWithSnapshot:.  Fatal:") == true)
        #expect(h.adapter.lastEvent.tableOperations.isEmpty)
        #expect(!problems.isEmpty)
    }

    @Test func aFlaggedDragIsNotMovedAgain() throws {
        let h = try harness { $0.updates = .reconfigure }
        let problems = try h.drag(path(0, 2), path(0, 0))
        #expect(problems.isEmpty)
        #expect(h.tableTitles == [["a2", "a0", "a1"], ["b0", "b1"]])
        #expect(!h.adapter.lastEvent.tableOperations.contains { if case .moveRow = $0 { true } else { false } })
        #expect(!h.adapter.isUserDrivenChange)
    }

    @Test func anUnflaggedDragIsAppliedTwice() throws {
        // The table shows a2 a0 a1 after the drag; the stale snapshot (a0 a1 a2) is diffed against
        // the controller's (a2 a0 a1): a0 and a1 keep their order, so a2 moves 0.2 → 0.0 again —
        // applied to the table's a2 a0 a1 that gives a1 a2 a0. On iOS 13–14 (the override of
        // moveRowAt is the iOS 13 pattern): from iOS 15 the marked rows are reloaded after the
        // batch and show the data source's items again.
        let h = try ios14Harness()
        let problems = try h.drag(path(0, 2), path(0, 0), flagged: false)
        #expect(h.adapter.lastEvent.tableOperations == [.moveRow(from: path(0, 2), to: path(0, 0))])
        #expect(h.tableTitles == [["a1", "a2", "a0"], ["b0", "b1"]])
        #expect(problems.contains { $0.kind == .wrongRow })
    }

    @Test func aFlaggedDragThatEmptiesASectionDeletesIt() throws {
        let h = try Harness(.diffable, sections: ["A": ["a0"], "B": ["b0", "b1"]]) { $0.updates = .reconfigure }
        let problems = try h.drag(path(0, 0), path(1, 1))
        #expect(problems.isEmpty)
        #expect(h.tableTitles == [["b0", "a0", "b1"]])
        #expect(h.adapter.lastEvent.tableOperations.first == .deleteSections([0]))
    }
}
