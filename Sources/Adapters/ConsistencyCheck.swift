import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// Compares what the table shows with what the controller fetched, section by section and row by
/// row, cell content included, and says precisely where they differ (semantics.md §8).
public struct ConsistencyCheck {
    public let table: SimulatedTableView
    public let dataSource: ListDataSource
    /// At most this many problems are listed; the rest are counted.
    public var limit = 20

    public init(table: SimulatedTableView, dataSource: ListDataSource) {
        self.table = table
        self.dataSource = dataSource
    }

    var controller: FetchedResultsController { dataSource.controller }

    /// Every difference, empty when table and controller agree.
    /// - Complexity: O(n) for n rows.
    public func run() -> [String] {
        var problems: [String] = []
        let sectionCount = controller.numberOfSections
        if table.numberOfSections != sectionCount {
            problems.append("the table has \(table.numberOfSections) sections but the controller has \(sectionCount)")
        }
        let hasTitles = controller.fetchRequest.sectionNameKeyPath != nil
        for section in 0..<min(table.numberOfSections, sectionCount) {
            let name = controller.sectionName(at: section) ?? ""
            let title = table.headerTitle(forSection: section)
            if hasTitles, title != name {
                problems.append("section \(section) is titled \(quoted(title)) but the controller calls it \(quoted(name))")
            }
            let rows = table.numberOfRows(inSection: section), expected = controller.numberOfObjects(inSection: section)
            if rows != expected {
                problems.append("section \(section) has \(rows) rows but the controller has \(expected)")
            }
            for row in 0..<min(rows, expected) {
                let path = IndexPath(row: row, section: section)
                guard let object = controller.object(at: path) else { continue }
                let shown = table.rowIdentifier(at: path) ?? 0
                if shown != object.objectID.rawValue {
                    problems.append("row \(path.shortDescription) shows \(label(shown)) but the controller has \(label(object)) there")
                    continue
                }
                guard let cell = table.cellForRow(at: path) else { continue }
                let fresh = dataSource.cell(for: object)
                if cell.identifier != fresh.identifier {
                    problems.append("row \(path.shortDescription) is \(label(object)) but its cell shows \(label(cell.identifier))")
                } else if cell.columns != fresh.columns {
                    problems.append("row \(path.shortDescription) shows a stale cell for \(object.objectID): "
                        + "\(quoted(cell.columns.joined(separator: " | "))) but it should show \(quoted(fresh.columns.joined(separator: " | ")))")
                }
            }
            if rows > expected {
                for row in expected..<rows {
                    problems.append("row \(section).\(row) shows \(label(table.rowIdentifier(at: IndexPath(row: row, section: section)) ?? 0)) but the controller has no row there")
                }
            }
        }
        problems += orderProblems()
        if problems.count > limit {
            let extra = problems.count - limit
            problems = Array(problems.prefix(limit)) + ["… and \(extra) more"]
        }
        return problems
    }

    /// The controller's own invariant: its objects are in sort-descriptor order.
    func orderProblems() -> [String] {
        guard let objects = controller.fetchedObjects, objects.count > 1 else { return [] }
        let descriptors = controller.fetchRequest.sortDescriptors
        for i in 1..<objects.count {
            let (a, b) = (objects[i - 1], objects[i])
            var ordered = a.objectID < b.objectID
            for descriptor in descriptors {
                let c = Value.compare(a[descriptor.key], b[descriptor.key])
                if c != 0 { ordered = descriptor.ascending ? c < 0 : c > 0; break }
            }
            if !ordered {
                return ["the controller's objects are out of order: \(label(a)) comes before \(label(b))"]
            }
        }
        return []
    }

    private func label(_ id: Int) -> String {
        controller.context.object(with: ObjectID(id)).map(label) ?? "#\(id)"
    }

    /// `#12 "Milk"`: the ID and the object's first string attribute.
    private func label(_ object: ManagedObject) -> String {
        guard let title = object.values.first(where: { $0.stringValue != nil })?.stringValue else { return "\(object.objectID)" }
        return "\(object.objectID) \(quoted(title))"
    }

    private func quoted(_ text: String?) -> String {
        text.map { "\"\($0)\"" } ?? "none"
    }
}
