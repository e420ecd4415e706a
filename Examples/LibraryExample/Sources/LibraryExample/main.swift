// Two screens show the same sectioned list of notes and the user drags a row on each. One keeps
// its table in step with FetchSim's coordinator adapter; the other with a delegate written the
// way many apps write it — Apple's template, blind to the user-driven flag — which tries to apply
// the drag a second time. The consistency check after each drag tells them apart.
//
// Exit status 0 when both behave as described; 1 otherwise.
import Adapters
import Foundation

/// A screen as an app has it: the list's controller, its table and the table's data source.
final class NotesScreen {
    let context: ObjectContext
    let controller: FetchedResultsController
    let dataSource: ListDataSource
    let table: SimulatedTableView

    init() throws {
        context = try ObjectContext()
        try context.define(
            Entity(
                name: "Note",
                attributes: [
                    Attribute("title", .string), Attribute("group", .string), Attribute("order", .int),
                ]))
        for (order, title) in ["Milk", "Eggs", "Bread", "Coffee"].enumerated() {
            try context.insert(
                "Note", values: [("title", .string(title)), ("group", .string("Groceries")), ("order", .int(order))])
        }
        try context.processPendingChanges()
        let request = FetchRequest(
            entityName: "Note", sortDescriptors: [SortDescriptor(key: "group"), SortDescriptor(key: "order")],
            sectionNameKeyPath: "group")
        controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        dataSource = try ListDataSource(controller: controller, indexKey: "order")
        table = SimulatedTableView(dataSource: dataSource)
        table.reloadData()
    }

    /// The user drags a row; the run-loop turn then ends: one change event, then a layout pass.
    func drag(from source: IndexPath, to destination: IndexPath) throws {
        try table.userMoveRow(from: source, to: destination)
        try context.processPendingChanges()
        table.layoutIfNeeded()
    }

    /// What the table shows, one `#ID` per row.
    var rows: String {
        table.rowIdentifiersBySection.map { $0.map { "#\($0)" }.joined(separator: " ") }.joined(separator: " | ")
    }
}

/// Apple's delegate template as many apps have it: one table call per callback, a move as
/// `moveRow`, and no idea that the user already moved the row.
final class TemplateDelegate: FetchedResultsControllerDelegate {
    let table: SimulatedTableView
    var errors: [TableViewError] = []

    init(table: SimulatedTableView) { self.table = table }

    func controllerWillChangeContent(_ controller: FetchedResultsController) { table.beginUpdates() }

    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: ChangeType
    ) {
        record { () throws(TableViewError) in
            if type == .insert {
                try table.insertSections([sectionIndex])
            } else {
                try table.deleteSections([sectionIndex])
            }
        }
    }

    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: ChangeType, newIndexPath: IndexPath?
    ) {
        record { () throws(TableViewError) in
            switch (type, indexPath, newIndexPath) {
            case (.insert, _, let new?): try table.insertRows(at: [new])
            case (.delete, let old?, _): try table.deleteRows(at: [old])
            case (.move, let old?, let new?): try table.moveRow(at: old, to: new)
            case (.update, let old?, _): try table.reloadRows(at: [old])
            default: break
            }
        }
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController) {
        record { () throws(TableViewError) in try table.endUpdates() }
    }

    private func record(_ body: () throws(TableViewError) -> Void) {
        do { try body() } catch { errors.append(error) }
    }
}

func report(_ name: String, _ screen: NotesScreen) -> Bool {
    let problems = ConsistencyCheck(table: screen.table, dataSource: screen.dataSource).run()
    print("\(name): \(screen.rows)")
    print(problems.isEmpty ? "  ✓ consistent" : "  ✗ inconsistent: \(problems.count) problems")
    for problem in problems { print("  \(problem)") }
    return problems.isEmpty
}

do {
    let coordinated = try NotesScreen()
    let adapter = TableAdapter.make(.coordinator, table: coordinated.table, dataSource: coordinated.dataSource)
    try coordinated.drag(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 1, section: 0))
    let skipped = adapter.lastEvent.entries.filter { $0.action == .skipped }.count
    print("the coordinator skipped \(skipped) callbacks of the user's own drag")
    let coordinatorIsConsistent = report("coordinator", coordinated)

    let naive = try NotesScreen()
    let delegate = TemplateDelegate(table: naive.table)
    naive.controller.delegate = delegate
    try naive.drag(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 1, section: 0))
    let templateIsConsistent = report("template", naive)
    for error in delegate.errors { print("  UIKit: \(error)") }

    exit(coordinatorIsConsistent && !templateIsConsistent ? 0 : 1)
} catch {
    print("error: \(error)")
    exit(1)
}
