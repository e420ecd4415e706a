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
        Session(
            name: "coordinator", kind: .coordinator, flagged: true, viewport: Viewport(firstRow: 2, height: 5), seed: 31
        ) { _ in },
        Session(
            name: "apple template, stale cells at old paths", kind: .appleTemplate, flagged: true,
            viewport: Viewport(firstRow: 0, height: 1_000), seed: 32
        ) { _ in },
        Session(
            name: "apple template, move-row", kind: .appleTemplate, flagged: true,
            viewport: Viewport(firstRow: 1, height: 4), seed: 33
        ) {
            $0.moves = .moveRow
        },
        Session(
            name: "coordinator ignoring updates", kind: .coordinator, flagged: true,
            viewport: Viewport(firstRow: 0, height: 8), seed: 34
        ) {
            $0.updates = .ignore
        },
        Session(
            name: "unflagged drags", kind: .coordinator, flagged: false, viewport: Viewport(firstRow: 3, height: 6),
            seed: 35
        ) { _ in },
        Session(
            name: "user-driven flag off, move-row", kind: .coordinator, flagged: true,
            viewport: Viewport(firstRow: 0, height: 3), seed: 36
        ) {
            $0.userDriven = .off
            $0.moves = .moveRow
        },
        Session(
            name: "reload-all", kind: .reloadAll, flagged: true, viewport: Viewport(firstRow: 4, height: 4), seed: 37
        ) { _ in },
    ]

    @Test(arguments: sessions)
    func incrementalCheckAgreesWithTheFullCheck(_ session: Session) throws {
        var rng = SeededGenerator(seed: session.seed)
        let h = try Harness(
            session.kind, sections: ["A": ["a0", "a1", "a2"], "B": ["b0", "b1"], "C": ["c0"]],
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

    /// Cells written into the table behind the adapter's back, one every few events: text typed
    /// by hand, another object's cell, a cell the data source formatted from other values, and
    /// faithful copies that must pass. The incremental scope recognises a data source's cell by
    /// its values (`CellValues`) and skips formatting it; the full one formats every cell.
    @Test(arguments: zip([UInt64(41), 42], [Viewport(firstRow: 0, height: 1_000), Viewport(firstRow: 2, height: 5)]))
    func incrementalCheckAgreesWithTheFullCheckOnPlantedCells(seed: UInt64, viewport: Viewport) throws {
        var rng = SeededGenerator(seed: seed)
        let h = try Harness(
            .coordinator, sections: ["A": ["a0", "a1", "a2"], "B": ["b0", "b1"], "C": ["c0"]], viewport: viewport)
        var planted = 0
        var found = 0
        for event in 0..<1_500 {
            let what = try RandomAdapterTests.randomEvent(h, &rng)
            var plant = "nothing"
            if event % 3 == 0, let path = h.table.indexPathsForVisibleRows.randomElement(using: &rng),
                let object = h.controller.object(at: path)
            {
                let other = h.context.objects(ofEntity: "Note").filter { $0.objectID != object.objectID }.randomElement(
                    using: &rng)
                var values = object.values
                if case .int(let order) = values[2] { values[2] = .int(order + 1) }
                let cells: [(String, TableCell)] = [
                    ("typed text", TableCell(identifier: object.objectID.rawValue, columns: ["typed", "by", "hand"])),
                    (
                        "another object's cell",
                        other.map { h.dataSource.cell(for: $0) } ?? h.dataSource.cell(for: object)
                    ),
                    ("other values", h.dataSource.cell(for: object, values: values)),
                    ("a faithful copy", h.dataSource.cell(for: object)),
                    (
                        "the same text without a source",
                        TableCell(identifier: object.objectID.rawValue, columns: object.values.map(\.description))
                    ),
                ]
                let (name, cell) = cells[Int.random(in: 0..<cells.count, using: &rng)]
                h.table.configureVisibleCell(at: path, with: cell)
                plant = "\(name) at \(path.shortDescription)"
                planted += 1
            }
            let full = h.check.run(scope: .full)
            let incremental = h.check.run(scope: .incremental)
            #expect(incremental == full, "seed \(seed) event \(event) (\(what); planted \(plant))")
            if incremental != full { return }
            if !full.isEmpty { found += 1 }
        }
        #expect(planted > 400 && found > 100, "planted \(planted), found \(found)")
    }

    @Test func theDefaultScopeIsFull() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0"]])
        #expect(h.check.scope == .full)
        var check = h.check
        check.scope = .incremental
        #expect(check.run().isEmpty)
    }
}
