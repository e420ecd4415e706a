import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation
import Testing

/// A context, a controller over `Note(title, group, order)` sectioned by group and ordered by
/// `order`, the app's data source, a table and an adapter — the whole stack below the REPL.
final class Harness {
    let context: ObjectContext
    let controller: FetchedResultsController
    let dataSource: ListDataSource
    let table: SimulatedTableView
    var adapter: TableAdapter

    init(
        _ kind: AdapterKind, sections: [String: [String]], sectioned: Bool = true,
        viewport: Viewport = Viewport(firstRow: 0, height: 1_000),
        configure: (inout AdapterOptions) -> Void = { _ in }
    ) throws {
        context = try ObjectContext()
        try context.define(
            Entity(
                name: "Note",
                attributes: [
                    Attribute("title", .string), Attribute("group", .string), Attribute("order", .int),
                ]))
        for (group, titles) in sections.sorted(by: { $0.key < $1.key }) {
            for (order, title) in titles.enumerated() {
                try context.insert(
                    "Note", values: [("title", .string(title)), ("group", .string(group)), ("order", .int(order))])
            }
        }
        try context.processPendingChanges()
        let request = FetchRequest(
            entityName: "Note",
            sortDescriptors: sectioned
                ? [SortDescriptor(key: "group"), SortDescriptor(key: "order")] : [SortDescriptor(key: "order")],
            sectionNameKeyPath: sectioned ? "group" : nil)
        controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        dataSource = try ListDataSource(controller: controller, indexKey: "order")
        table = SimulatedTableView(dataSource: dataSource, viewport: viewport)
        table.reloadData()
        var options = AdapterOptions(for: kind)
        configure(&options)
        adapter = TableAdapter.make(kind, table: table, dataSource: dataSource, options: options)
    }

    var check: ConsistencyCheck { ConsistencyCheck(table: table, dataSource: dataSource) }

    func object(_ title: String) throws -> ManagedObject {
        try #require(context.objects(ofEntity: "Note").first { $0["title"] == .string(title) })
    }

    /// Runs `edits` as one change event and returns the consistency problems afterwards.
    @discardableResult
    func event(_ edits: () throws -> Void) throws -> [ConsistencyProblem] {
        try edits()
        try context.processPendingChanges()
        table.layoutIfNeeded()
        return check.run()
    }

    func set(_ title: String, _ key: String, _ value: Value) throws {
        try context.setValue(value, forKey: key, of: object(title).objectID)
    }

    /// The user's drag from `source` to `destination` (`S.R`), flagged or not, then the event it causes.
    @discardableResult
    func drag(_ source: IndexPath, _ destination: IndexPath, flagged: Bool = true) throws -> [ConsistencyProblem] {
        let writer = try #require(table.dataSource as? any DropWritingDataSource)
        let outcome = try table.userMoveRow(from: source, to: destination) { table in
            writer.writeDrop(in: table, from: source, to: destination, flagged: flagged)
        }
        #expect(outcome.error == nil)
        try context.processPendingChanges()
        table.layoutIfNeeded()
        return check.run()
    }

    /// Titles per section as the table's row identifiers say.
    var tableTitles: [[String]] {
        table.rowIdentifiersBySection.map { ids in
            ids.map { context.object(with: ObjectID($0))?["title"].description ?? "#\($0)" }
        }
    }
}

func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }
