import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation
import Testing

/// Each classic way an FRC-driven table goes wrong (docs/semantics.md, "Simulated table view and adapters"), reproduced and caught
/// by the consistency check — and the configurations that get it right.
@Suite struct ClassicFailureTests {
    @Test func appleTemplateUpdateAfterAnInsertAboveConfiguresTheWrongCell() throws {
        let h = try Harness(.appleTemplate, sections: ["A": ["b", "c"]])
        let problems = try h.event {
            try h.context.insert(
                "Note", values: [("title", .string("a")), ("group", .string("A")), ("order", .int(-1))])
            try h.set("c", "title", .string("c2"))
        }
        // The update reconfigured the cell at old row 0.1 (c's) with the object at 0.1 of the new
        // state (b); after the batch that cell sits at 0.2.
        #expect(
            problems.contains(ConsistencyProblem(.wrongCell, #"row 0.2 is #2 "c2" but its cell shows #1 "b""#)),
            "\(problems)")
        #expect(h.adapter.lastEvent.tableOperations.contains(.configureCell(path(0, 1), identifier: 1)))
    }

    @Test func coordinatorReconfiguresAfterTheBatchAtTheCurrentPath() throws {
        let h = try Harness(.coordinator, sections: ["A": ["b", "c"]])
        let problems = try h.event {
            try h.context.insert(
                "Note", values: [("title", .string("a")), ("group", .string("A")), ("order", .int(-1))])
            try h.set("c", "title", .string("c2"))
        }
        #expect(problems.isEmpty)
    }

    @Test func moveRowAcrossADeletedSectionIsRejected() throws {
        let h = try Harness(.appleTemplate, sections: ["A": ["a"], "B": ["b"]]) { $0.moves = .moveRow }
        let problems = try h.event { try h.set("a", "group", .string("B")) }
        #expect(h.adapter.lastEvent.tableError?.description == "cannot move a row from a deleted section")
        #expect(
            h.adapter.lastEvent.loggedError
                == "CoreData: error: Serious application error.  An exception was caught from the "
                + "delegate of NSFetchedResultsController during a call to -controllerDidChangeContent:.  "
                + "cannot move a row from a deleted section with userInfo (null)")
        #expect(!problems.isEmpty)
        #expect(h.table.isOutOfStep)
    }

    @Test func coordinatorKeepsOnlyTheMoveHalfOutsideADeletedSection() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a"], "B": ["b"]]) { $0.moves = .moveRow }
        #expect(try h.event { try h.set("a", "group", .string("B")) }.isEmpty)
        #expect(h.adapter.lastEvent.tableOperations.map(\.description) == ["deleteSections [0]", "insertRows [0.0]"])
        #expect(h.adapter.lastEvent.entries.map(\.action.rawValue) == ["applied", "applied", "applied", "applied"])
    }

    @Test func unflaggedDragWithinASectionUnderMoveRowScramblesTheRows() throws {
        let h = try Harness(.appleTemplate, sections: ["A": ["n0", "n1", "n2", "n3"]]) { $0.moves = .moveRow }
        let problems = try h.drag(path(0, 3), path(0, 1), flagged: false)
        #expect(!problems.isEmpty, "the renumbering moves are applied on top of the drag")
        #expect(h.tableTitles != [["n0", "n3", "n1", "n2"]])
    }

    @Test func unflaggedDragAcrossSectionsIsRejectedByUIKit() throws {
        // The drag already moved a0 into B; since iOS 10 the renumbered a1 and b0 are updates and
        // a0 the one move (rule 22). Re-applying the move deletes a row from section A, which the
        // table already shows with its one row left: section 0 would end with 0 rows, not 1.
        let h = try Harness(.appleTemplate, sections: ["A": ["a0", "a1"], "B": ["b0"]])
        try h.drag(path(0, 0), path(1, 0), flagged: false)
        let message =
            "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing "
            + "section after the update (1) must be equal to the number of rows contained in that section before the "
            + "update (1), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) "
            + "and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
        #expect(h.adapter.lastEvent.tableError?.description == message)
        // The log words it as the profile's UIKit era does (iOS 14+: the table's description appended).
        #expect(
            h.adapter.lastEvent.loggedError?.hasSuffix(
                "-controllerDidChangeContent:.  \(message) Table view: <UITableView: 0x7fa5c0008000> with userInfo (null)"
            ) == true)
        #expect(h.table.isOutOfStep)
    }

    @Test func skipAllLeavesTheEmptiedSectionBehind() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a"], "B": ["b0", "b1"]]) { $0.userDriven = .skipAll }
        let problems = try h.drag(path(0, 0), path(1, 1))
        #expect(
            problems.contains(ConsistencyProblem(.sectionCount, "the table has 2 sections but the controller has 1")),
            "\(problems)")
    }

    @Test func skipAllLeavesTheIndexNumberStale() throws {
        let h = try Harness(.coordinator, sections: ["A": ["n0", "n1", "n2"]]) { $0.userDriven = .skipAll }
        let problems = try h.drag(path(0, 2), path(0, 0))
        #expect(h.tableTitles == [["n2", "n0", "n1"]], "the rows are right")
        #expect(problems.contains { $0.kind == .staleCell }, "but the order column is stale: \(problems)")
    }

    @Test(arguments: [AdapterKind.coordinator, .appleTemplate])
    func skipMovesGetsEveryDragRight(kind: AdapterKind) throws {
        let h = try Harness(kind, sections: ["A": ["a"], "B": ["b0", "b1", "b2"]]) { $0.userDriven = .skipMoves }
        #expect(try h.drag(path(1, 2), path(1, 0)).isEmpty, "within a section")
        #expect(h.tableTitles == [["a"], ["b2", "b0", "b1"]])
        #expect(try h.drag(path(1, 1), path(0, 1)).isEmpty, "across sections")
        #expect(try h.drag(path(1, 0), path(0, 2)).isEmpty)
        #expect(h.tableTitles == [["a", "b0", "b2"], ["b1"]])
        #expect(try h.drag(path(1, 0), path(0, 0)).isEmpty, "emptying the source section")
        #expect(h.table.numberOfSections == 1)
        #expect(try h.drag(path(0, 3), path(0, 1)).isEmpty, "consecutive drags")
        #expect(h.tableTitles == [["b1", "b2", "a", "b0"]])
        #expect(!h.adapter.isUserDrivenChange, "cleared in didChangeContent")
    }

    @Test func theFlagIsClearedOnlyInDidChangeContent() throws {
        let h = try Harness(.coordinator, sections: ["A": ["n0", "n1"]])
        try h.table.userMoveRow(from: path(0, 1), to: path(0, 0))
        #expect(h.adapter.isUserDrivenChange, "set by moveRowAt before the event")
        try h.context.processPendingChanges()
        #expect(!h.adapter.isUserDrivenChange)
        #expect(h.check.run().isEmpty)
    }

    @Test func reloadAllIsAlwaysConsistent() throws {
        let h = try Harness(.reloadAll, sections: ["A": ["a"], "B": ["b"]]) { $0.userDriven = .off }
        #expect(try h.drag(path(0, 0), path(1, 0), flagged: false).isEmpty)
        #expect(try h.event { try h.set("b", "group", .string("C")) }.isEmpty)
        #expect(h.adapter.lastEvent.tableOperations.map(\.description) == ["reloadData"])
    }

    @Test func coordinatorAboveTheThresholdReloadsEverything() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a", "b", "c"]]) { $0.threshold = 2 }
        #expect(
            try h.event {
                for title in ["a", "b", "c"] {
                    try h.set(title, "order", .int(10 - (try h.object(title))["order"].numericValue.map { Int($0) }!))
                }
            }.isEmpty)
        #expect(h.adapter.lastEvent.tableOperations.map(\.description) == ["reloadData"])
    }

    @Test func pausedCoordinatorCatchesUpOnResume() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a"]]) { $0.isPaused = true }
        let problems = try h.event {
            try h.context.insert(
                "Note", values: [("title", .string("b")), ("group", .string("A")), ("order", .int(1))])
        }
        #expect(problems.isEmpty, "detached: the controller does not track, the table does not change")
        #expect(h.controller.numberOfFetchedObjects == 1)
        h.adapter.options.isPaused = false
        #expect(h.controller.numberOfFetchedObjects == 2)
        #expect(h.tableTitles == [["a", "b"]])
        #expect(h.check.run().isEmpty)
    }
}

/// FetchedResultsCoordinator's section vectors: row changes inside inserted or deleted sections
/// are dropped, and a move keeps only its half outside them.
@Suite struct CoordinatorSectionFilterTests {
    @Test func insertsIntoAnInsertedSectionAndDeletesFromADeletedSectionAreFiltered() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1"], "B": ["b0"]])
        let problems = try h.event {
            try h.context.insert(
                "Note", values: [("title", .string("c0")), ("group", .string("C")), ("order", .int(0))])
            try h.context.insert(
                "Note", values: [("title", .string("c1")), ("group", .string("C")), ("order", .int(1))])
            for title in ["a0", "a1"] { try h.context.delete(try h.object(title).objectID) }
        }
        #expect(problems.isEmpty)
        let actions = h.adapter.lastEvent.entries.map { "\($0.callback) [\($0.action.rawValue)]" }
        #expect(
            actions == [
                // Today's delivery order (rule 2): object deletes, section inserts, section deletes, inserts.
                "willChangeContent [applied]",
                "didChange object #1 delete [0, 0] [filtered]",
                "didChange object #2 delete [0, 1] [filtered]",
                #"didChange section "C" insert 1 [applied]"#,
                #"didChange section "A" delete 0 [applied]"#,
                "didChange object #4 insert → [1, 0] [filtered]",
                "didChange object #5 insert → [1, 1] [filtered]",
                "didChangeContent [applied]",
            ])
        #expect(h.adapter.lastEvent.tableOperations.map(\.description) == ["deleteSections [0]", "insertSections [1]"])
    }

    @Test func aMoveIntoAnInsertedSectionKeepsOnlyItsDelete() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1"]]) { $0.moves = .moveRow }
        #expect(try h.event { try h.set("a1", "group", .string("B")) }.isEmpty)
        #expect(h.adapter.lastEvent.tableOperations.map(\.description) == ["insertSections [1]", "deleteRows [0.1]"])
    }
}
