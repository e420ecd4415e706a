import FetchSimTesting
import NotesApp
import Testing

/// The diffable notes list under the simulator. Expectations by hand from docs/semantics.md:
/// rule 24 (the controller's snapshot: its sections and object IDs, moved and updated objects
/// marked for reload), D1 (`apply` diffs by identifier), D2 (an unmarked item keeps its cell),
/// D4 (a drag the data source's snapshot does not know is moved a second time by the diff).
@MainActor
@Suite struct NotesDiffableTests {
    private func texts(_ table: UITableView) -> [String?] {
        table.visibleCells.map { ($0.contentConfiguration as? UIListContentConfiguration)?.text }
    }

    private func notes(_ context: NSManagedObjectContext) -> [Note] {
        (try? context.fetch(Note.fetchRequest())) ?? []
    }

    func target(
        _ variant: NotesDiffableViewController.Variant,
        groups: [(String, [String])] = [("A", ["a0", "a1", "a2"]), ("B", ["b0", "b1"]), ("C", ["c0"])]
    ) -> FuzzTarget {
        let container = try! NotesStore.container(groups: groups)
        let context = container.viewContext
        let controller = NotesDiffableViewController(context: context, variant: variant)
        let groupNames = groups.map(\.0)
        return FuzzTarget(
            simulator: Simulator(viewController: controller, context: context)!, keepAlive: [container, controller],
            insert: { n in
                let note = Note(context: context)
                note.title = "new \(n)"
                note.group = groupNames[n % groupNames.count]
                note.order = Int64(100 + n)
            },
            edit: { n in
                let notes = notes(context)
                guard !notes.isEmpty else { return }
                notes[n % notes.count].title = "note \(n)"
            })
    }

    @Test func theSnapshotDelegateKeepsTheTableInStep() throws {
        let container = try NotesStore.container(groups: [("A", ["a0", "a1"]), ("B", ["b0"])])
        let context = container.viewContext
        let controller = NotesDiffableViewController(context: context)
        let simulator = try #require(Simulator(viewController: controller, context: context))
        let table = try #require(controller.tableView)
        #expect(texts(table) == ["a0", "a1", "b0"])
        #expect(simulator.endTurn().isConsistent)

        let a1 = controller.fetchedResultsController.object(at: IndexPath(row: 1, section: 0))
        simulator.userEditsObject(a1) { $0.title = "a1 edited" }
        var report = simulator.endTurn()
        #expect(report.isConsistent, "\(report)")
        #expect(texts(table) == ["a0", "a1 edited", "b0"])

        simulator.userEdits("a new note in C") {
            let note = Note(context: context)
            note.title = "c0"
            note.group = "C"
        }
        report = simulator.endTurn()
        #expect(report.isConsistent, "\(report)")
        #expect(table.numberOfSections == 3)
        #expect(texts(table) == ["a0", "a1 edited", "b0", "c0"])

        simulator.userEditsObject(a1) { $0.order = -1 }  // a1 moves before a0
        report = simulator.endTurn()
        #expect(report.isConsistent, "\(report)")
        #expect(texts(table) == ["a1 edited", "a0", "b0", "c0"])
    }

    /// A drag of b0 to the top of A: the table shows it there at once; the renumbering gives b0
    /// group A and order 0, a0 order 1, a1 order 2; the flagged snapshot reloads the table.
    @Test func aDragRenumbersTheNotesAndTheTableStaysInStep() throws {
        let container = try NotesStore.container(groups: [("A", ["a0", "a1"]), ("B", ["b0", "b1"])])
        let context = container.viewContext
        let controller = NotesDiffableViewController(context: context)
        let simulator = try #require(Simulator(viewController: controller, context: context))
        try simulator.userMoveRow(from: IndexPath(row: 0, section: 1), to: IndexPath(row: 0, section: 0))
        #expect(controller.isUserDrivenChange)
        let report = simulator.endTurn()
        #expect(report.isConsistent, "\(report)")
        #expect(!controller.isUserDrivenChange)
        #expect(texts(controller.tableView) == ["b0", "a0", "a1", "b1"])
        let byTitle = Dictionary(uniqueKeysWithValues: notes(context).map { ($0.title ?? "", $0) })
        #expect(byTitle["b0"]?.group == "A")
        #expect(["b0", "a0", "a1", "b1"].map { byTitle[$0]?.order } == [0, 1, 2, 0])
        #expect(report.calls.contains("reloadData"))
    }

    @Test func aSwipeDeletesTheNote() throws {
        let container = try NotesStore.container(groups: [("A", ["a0", "a1"])])
        let context = container.viewContext
        let controller = NotesDiffableViewController(context: context)
        let simulator = try #require(Simulator(viewController: controller, context: context))
        try simulator.userDeleteRow(at: IndexPath(row: 0, section: 0))
        let report = simulator.endTurn()
        #expect(report.isConsistent, "\(report)")
        #expect(texts(controller.tableView) == ["a1"])
        #expect(notes(context).map(\.title) == ["a1"])
    }

    /// With the user-driven flag the list stays consistent for 10,000 fuzzed turns.
    @Test func theCorrectVariantStaysConsistent() {
        let result = Simulator.fuzz(seed: 7, batches: 10_000) { target(.correct) }
        #expect(result.failure == nil, "\(result)")
        #expect(result.batches == 10_000)
    }

    /// Without the flag the drag's snapshot is diffed against the data source's order from before
    /// the drag, so the table is told to move the row it already shows moved. Shrunk to one drag.
    @Test func withoutTheFlagADragIsAppliedTwice() throws {
        let result = Simulator.fuzz(seed: 7, batches: 10_000) { target(.withoutFlag) }
        let failure = try #require(result.failure)
        #expect(failure.steps.count == 2, "\(failure.transcript)")
        guard case .drag(let from, let to) = failure.steps.first else {
            Issue.record("the shrunk failure is not a drag: \(failure.transcript)")
            return
        }
        #expect(failure.steps.last == .endTurn)
        // A drag within its section that changes the order leaves the table with the right counts
        // but the moved row twice displaced (a wrong row); across sections the counts break and
        // UIKit raises. Either way the turn is not consistent.
        #expect(from != to)
        #expect(!failure.report.isConsistent)
    }

    /// The same by hand: b0 dropped at the end of A. The table shows A = a0 a1 a2 b0, B = b1.
    /// The renumbering gives b0 group A (order 3) and b1 order 0, so the controller's snapshot is
    /// A = a0 a1 a2 b0, B = b1, with b0 and b1 marked for reload. The data source still has
    /// B = b0 b1 from before the drag, so the diff deletes b0 (moved and reloaded) and b1
    /// (reloaded, shifted) at rows 1.0 and 1.1 — and the table's B has one row: UIKit refuses the
    /// batch before it counts.
    @Test func withoutTheFlagADragAcrossSectionsRaisesUIKitsException() throws {
        let target = target(.withoutFlag)
        try target.simulator.userMoveRow(from: IndexPath(row: 0, section: 1), to: IndexPath(row: 3, section: 0))
        let report = target.simulator.endTurn()
        let exception = try #require(report.exception)
        #expect(exception.name == .internalInconsistencyException)
        #expect(
            exception.reason == "attempt to delete row 1 from section 1 which only contains 1 rows before the update",
            "\(exception)")
        _ = target.keepAlive
    }

    /// An app that builds its own snapshot loses the controller's reload marks: an edited note's
    /// cell keeps its old title (D2). The fuzzer shrinks it to one edit.
    @Test func anOwnSnapshotWithoutReloadsLeavesAStaleCell() throws {
        let result = Simulator.fuzz(seed: 7, batches: 10_000) { target(.ownSnapshotWithoutReloads) }
        let failure = try #require(result.failure)
        #expect(failure.steps.count == 2, "\(failure.transcript)")
        guard case .edit = failure.steps.first else {
            Issue.record("the shrunk failure is not an edit: \(failure.transcript)")
            return
        }
        #expect(failure.report.exception == nil)
        #expect(failure.report.problems.first?.kind == .staleCell, "\(failure.transcript)")
    }
}
