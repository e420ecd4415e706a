import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation
import Testing

/// A drag and other changes in one change event (issue 33 item 1; docs/semantics.md, "A drag
/// mixed with other changes"). Expectations are worked out by hand from the rows each test
/// starts with: the drop as UIKit numbers it, dense renumbering, then the other edits.
@Suite struct MixedDragTests {
    /// The drop, then `edits`, then the event: what a drop and a background merge or a timer's
    /// edit in one run-loop turn give.
    @discardableResult
    private func dragThenEdits(
        _ h: Harness, _ source: IndexPath, _ destination: IndexPath,
        _ edits: () throws -> Void
    ) throws -> [ConsistencyProblem] {
        try h.table.userMoveRow(from: source, to: destination)
        return try h.event(edits)
    }

    private func actions(_ h: Harness) -> [String: CallbackAction] {
        var actions: [String: CallbackAction] = [:]
        for entry in h.adapter.lastEvent.entries {
            guard case .object(let change) = entry.callback else { continue }
            actions["\(change.object["title"].stringValue ?? "?") \(change.type)"] = entry.action
        }
        return actions
    }

    private func operations(_ h: Harness) -> [String] {
        h.adapter.lastEvent.tableOperations.map(\.description).filter { !$0.hasPrefix("configureCell") }
    }

    /// The issue's line on the coordinator's defaults: the drop needs nothing, the delete in
    /// another section is one `deleteRows` of its row, and the log says so.
    @Test func theIssuesLineDeletesTheRowAndSkipsOnlyTheDrop() throws {
        let h = try Harness(.coordinator, sections: ["A": ["n0", "n1", "n2", "n3"], "W": ["w0", "w1", "w2"]])
        let problems = try dragThenEdits(h, path(0, 3), path(0, 0)) {
            try h.set("n0", "title", .string("Oat milk"))
            try h.context.delete(h.object("w0").objectID)
        }
        #expect(problems.isEmpty, "\(problems)")
        #expect(h.tableTitles == [["n3", "Oat milk", "n1", "n2"], ["w1", "w2"]])
        #expect(operations(h) == ["deleteRows [1.0]"])
        let actions = actions(h)
        #expect(actions["w0 delete"] == .applied)
        #expect(actions["n3 move"] == .skipped)
    }

    /// A delete below the drop in the drag's own section: the controller reports it at its old
    /// path 0.2, but the drop (0.4 → 0.1) pushed it down to 0.3, and that is the row to delete.
    @Test func anOldPathIsReadWhereTheDropLeftTheRow() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1", "a2", "a3", "a4"]])
        let problems = try dragThenEdits(h, path(0, 4), path(0, 1)) {
            try h.context.delete(h.object("a2").objectID)
        }
        #expect(problems.isEmpty, "\(problems)")
        #expect(h.tableTitles == [["a0", "a4", "a1", "a3"]])
        #expect(operations(h) == ["deleteRows [0.3]"])
    }

    /// An insert and a new section with the drop: both go through the batch at their new paths.
    @Test func insertsAndNewSectionsGoThroughTheBatch() throws {
        let h = try Harness(.coordinator, sections: ["B": ["b0", "b1", "b2"]])
        let problems = try dragThenEdits(h, path(0, 0), path(0, 2)) {
            try h.context.insert(
                "Note", values: [("title", .string("a")), ("group", .string("A")), ("order", .int(0))])
            try h.context.insert(
                "Note", values: [("title", .string("b9")), ("group", .string("B")), ("order", .int(9))])
        }
        #expect(problems.isEmpty, "\(problems)")
        // Section A goes first; b9 (order 9) after b1, b2, b0 (renumbered 0, 1, 2).
        #expect(h.tableTitles == [["a"], ["b1", "b2", "b0", "b9"]])
        #expect(operations(h) == ["insertSections [0]", "insertRows [1.3]"])
    }

    /// A row the drag renumbered and another edit of the same turn moved to another section: the
    /// table shows it where the drop left it, so the batch moves it after all (delete + insert).
    @Test func aDragRowThatAnotherEditMovesIsMoved() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1", "a2"], "B": ["b0"]])
        let problems = try dragThenEdits(h, path(0, 2), path(0, 0)) {
            try h.set("a0", "group", .string("B"))
        }
        #expect(problems.isEmpty, "\(problems)")
        // The drop renumbers a2 0, a0 1, a1 2; a0 (order 1) then lands after b0 (order 0).
        #expect(h.tableTitles == [["a2", "a1"], ["b0", "a0"]])
        #expect(operations(h) == ["deleteRows [0.1]", "insertRows [1.1]"])
        #expect(actions(h)["a0 move"] == .applied)
    }

    /// The dragged row itself, when an edit before the drop changed the group of the row it was
    /// dropped under: b0 dropped between a0 and a1 takes a0's pending group, B — its own — and
    /// the renumbering a0 0, b0 1, a1 2; so a0 and b0 end in B and the table, which shows them in
    /// A, moves them there.
    @Test func aDropWrittenAgainstAnEditedNeighbourIsMovedToWhereItWasWritten() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1"], "B": ["b0"]])
        try h.set("a0", "group", .string("B"))
        try h.set("a0", "order", .int(8))
        try h.table.userMoveRow(from: path(1, 0), to: path(0, 1))
        let problems = try h.event {}
        #expect(problems.isEmpty, "\(problems)")
        #expect(h.tableTitles == [["a1"], ["a0", "b0"]])
    }

    /// `skip-all`, Apple's sample: every callback of the flagged event returns at once, so the
    /// delete of another row never reaches the table — the log says `skipped`, and the check
    /// finds the row count off.
    @Test func skipAllLosesTheOtherChanges() throws {
        let h = try Harness(.coordinator, sections: ["A": ["n0", "n1"], "W": ["w0", "w1"]]) { $0.userDriven = .skipAll }
        let problems = try dragThenEdits(h, path(0, 1), path(0, 0)) {
            try h.context.delete(h.object("w0").objectID)
        }
        #expect(actions(h)["w0 delete"] == .skipped)
        #expect(operations(h).isEmpty)
        #expect(problems.contains { $0.kind == .rowCount }, "\(problems)")
    }

    /// Apple's template with `skip-moves` and the correct update policy does the same per
    /// callback: the delete goes in at the row's table path, the drop is skipped.
    @Test func appleTemplateWithSkipMovesAppliesTheOtherChanges() throws {
        let h = try Harness(.appleTemplate, sections: ["A": ["a0", "a1", "a2", "a3", "a4"], "W": ["w0"]]) {
            $0.userDriven = .skipMoves
            $0.updates = .reconfigureAfter
        }
        let problems = try dragThenEdits(h, path(0, 4), path(0, 1)) {
            try h.context.delete(h.object("a2").objectID)
            try h.set("w0", "title", .string("w0'"))
        }
        #expect(problems.isEmpty, "\(problems)")
        #expect(h.tableTitles == [["a0", "a4", "a1", "a3"], ["w0'"]])
        #expect(operations(h) == ["deleteRows [0.3]"])
        #expect(actions(h)["a4 move"] == .skipped)
    }

    /// A difference delegate (one section): the drops are taken back out of the data source's
    /// snapshot before the difference is applied, so the insert of the same turn reaches the
    /// table and the drop is not applied twice.
    @Test func aDifferenceDelegateAppliesTheInsertOfTheDragsTurn() throws {
        let h = try Harness(.diffable, sections: ["A": ["n0", "n1", "n2"]], sectioned: false) {
            $0.delivery = .difference
            $0.updates = .reconfigure
        }
        let problems = try dragThenEdits(h, path(0, 2), path(0, 0)) {
            try h.context.insert(
                "Note", values: [("title", .string("z")), ("group", .string("A")), ("order", .int(9))])
        }
        #expect(problems.isEmpty, "\(problems)")
        #expect(h.tableTitles == [["n2", "n0", "n1", "z"]])
        #expect(operations(h).contains("insertRows [0.3]"))
    }

    /// `UserDrag.tablePath(forOldPath:)`, worked out by hand: each drop takes its row out and puts
    /// it in at its destination (numbered after the removal, as UIKit numbers it).
    @Test func tablePathsFollowTheDrops() {
        var drag = UserDrag()
        drag.add(from: path(0, 3), to: path(0, 0), wrote: [ObjectID(4)])
        #expect(drag.tablePath(forOldPath: path(0, 0)) == path(0, 1))
        #expect(drag.tablePath(forOldPath: path(0, 2)) == path(0, 3))
        #expect(drag.tablePath(forOldPath: path(0, 3)) == path(0, 0))
        #expect(drag.tablePath(forOldPath: path(0, 4)) == path(0, 4))
        #expect(drag.tablePath(forOldPath: path(1, 0)) == path(1, 0))
        var across = UserDrag()
        across.add(from: path(0, 1), to: path(1, 0), wrote: [ObjectID(2)])
        #expect(across.tablePath(forOldPath: path(0, 2)) == path(0, 1))
        #expect(across.tablePath(forOldPath: path(1, 0)) == path(1, 1))
        #expect(across.tablePath(forOldPath: path(0, 1)) == path(1, 0))
        // A second drop counts from the table the first one left.
        across.add(from: path(1, 1), to: path(0, 0), wrote: [ObjectID(5)])
        #expect(across.tablePath(forOldPath: path(1, 0)) == path(0, 0))
        #expect(across.tablePath(forOldPath: path(0, 0)) == path(0, 1))
        #expect(across.wrote(ObjectID(2)) && across.wrote(ObjectID(5)) && !across.wrote(ObjectID(3)))
    }
}

/// `sectionfilter=arrival` (issue 33 item 10): FetchedResultsCoordinator files each row change
/// against the sections reported before it. Home (section 1 of A, H, W) loses both rows.
@Suite struct SectionFilterTests {
    private func emptyHome(_ profile: CompatibilityProfile, _ filter: SectionFilter) throws -> Harness {
        let h = try Harness(.coordinator, sections: ["A": ["a"], "H": ["h0", "h1"], "W": ["w"]]) {
            $0.sectionFilter = filter
        }
        h.controller.profile = profile
        let problems = try h.event {
            try h.context.delete(h.object("h0").objectID)
            try h.context.delete(h.object("h1").objectID)
        }
        #expect(problems.isEmpty, "\(problems)")
        return h
    }

    private func rowActions(_ h: Harness) -> [CallbackAction] {
        h.adapter.lastEvent.entries.compactMap { entry in
            if case .object = entry.callback { entry.action } else { nil }
        }
    }

    /// Today's delivery order sends the object deletes before the section delete: filed on
    /// arrival they are not filtered, and their rows are deleted beside their section.
    @Test func onArrivalTodaysOrderLetsTheDeletesThrough() throws {
        let h = try emptyHome(.modern, .arrival)
        #expect(rowActions(h) == [.applied, .applied])
        #expect(
            h.adapter.lastEvent.tableOperations.map(\.description) == ["deleteSections [1]", "deleteRows [1.0, 1.1]"])
    }

    /// With the sections first (iOS 9–10 headers) the original filters them, as the whole-event
    /// filter does under every order.
    @Test func sectionsFirstOrTheWholeEventFilterThem() throws {
        for h in [try emptyHome(.ios10, .arrival), try emptyHome(.modern, .event), try emptyHome(.ios10, .event)] {
            #expect(rowActions(h) == [.filtered, .filtered])
            #expect(h.adapter.lastEvent.tableOperations.map(\.description) == ["deleteSections [1]"])
        }
    }
}
