import FetchSimCLI
import FetchSimTesting
import Foundation
import NotesApp
import Testing

/// A note whose group is edited into a group the same change event creates: the controller
/// reports a section insert and a `.move` into it (docs/semantics.md rule 9), and UIKit refuses
/// `moveRow(at:to:)` into a section inserted in the same batch ("cannot move a row into a newly
/// inserted section (2)", TLIndexPathTools issue 13; MDMCoreData pull request 14, rdar://17684030).
/// Expectations by hand: the rows each section must show after the edit.
@MainActor
@Suite struct NotesSectionMoveTests {
    private func rows(_ table: UITableView) -> [[String?]] {
        (0..<table.numberOfSections).map { section in
            (0..<table.numberOfRows(inSection: section)).map {
                table.cellForRow(at: IndexPath(row: $0, section: section))?.textLabel?.text
            }
        }
    }

    /// The fuzzer's shrunk finding (seed 3): notes in A and B, a second in A, then the second
    /// A note's group set to C, which no note had.
    @Test func aMoveIntoANewSectionKeepsTheTableInStep() throws {
        let container = try NotesStore.container(groups: [("A", ["a0", "a1"]), ("B", ["b0"])])
        let context = container.viewContext
        let controller = NotesViewController(context: context, usesUserDrivenFlag: true)
        let simulator = try #require(Simulator(viewController: controller, context: context))
        let table = try #require(controller.tableView)
        #expect(simulator.endTurn().isConsistent)

        let a1 = controller.fetchedResultsController.object(at: IndexPath(row: 1, section: 0))
        simulator.userEditsObject(a1) { $0.group = "C" }
        let report = simulator.endTurn()
        #expect(report.exception == nil, "\(report)")
        #expect(report.isConsistent, "\(report)")
        #expect(rows(table) == [["a0"], ["b0"], ["a1"]])
    }

    /// The move out of a section the same event deletes: the last note of A edited into C.
    @Test func aMoveOutOfADeletedSectionKeepsTheTableInStep() throws {
        let container = try NotesStore.container(groups: [("A", ["a0"]), ("B", ["b0"])])
        let context = container.viewContext
        let controller = NotesViewController(context: context, usesUserDrivenFlag: true)
        let simulator = try #require(Simulator(viewController: controller, context: context))
        let table = try #require(controller.tableView)
        let a0 = controller.fetchedResultsController.object(at: IndexPath(row: 0, section: 0))
        simulator.userEditsObject(a0) { $0.group = "B" }
        let report = simulator.endTurn()
        #expect(report.isConsistent, "\(report)")
        #expect(rows(table) == [["a0", "b0"]] || rows(table) == [["b0", "a0"]])
    }

    /// The campaign that found it: `notes-fetchsim fuzz --adapter notes --setup fuzz-setup.txt
    /// --seed 3`, which edits any attribute (the group included), 10,000 turns consistent.
    @Test func theFlaggedListSurvivesTheCommandLineFuzzer() throws {
        let setup = NotesStore.modelURL.deletingLastPathComponent().appendingPathComponent("fuzz-setup.txt").path
        let out = FileManager.default.temporaryDirectory
            .appendingPathComponent("notes-fuzz-\(ProcessInfo.processInfo.processIdentifier).session").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let status = FetchSimCLI.run(
            arguments: [
                "fuzz", "--adapter", "notes", "--setup", setup, "--seed", "3", "--batches", "10000", "--out", out,
            ],
            adapters: ["notes": { NotesViewController(context: $0, usesUserDrivenFlag: true) }],
            executable: "notes-fetchsim")
        #expect(status == 0, "\((try? String(contentsOfFile: out, encoding: .utf8)) ?? "")")
    }
}
