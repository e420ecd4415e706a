import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation
import Testing

/// `adapter diffable delegate=snapshot|difference` (docs/semantics.md rule 24, D2–D4): what each
/// whole-event callback delivers and what the app does with it. Object IDs follow insertion:
/// group A's a0 a1 a2 are #1 #2 #3, group B's b0 b1 #4 #5.
@Suite struct DiffableDeliveryTests {
    private func unsectioned(_ configure: @escaping (inout AdapterOptions) -> Void = { _ in }) throws -> Harness {
        try Harness(.diffable, sections: ["A": ["a0", "a1", "a2"]], sectioned: false) {
            $0.delivery = .difference
            configure(&$0)
        }
    }

    @Test func theSnapshotNamesTheObjectsCoreDataMarksForReload() throws {
        let h = try Harness(.diffable, sections: ["A": ["a0", "a1", "a2"], "B": ["b0", "b1"]])
        try h.event { try h.set("a1", "title", .string("A1")) }
        #expect(
            h.adapter.lastEvent.entries.map(\.callback.description) == [
                "didChangeContentWith snapshot (2 sections, 5 items; reload #2)"
            ])
    }

    @Test func anUpdateInPlaceIsAnAssociatedRemovalAndInsertionAtOneOffset() throws {
        let stale = try unsectioned()
        let problems = try stale.event { try stale.set("a1", "title", .string("A1")) }
        #expect(
            stale.adapter.lastEvent.entries.map(\.callback.description)
                == ["didChangeContentWith difference (remove 1 #2 ↔ 1, insert 1 #2 ↔ 1)"])
        #expect(stale.adapter.lastEvent.entries.map(\.action) == [.applied])
        // Applied to the data source's items the pair changes nothing: the diff alone leaves the cell stale.
        #expect(stale.adapter.lastEvent.tableOperations.isEmpty)
        #expect(problems.map(\.kind) == [.staleCell])

        let fixed = try unsectioned { $0.updates = .reconfigure }
        #expect(try fixed.event { try fixed.set("a1", "title", .string("A1")) }.isEmpty)
        #expect(fixed.adapter.lastEvent.tableOperations == [.reconfigureRows([path(0, 1)])])
    }

    @Test func aMoveIsAPairAtTheOldAndNewOffsetsAndTheDiffMovesTheRow() throws {
        let h = try unsectioned { $0.updates = .reconfigure }
        #expect(try h.event { try h.set("a0", "order", .int(9)) }.isEmpty)
        #expect(
            h.adapter.lastEvent.entries.map(\.callback.description)
                == ["didChangeContentWith difference (remove 0 #1 ↔ 2, insert 2 #1 ↔ 0)"])
        #expect(
            h.adapter.lastEvent.tableOperations == [
                .moveRow(from: path(0, 0), to: path(0, 2)), .reconfigureRows([path(0, 0)]),
            ])
        #expect(h.tableTitles == [["a1", "a2", "a0"]])
    }

    @Test func anInsertAndADeleteHaveNoAssociatedOffset() throws {
        let h = try unsectioned()
        let problems = try h.event {
            try h.context.delete(h.object("a2").objectID)
            try h.context.insert(
                "Note", values: [("title", .string("n")), ("group", .string("A")), ("order", .int(-1))])
        }
        #expect(problems.isEmpty)
        #expect(
            h.adapter.lastEvent.entries.map(\.callback.description)
                == ["didChangeContentWith difference (remove 2 #3, insert 0 #4)"])
        #expect(h.tableTitles == [["n", "a0", "a1"]])
    }

    @Test func withASectionKeyCoreDataWarnsAndTheAppHearsNothing() throws {
        let h = try Harness(.diffable, sections: ["A": ["a0", "a1"], "B": ["b0"]]) { $0.delivery = .difference }
        #expect(
            h.controller.delegateLog == [
                "CoreData: warning: Difference delegate method is not supported when fetched results "
                    + "controller is configured with a sectionNameKeyPath"
            ])
        let problems = try h.event {
            try h.context.insert(
                "Note", values: [("title", .string("n")), ("group", .string("A")), ("order", .int(5))])
        }
        // willChange, the insert, didChange: delivered, none implemented by the app.
        #expect(h.adapter.lastEvent.entries.count == 3)
        #expect(h.adapter.lastEvent.entries.allSatisfy { $0.action == .skipped })
        #expect(h.adapter.lastEvent.tableOperations.isEmpty)
        #expect(h.tableTitles == [["a0", "a1"], ["b0"]])
        #expect(!problems.isEmpty)
    }

    @Test func canReorderItemAnswersTheOption() throws {
        let free = try Harness(.diffable, sections: ["A": ["a0", "a1"]])
        let locked = try Harness(.diffable, sections: ["A": ["a0", "a1"]]) { $0.canReorderItems = false }
        let freeSource = try #require(free.table.dataSource as? DiffableDataSource)
        let lockedSource = try #require(locked.table.dataSource as? DiffableDataSource)
        #expect(freeSource.canReorderRow(at: path(0, 1)))
        #expect(!freeSource.canReorderRow(at: path(0, 2)), "no item there")
        #expect(!lockedSource.canReorderRow(at: path(0, 0)))
        locked.adapter.options.canReorderItems = true
        #expect(lockedSource.canReorderRow(at: path(0, 0)))
    }

    @Test func theFirstSnapshotIsCheckedForDuplicateIdentifiers() throws {
        let h = try Harness(.diffable, sections: ["A": ["x", "x", "y"]]) { $0.itemKey = "title" }
        #expect(h.adapter.lastEvent.tableError == .nonUniqueItemIdentifiers(["x"]))
        #expect(
            h.adapter.lastEvent.loggedError?.hasSuffix(
                "during a call to -controller:didChangeContentWithSnapshot:.  "
                    + "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(x)} with userInfo (null)"
            ) == true)
        // The data source keeps its empty snapshot: the table shows nothing.
        #expect(h.table.numberOfSections == 0)
        #expect(!h.check.run().isEmpty)
    }
}
