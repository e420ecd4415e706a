import Adapters
import FetchSimCore
import ObjectGraph
import TableSimulation
import Testing

/// A drop into a table section that shows no row takes its section key value from the model, as
/// an app's `tableView(_:moveRowAt:to:)` does with `sections[destination.section].name`
/// (docs/semantics.md, "A drop into a section the controller no longer has") — not from the
/// header the table still shows. Under `userdriven=skip-all` a drag that empties its section
/// leaves that section on screen (rule 20) while the controller has deleted it.
@Suite struct EmptySectionDropTests {
    /// A holds a0, B holds b0 and b1. a0 is dragged to the top of B: the controller deletes A,
    /// skip-all bypasses it, and the table still shows an empty "A" above B. b1 dropped into it
    /// takes the name of the controller's section 0, which is now B — the app's bug, worked out
    /// by hand from the app's code — so b1 stays in B, and the table, which shows it in "A", is
    /// out of step.
    @Test func aDropIntoASectionTheControllerDeletedTakesTheControllersSectionAtThatIndex() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0"], "B": ["b0", "b1"]]) { $0.userDriven = .skipAll }
        try h.drag(path(0, 0), path(1, 0))
        #expect(try h.object("a0")["group"] == .string("B"))
        #expect(h.controller.numberOfSections == 1)
        #expect(h.table.numberOfSections == 2)
        #expect(h.table.headerTitle(forSection: 0) == "A")
        let problems = try h.drag(path(1, 2), path(0, 0))
        #expect(try h.object("b1")["group"] == .string("B"))
        #expect(!problems.isEmpty)
        #expect(h.tableTitles == [["b1"], ["a0", "b0"]])
    }

    /// A holds a0, B holds b0. b0 is dragged under a0: the controller deletes B, and the table
    /// still shows an empty "B" at index 1, past the controller's only section. The app's
    /// `sections[1]` traps there; FetchSim refuses the drop and writes nothing.
    @Test func aDropPastTheControllersLastSectionIsRefused() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0"], "B": ["b0"]]) { $0.userDriven = .skipAll }
        try h.drag(path(1, 0), path(0, 1))
        #expect(try h.object("b0")["group"] == .string("A"))
        #expect(h.controller.numberOfSections == 1)
        #expect(h.table.headerTitle(forSection: 1) == "B")
        let outcome = try h.table.userMoveRow(from: path(0, 0), to: path(1, 0)) { table in
            h.dataSource.writeDrop(in: table, from: path(0, 0), to: path(1, 0), flagged: true)
        }
        #expect(outcome.error == "cannot tell which section key value the empty section 1 stands for")
        #expect(outcome.writes == 0)
        #expect(try h.object("a0")["group"] == .string("A"))
    }
}
