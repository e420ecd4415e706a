import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation
import Testing

/// The incremental consistency check against the full one, event after event, with adapters that
/// keep the table right and adapters that break it (wrong cells, wrong rows, rejected batches).
@Suite struct IncrementalCheckTests {
    struct Session: Sendable, CustomTestStringConvertible {
        let name: String
        let kind: AdapterKind
        let flagged: Bool
        let viewport: Viewport
        let seed: UInt64
        let configure: @Sendable (inout AdapterOptions) -> Void
        var testDescription: String { name }
    }

    static let sessions: [Session] = [
        Session(name: "coordinator", kind: .coordinator, flagged: true, viewport: Viewport(firstRow: 2, height: 5), seed: 31) { _ in },
        Session(name: "apple template, stale cells at old paths", kind: .appleTemplate, flagged: true,
                viewport: Viewport(firstRow: 0, height: 1_000), seed: 32) { _ in },
        Session(name: "apple template, move-row", kind: .appleTemplate, flagged: true, viewport: Viewport(firstRow: 1, height: 4), seed: 33) {
            $0.moves = .moveRow
        },
        Session(name: "coordinator ignoring updates", kind: .coordinator, flagged: true, viewport: Viewport(firstRow: 0, height: 8), seed: 34) {
            $0.updates = .ignore
        },
        Session(name: "unflagged drags", kind: .coordinator, flagged: false, viewport: Viewport(firstRow: 3, height: 6), seed: 35) { _ in },
        Session(name: "user-driven flag off, move-row", kind: .coordinator, flagged: true, viewport: Viewport(firstRow: 0, height: 3), seed: 36) {
            $0.userDriven = .off
            $0.moves = .moveRow
        },
        Session(name: "reload-all", kind: .reloadAll, flagged: true, viewport: Viewport(firstRow: 4, height: 4), seed: 37) { _ in },
    ]

    @Test(arguments: sessions)
    func incrementalCheckAgreesWithTheFullCheck(_ session: Session) throws {
        var rng = SeededGenerator(seed: session.seed)
        let h = try Harness(session.kind, sections: ["A": ["a0", "a1", "a2"], "B": ["b0", "b1"], "C": ["c0"]],
                            viewport: session.viewport, configure: session.configure)
        var inconsistent = 0
        for event in 0..<1_500 {
            let what = try RandomAdapterTests.randomEvent(h, &rng, flagged: session.flagged)
            let full = h.check.run(scope: .full)
            let incremental = h.check.run(scope: .incremental)
            #expect(incremental == full, "\(session.name) event \(event) (\(what))")
            if !full.isEmpty { inconsistent += 1 }
            if incremental != full { return }
        }
        if session.kind == .coordinator && session.flagged && session.name == "coordinator" {
            #expect(inconsistent == 0)
        } else if session.kind != .reloadAll {
            #expect(inconsistent > 0, "\(session.name) should break the table at least once")
        }
    }

    @Test func theDefaultScopeIsFull() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0"]])
        #expect(h.check.scope == .full)
        var check = h.check
        check.scope = .incremental
        #expect(check.run().isEmpty)
    }
}
