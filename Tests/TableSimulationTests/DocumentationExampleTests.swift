import TableSimulation
import Testing

/// The examples in TableSimulation's doc comments, as written there, with what each one claims
/// checked by hand-derived expectations (UIKit's counting message as UIKit words it): an example
/// that stops compiling or stops being true fails here.
@Suite struct TableSimulationDocumentationExampleTests {
    @Test func tableViewDataSource() {
        let groceries = Groceries()
        let table = SimulatedTableView(dataSource: groceries)
        table.reloadData()
        #expect(table.rowIdentifiers(inSection: 0) == [1, 2])
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.columns == ["Eggs"])
    }

    @Test func simulatedTableView() throws {
        let groceries = Groceries()
        let table = SimulatedTableView(dataSource: groceries)
        table.reloadData()
        groceries.items.append((id: 3, title: "Bread"))
        table.beginUpdates()
        try table.insertRows(at: [IndexPath(row: 2, section: 0)])
        try table.endUpdates()
        #expect(table.rowIdentifiers(inSection: 0) == [1, 2, 3])
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.description == "#3 Bread")
    }

    @Test func tableOperation() throws {
        let groceries = Groceries()
        let table = SimulatedTableView(dataSource: groceries)
        table.reloadData()
        groceries.items.remove(at: 0)
        try table.performBatchUpdates { try table.deleteRows(at: [IndexPath(row: 0, section: 0)]) }
        #expect(table.lastBatch == [.deleteRows([IndexPath(row: 0, section: 0)])])
        #expect(table.lastBatch.map(\.description) == ["deleteRows [0.0]"])
    }

    @Test func tableViewError() {
        let groceries = Groceries()
        let table = SimulatedTableView(dataSource: groceries)
        table.reloadData()
        table.beginUpdates()
        #expect(throws: Never.self) { try table.insertRows(at: [IndexPath(row: 0, section: 0)]) }
        do {
            try table.endUpdates()
            Issue.record("an insert the data source does not reflect must throw")
        } catch {
            // UIKit's wording (iOS 12–13): 2 rows before and after, 1 inserted.
            #expect(
                error.description
                    == "Invalid update: invalid number of rows in section 0. The number of rows contained in an "
                    + "existing section after the update (2) must be equal to the number of rows contained in that "
                    + "section before the update (2), plus or minus the number of rows inserted or deleted from "
                    + "that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out "
                    + "of that section (0 moved in, 0 moved out).")
            #expect(table.isOutOfStep)
            // iOS 8–11 put two spaces after the first sentence.
            #expect(error.message(in: .twoSpaces).contains("in section 0.  The number of rows"))
        }
        #expect(table.rowIdentifiers(inSection: 0) == [1, 2])
    }

    @Test func uiKitEra() {
        let groceries = Groceries()
        let table = SimulatedTableView(dataSource: groceries)
        table.reloadData()
        table.beginUpdates()
        do {
            try table.deleteSections([0])
            try table.endUpdates()
            Issue.record("a section delete the data source does not reflect must throw")
        } catch {
            #expect(error.message(in: .oneSpace) == error.description)
            #expect(error.message(in: .twoSpaces).contains("number of sections.  The number of sections"))
            #expect(UIKitEra.allCases.map(\.description) == ["ios8-11", "ios12-13", "ios14+"])
        }
    }

    @Test func viewport() {
        let groceries = Groceries()
        let table = SimulatedTableView(dataSource: groceries, viewport: Viewport(height: 1))
        table.reloadData()
        #expect(table.indexPathsForVisibleRows == [IndexPath(row: 0, section: 0)])
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) == nil)
        table.viewport = Viewport(firstRow: 1, height: 1)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.columns == ["Eggs"])
        #expect(table.viewport.description == "rows 1..<2")
    }

    @Test func tableCell() {
        let cell = TableCell(identifier: 7, columns: ["Milk", "3"])
        #expect(cell.description == "#7 Milk | 3")
        #expect(cell == TableCell(identifier: 7, columns: ["Milk", "3"]))
        #expect(cell != TableCell(identifier: 7, columns: ["Milk", "4"]))
    }
}

/// The data source of the `TableViewDataSource` example: one section of groceries.
private final class Groceries: TableViewDataSource {
    var items = [(id: 1, title: "Milk"), (id: 2, title: "Eggs")]

    func numberOfSections(in tableView: SimulatedTableView) -> Int { 1 }
    func tableView(_ tableView: SimulatedTableView, numberOfRowsInSection section: Int) -> Int { items.count }
    func tableView(_ tableView: SimulatedTableView, cellForRowAt indexPath: IndexPath) -> TableCell {
        TableCell(identifier: items[indexPath.row].id, columns: [items[indexPath.row].title])
    }
    func tableView(_ tableView: SimulatedTableView, identifierForRowAt indexPath: IndexPath) -> Int {
        items[indexPath.row].id
    }
    func tableView(_ tableView: SimulatedTableView, titleForHeaderInSection section: Int) -> String? { nil }
    func sectionIndexTitles(for tableView: SimulatedTableView) -> [String]? { nil }
    func tableView(
        _ tableView: SimulatedTableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        items.insert(items.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
    }
}
