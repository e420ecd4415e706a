import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation
import Testing

/// Issue 33 item 2: since iOS 15 applying the controller's snapshot as it is reloads the items it
/// marks (forum thread 692357); before, and for an app that rebuilds its own snapshot, the cells
/// go stale (rule D2). Expected table calls worked out by hand from the rows below.
@Suite struct DiffableReloadTests {
    private func harness(_ profile: CompatibilityProfile, _ configure: (inout AdapterOptions) -> Void = { _ in }) throws
        -> Harness
    {
        let h = try Harness(.diffable, sections: ["A": ["a0", "a1", "a2"], "B": ["b0", "b1"]], configure: configure)
        h.controller.profile = profile
        return h
    }

    /// a1 (0.1) retitled: the diff has nothing to do; the marked item is reloaded where it is.
    @Test(arguments: [CompatibilityProfile.modern, .strict])
    func anEditedItemIsReloadedFromIOS15(_ profile: CompatibilityProfile) throws {
        let h = try harness(profile)
        let problems = try h.event { try h.set("a1", "title", .string("A1")) }
        #expect(h.adapter.lastEvent.tableOperations == [.reloadRows([path(0, 1)])])
        #expect(problems.isEmpty, "\(problems)")
    }

    /// a0 (0.0) given order 9 goes last in A: the diff moves it to 0.2, then the marked item is
    /// reloaded at its new path, in a batch of its own.
    @Test func aMovedItemIsReloadedAtItsNewPath() throws {
        let h = try harness(.modern)
        let problems = try h.event { try h.set("a0", "order", .int(9)) }
        #expect(
            h.adapter.lastEvent.tableOperations == [
                .moveRow(from: path(0, 0), to: path(0, 2)), .reloadRows([path(0, 2)]),
            ])
        #expect(h.tableTitles == [["a1", "a2", "a0"], ["b0", "b1"]])
        #expect(problems.isEmpty, "\(problems)")
    }

    /// Under the older profiles the diffable app runs on iOS 13–14: the marks do nothing.
    @Test(arguments: [CompatibilityProfile.ios9, .ios10])
    func beforeIOS15TheCellStaysStale(_ profile: CompatibilityProfile) throws {
        let h = try harness(profile)
        let problems = try h.event { try h.set("a1", "title", .string("A1")) }
        #expect(h.adapter.lastEvent.tableOperations.isEmpty)
        #expect(problems.map(\.kind) == [.staleCell])
    }

    /// `snapshot=rebuilt`: the app's own snapshot has no marks, so even on iOS 15 the cell is stale.
    @Test func aRebuiltSnapshotDropsTheMarks() throws {
        let h = try harness(.modern) { $0.snapshot = .rebuilt }
        let problems = try h.event { try h.set("a1", "title", .string("A1")) }
        #expect(h.adapter.lastEvent.tableOperations.isEmpty)
        #expect(problems.map(\.kind) == [.staleCell])
        #expect(h.adapter.options.description.hasSuffix(" snapshot=rebuilt"))
    }

    /// An app that reconfigures the marked items itself does that instead of the reload.
    @Test func theAppsOwnReconfigureTakesThePlaceOfTheReload() throws {
        let h = try harness(.modern) { $0.updates = .reconfigure }
        let problems = try h.event { try h.set("a1", "title", .string("A1")) }
        #expect(h.adapter.lastEvent.tableOperations == [.reconfigureRows([path(0, 1)])])
        #expect(problems.isEmpty)
    }
}
