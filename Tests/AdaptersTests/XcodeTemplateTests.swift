import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation
import Testing

/// Xcode 8+'s Swift template (`adapter xcode-template`, issue 33 item 9): it configures the
/// changed object's own cell at the old path inside the batch, and force-unwraps
/// `cellForRow(at:)`, which is nil for a row off screen. Expectations from the template's text
/// (docs/semantics.md, "Xcode's Swift template").
@Suite struct XcodeTemplateTests {
    @Test func anUpdateAfterAnInsertAboveConfiguresTheChangedObjectsOwnCell() throws {
        let h = try Harness(.xcodeTemplate, sections: ["A": ["b", "c"]])
        let c = try h.object("c").objectID.rawValue
        let problems = try h.event {
            try h.context.insert(
                "Note", values: [("title", .string("a")), ("group", .string("A")), ("order", .int(-1))])
            try h.set("c", "title", .string("c2"))
        }
        // Apple's Objective-C template shows b in c's cell here (rule 4); this one configures c's
        // cell, at old row 0.1, with c itself.
        #expect(problems.isEmpty, "\(problems)")
        #expect(
            h.adapter.lastEvent.tableOperations.map(\.description) == [
                "insertRows [0.0]", "configureCell 0.1 with #\(c)",
            ])
        #expect(h.adapter.lastEvent.appCrash == nil)
    }

    @Test func aMoveConfiguresThenMovesTheRow() throws {
        let h = try Harness(.xcodeTemplate, sections: ["A": ["a", "b", "c"]])
        let c = try h.object("c").objectID.rawValue
        let problems = try h.event { try h.set("c", "order", .int(-1)) }
        #expect(problems.isEmpty, "\(problems)")
        #expect(
            h.adapter.lastEvent.tableOperations.map(\.description) == [
                "moveRow 0.2 → 0.0", "configureCell 0.2 with #\(c)",
            ])
        #expect(h.tableTitles == [["c", "a", "b"]])
    }

    @Test func anUpdateOfARowOffScreenCrashesTheApp() throws {
        // Rows 0.2 and 0.3 on screen; a (0.0) is not.
        let h = try Harness(
            .xcodeTemplate, sections: ["A": ["a", "b", "c", "d"]], viewport: Viewport(firstRow: 2, height: 2))
        try h.event { try h.set("a", "title", .string("a2")) }
        let crash = try #require(h.adapter.lastEvent.appCrash)
        #expect(crash.message == "Fatal error: Unexpectedly found nil while unwrapping an Optional value")
        #expect(
            crash.description == "Fatal error: Unexpectedly found nil while unwrapping an Optional value "
                + "(in controller(_:didChange:at:for:newIndexPath:): tableView.cellForRow(at: [0, 0]) is nil, the row is off screen)"
        )
        #expect(h.adapter.lastEvent.entries.map(\.action.rawValue) == ["applied", "crashed", "crashed"])
        #expect(h.adapter.lastEvent.loggedError == nil, "a trap is not an exception Core Data catches")
    }

    @Test func theCrashAbandonsTheCallsMadeBeforeIt() throws {
        let h = try Harness(
            .xcodeTemplate, sections: ["A": ["a", "b", "c", "d"]], viewport: Viewport(firstRow: 3, height: 2))
        let problems = try h.event {
            try h.context.insert(
                "Note", values: [("title", .string("z")), ("group", .string("A")), ("order", .int(9))])
            try h.set("a", "title", .string("a2"))
        }
        #expect(h.adapter.lastEvent.appCrash != nil)
        // The insert's call was queued for the batch; the batch never ended.
        #expect(h.tableTitles == [["a2", "b", "c", "d"]])
        #expect(h.table.isOutOfStep)
        #expect(h.adapter.lastEvent.entries.map(\.action.rawValue) == ["applied", "abandoned", "crashed", "crashed"])
        #expect(
            problems.contains(ConsistencyProblem(.rowCount, "section 0 has 4 rows but the controller has 5")),
            "\(problems)")
    }

    @Test func aMoveOfARowOffScreenCrashesBeforeMoveRow() throws {
        let h = try Harness(
            .xcodeTemplate, sections: ["A": ["a", "b", "c", "d"]], viewport: Viewport(firstRow: 2, height: 2))
        try h.event { try h.set("a", "order", .int(7)) }
        #expect(
            h.adapter.lastEvent.appCrash?.detail == "tableView.cellForRow(at: [0, 0]) is nil, the row is off screen")
        #expect(h.tableTitles == [["a", "b", "c", "d"]])
    }

    @Test func swift3WordsTheTrapInLowerCase() throws {
        let h = try Harness(
            .xcodeTemplate, sections: ["A": ["a", "b", "c", "d"]], viewport: Viewport(firstRow: 2, height: 2))
        h.controller.profile = .ios10
        try h.event { try h.set("a", "title", .string("a2")) }
        #expect(
            h.adapter.lastEvent.appCrash?.message
                == "fatal error: unexpectedly found nil while unwrapping an Optional value")
    }
}
