import FetchSimTesting
import NotesApp
import Testing

/// The app's view controller under the simulator: the user's drags, deletes and edits, Core
/// Data's end of each run-loop turn, and the consistency check after it.
@MainActor
@Suite struct NotesAppTests {
    func target(flag: Bool) -> FuzzTarget {
        let container = try! NotesStore.container(groups: [
            ("A", ["a0", "a1", "a2"]), ("B", ["b0", "b1"]), ("C", ["c0"]),
        ])
        let context = container.viewContext
        let controller = NotesViewController(context: context, usesUserDrivenFlag: flag)
        let simulator = Simulator(viewController: controller, context: context)!
        return FuzzTarget(
            simulator: simulator, keepAlive: [container, controller],
            insert: { n in
                let note = Note(context: context)
                note.title = "new \(n)"
                note.group = ["A", "B", "C"][n % 3]
                note.order = Int64(100 + n)
            },
            edit: { n in
                let notes = (try? context.fetch(Note.fetchRequest())) ?? []
                guard !notes.isEmpty else { return }
                notes[n % notes.count].title = "note \(n)"
            })
    }

    @Test func theModelFileLoads() throws {
        let container = try NotesStore.container(groups: [("A", ["a0"])])
        #expect(try container.viewContext.count(for: Note.fetchRequest()) == 1)
    }

    /// With the user-driven flag the list stays consistent for 10,000 fuzzed turns.
    @Test func theFlaggedListStaysConsistent() {
        let result = Simulator.fuzz(seed: 7, batches: 10_000) { target(flag: true) }
        #expect(result.failure == nil, "\(result)")
    }

    /// Without the flag the fuzzer finds the classic bug and shrinks it to one drag: UIKit's
    /// exception, because the template moves the row the table already shows moved.
    @Test func theUnflaggedListIsCaughtAndShrunk() throws {
        let result = Simulator.fuzz(seed: 7, batches: 10_000) { target(flag: false) }
        let failure = try #require(result.failure)
        #expect(failure.steps.count == 2, "\(failure.transcript)")
        #expect(failure.report.exception?.name == .internalInconsistencyException)
    }
}
