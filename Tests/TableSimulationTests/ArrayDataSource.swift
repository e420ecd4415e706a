import FetchSimCore
import TableSimulation

/// An array-backed data source: sections of object IDs, a label per ID, and a log of the calls
/// the table made.
///
/// A cell shows two columns: the row number it was configured at and the object's label, so a
/// cell that is not reconfigured after a shift or a move visibly shows a stale row number.
final class ArrayDataSource: TableViewDataSource {
    var ids: [[Int]]
    var titles: [String?]
    var labels: [Int: String] = [:]
    var indexTitles: [String]?
    /// When false, `moveRowAt` only records the call and leaves the model alone.
    var appliesUserMoves = true
    private(set) var userMoves: [UserMove] = []
    private(set) var cellRequests: [IndexPath] = []

    struct UserMove: Equatable {
        var from: IndexPath
        var to: IndexPath
    }

    init(_ ids: [[Int]], titles: [String?]? = nil) {
        self.ids = ids
        self.titles = titles ?? ids.indices.map { "S\($0)" }
    }

    /// Replaces the model; titles follow the section count unless given.
    func set(_ ids: [[Int]], titles: [String?]? = nil) {
        self.ids = ids
        self.titles = titles ?? ids.indices.map { "S\($0)" }
    }

    func label(_ id: Int) -> String { labels[id] ?? "item \(id)" }

    func forgetCellRequests() { cellRequests = [] }

    func numberOfSections(in tableView: SimulatedTableView) -> Int { ids.count }

    func tableView(_ tableView: SimulatedTableView, numberOfRowsInSection section: Int) -> Int {
        ids[section].count
    }

    func tableView(_ tableView: SimulatedTableView, cellForRowAt indexPath: IndexPath) -> TableCell {
        cellRequests.append(indexPath)
        let id = ids[indexPath.section][indexPath.row]
        return TableCell(identifier: id, columns: ["\(indexPath.row)", label(id)])
    }

    func tableView(_ tableView: SimulatedTableView, identifierForRowAt indexPath: IndexPath) -> Int {
        ids[indexPath.section][indexPath.row]
    }

    func tableView(_ tableView: SimulatedTableView, titleForHeaderInSection section: Int) -> String? {
        titles.indices.contains(section) ? titles[section] : nil
    }

    func sectionIndexTitles(for tableView: SimulatedTableView) -> [String]? { indexTitles }

    func tableView(
        _ tableView: SimulatedTableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        userMoves.append(UserMove(from: sourceIndexPath, to: destinationIndexPath))
        guard appliesUserMoves else { return }
        let id = ids[sourceIndexPath.section].remove(at: sourceIndexPath.row)
        ids[destinationIndexPath.section].insert(id, at: destinationIndexPath.row)
    }
}

/// A table and the data source it holds weakly, kept alive together.
final class Harness {
    let source: ArrayDataSource
    let table: SimulatedTableView

    /// A loaded table showing `ids`, with a viewport of `height` rows from `firstRow`.
    init(_ ids: [[Int]], firstRow: Int = 0, height: Int = 20) {
        source = ArrayDataSource(ids)
        table = SimulatedTableView(dataSource: source, viewport: Viewport(firstRow: firstRow, height: height))
        table.reloadData()
    }

    /// The cell's columns at `path`, or nil when there is no cell.
    func columns(_ section: Int, _ row: Int) -> [String]? {
        table.cellForRow(at: IndexPath(row: row, section: section))?.columns
    }
}

/// `p(0, 2)` is row 2 of section 0 — section first, as the tests read.
func p(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }
