import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation
import Testing

/// Issue 17, items 3, 4, 5 and 10, through the whole stack below the REPL. Expectations are worked
/// out by hand from the sources named in docs/semantics.md.
@Suite struct FidelityRoundTwoTests {
    // MARK: Item 3 — object(at:) past the end of a section raises (rule 4)

    @Test func appleTemplateUpdatePastTheEndOfTheSectionRaisesInObjectAtIndexPath() throws {
        let h = try Harness(.appleTemplate, sections: ["A": ["a", "b", "c", "d"]])
        let problems = try h.event {
            try h.context.delete(h.object("a").objectID)
            try h.set("d", "title", .string("Decaf"))
        }
        // d's old path is 0.3; after the delete section 0 has 3 rows, so Apple's object(at: 0.3)
        // raises inside -controller:didChangeObject:… and Core Data catches and logs it.
        #expect(
            h.adapter.lastEvent.loggedError
                == "CoreData: error: Serious application error.  An exception was caught from the "
                + "delegate of NSFetchedResultsController during a call to "
                + "-controller:didChangeObject:atIndexPath:forChangeType:newIndexPath:.  "
                + "no object at index 3 in section at index 0 with userInfo (null)")
        #expect(h.adapter.lastEvent.exceptionReason == "no object at index 3 in section at index 0")
        #expect(h.adapter.lastEvent.tableError == nil, "the batch itself is valid")
        // No cell was configured: d's cell, now row 0.2, still shows "d".
        #expect(!h.adapter.lastEvent.tableOperations.contains { if case .configureCell = $0 { true } else { false } })
        #expect(problems.map(\.kind) == [.staleCell], "\(problems)")
    }

    // MARK: Item 4 — UIKit's wording per profile (rule 17)

    @Test(arguments: [(CompatibilityProfile.ios10, ".  "), (.ios9, ".  "), (.modern, ". ")])
    func sectionCountMessageFollowsTheProfilesUIKit(profile: CompatibilityProfile, separator: String) throws {
        let h = try Harness(.coordinator, sections: ["A": ["a"], "B": ["b0", "b1"]]) { $0.userDriven = .skipAll }
        h.controller.profile = profile
        try h.drag(path(0, 0), path(1, 1))  // skip-all leaves the emptied section A behind
        try h.event { try h.set("b0", "title", .string("b0'")) }
        let reason =
            "Invalid update: invalid number of sections\(separator)The number of sections contained in the table view "
            + "after the update (1) must be equal to the number of sections contained in the table view before the update (2), "
            + "plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."
        #expect(h.adapter.lastEvent.exceptionReason == reason)
        #expect(
            h.adapter.lastEvent.loggedError?.hasSuffix("-controllerDidChangeContent:.  \(reason) with userInfo (null)")
                == true)
    }

    // MARK: Item 5 — a write of the same value is an update

    @Test func writingTheSameTitleReportsAnUpdateTheAdapterApplies() throws {
        let h = try Harness(.coordinator, sections: ["A": ["Milk", "Eggs"]]) { $0.updates = .reload }
        let problems = try h.event { try h.set("Milk", "title", .string("Milk")) }
        #expect(problems.isEmpty)
        #expect(
            h.adapter.lastEvent.entries.map { "\($0.callback)" } == [
                "willChangeContent", "didChange object #1 update [0, 0] → [0, 0]", "didChangeContent",
            ])
        #expect(h.adapter.lastEvent.tableOperations.map(\.description) == ["reloadRows [0.0]"], "a needless reload")
    }

    // MARK: Item 10 — the coordinator as FetchedResultsCoordinator is

    @Test func defaultsAreEachSourcesOwn() {
        #expect(AdapterOptions(for: .coordinator).updates == .reconfigureInBatch)
        #expect(AdapterOptions(for: .coordinator).userDriven == .skipMoves)
        #expect(AdapterOptions(for: .appleTemplate).updates == .reconfigure)
        #expect(AdapterOptions(for: .appleTemplate).userDriven == .skipAll)
    }

    @Test(arguments: [AdapterKind.coordinator, .appleTemplate])
    func configuringInsideTheBatchWithTheChangedObjectIsRight(kind: AdapterKind) throws {
        let h = try Harness(kind, sections: ["A": ["b", "c"]]) { $0.updates = .reconfigureInBatch }
        let problems = try h.event {
            try h.context.insert(
                "Note", values: [("title", .string("a")), ("group", .string("A")), ("order", .int(-1))])
            try h.set("c", "title", .string("c2"))
        }
        // Rule 4's event: the cell at the OLD path 0.1 is c's until endUpdates, and it is given c
        // itself (#2), not object(at: 0.1) — so after the batch row 0.2 shows "c2".
        #expect(problems.isEmpty, "\(problems)")
        #expect(h.adapter.lastEvent.tableOperations.contains(.configureCell(path(0, 1), identifier: 2)))
    }

    @Test func coordinatorConfiguresLastInTheBatch() throws {
        let h = try Harness(.coordinator, sections: ["A": ["b", "c"]])
        try h.event {
            try h.context.insert(
                "Note", values: [("title", .string("a")), ("group", .string("A")), ("order", .int(-1))])
            try h.set("c", "title", .string("c2"))
        }
        #expect(
            h.adapter.lastEvent.tableOperations.map(\.description) == ["insertRows [0.0]", "configureCell 0.1 with #2"])
    }
}
