import FetchSimUIKit
import Testing

/// A list as iOS apps write it: a table view controller over an array.
final class FruitViewController: UITableViewController {
    var fruits = ["Apple", "Banana", "Cherry"]
    var cellIdentifier = "Cell"
    var writesMovesBack = true
    private(set) var viewDidLoadCalls = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        viewDidLoadCalls += 1
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { fruits.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: cellIdentifier, for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = fruits[indexPath.row]
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        guard writesMovesBack else { return }
        fruits.insert(fruits.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
    }
}

/// A cell that counts how often the table hands it out again.
final class CountingCell: UITableViewCell {
    static var reuses = 0
    override func prepareForReuse() {
        super.prepareForReuse()
        Self.reuses += 1
    }
}

// Expectations written by hand from UIKit's documented behaviour and messages (docs/semantics.md
// rules 13–19, docs/apple-api.md).
@MainActor
@Suite struct UITableViewTests {
    private func loaded(_ controller: FruitViewController = FruitViewController(style: .plain)) -> FruitViewController {
        controller.loadViewIfNeeded()
        controller.tableView.layoutIfNeeded()
        return controller
    }

    private func texts(_ table: UITableView) -> [String?] {
        table.visibleCells.map { ($0.contentConfiguration as? UIListContentConfiguration)?.text }
    }

    private func exceptions(_ table: UITableView) -> [String] { table.raisedExceptions.take().map(\.description) }

    @Test func aControllerLoadsItsViewOnceAndServesItsTable() {
        let controller = FruitViewController(style: .plain)
        #expect(!controller.isViewLoaded)
        _ = controller.view
        controller.loadViewIfNeeded()
        #expect(controller.viewDidLoadCalls == 1)
        #expect(controller.tableView.dataSource === controller)
        #expect(controller.tableView.delegate === controller)
        #expect(controller.tableView.numberOfSections == 1)
        #expect(controller.tableView.numberOfRows(inSection: 0) == 3)
        #expect(texts(controller.tableView) == ["Apple", "Banana", "Cherry"])
        #expect(
            controller.tableView.indexPathsForVisibleRows == [
                IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0),
            ])
        controller.setEditing(true, animated: false)
        #expect(controller.isEditing && controller.tableView.isEditing)
    }

    @Test func anUnregisteredIdentifierIsRecordedNotTrapped() {
        let controller = FruitViewController(style: .plain)
        controller.cellIdentifier = "Fruit"
        _ = loaded(controller)
        let text =
            "NSInternalInconsistencyException: unable to dequeue a cell with identifier Fruit - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
        #expect(exceptions(controller.tableView) == [text, text, text])
        #expect(controller.tableView.numberOfRows(inSection: 0) == 3)
    }

    @Test func dequeueWithoutAnIndexPathAnswersNilForAnUnknownIdentifier() {
        let controller = loaded()
        #expect(controller.tableView.dequeueReusableCell(withIdentifier: "Nope") == nil)
        #expect(controller.tableView.dequeueReusableCell(withIdentifier: "Cell") != nil)
        #expect(exceptions(controller.tableView).isEmpty)
    }

    @Test func anInvalidBatchRecordsUIKitsMessageAndKeepsTheOldRows() {
        let controller = loaded()
        let table = controller.tableView!
        controller.fruits.append("Date")
        table.beginUpdates()
        table.endUpdates()
        #expect(
            exceptions(table) == [
                "NSInternalInconsistencyException: Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (4) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out). Table view: <UITableView: 0x7fa5c0008000>"
            ])
        #expect(table.numberOfRows(inSection: 0) == 3)
        #expect(table.consistencyProblems().map(\.description) == ["section 0 has 3 rows but the data source has 4"])
        table.uiKitEra = .twoSpaces
        table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .automatic)
        #expect(
            exceptions(table).first?.hasPrefix(
                "NSInternalInconsistencyException: Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (4) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (2 inserted, 0 deleted)"
            ) == true)
    }

    @Test func aValidBatchShowsTheNewRows() {
        let controller = loaded()
        let table = controller.tableView!
        controller.fruits.insert("Avocado", at: 1)
        controller.fruits.remove(at: 3)
        table.performBatchUpdates(
            {
                table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
                table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .fade)
            }, completion: { finished in #expect(finished) })
        #expect(texts(table) == ["Apple", "Avocado", "Banana"])
        #expect(exceptions(table).isEmpty)
        #expect(table.consistencyProblems().isEmpty)
    }

    @Test func aCellNotReconfiguredIsStaleUntilReloaded() {
        let controller = loaded()
        let table = controller.tableView!
        controller.fruits[1] = "Blueberry"
        #expect(
            table.consistencyProblems().map(\.description) == [
                #"row 0.1 shows a stale cell: "Banana" but it should show "Blueberry""#
            ])
        let before = table.cellForRow(at: IndexPath(row: 1, section: 0))
        table.reconfigureRows(at: [IndexPath(row: 1, section: 0)])
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === before)  // reconfigure keeps the cell
        #expect(texts(table) == ["Apple", "Blueberry", "Cherry"])
        #expect(table.consistencyProblems().isEmpty)
        controller.fruits[0] = "Apricot"
        table.reloadRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        #expect(texts(table) == ["Apricot", "Blueberry", "Cherry"])
        #expect(table.consistencyProblems().isEmpty)
    }

    @Test func aDragTheDataSourceDoesNotWriteBackLeavesRowsOutOfOrder() {
        let controller = loaded()
        controller.writesMovesBack = false
        let table = controller.tableView!
        try? table.userMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
        #expect(texts(table) == ["Banana", "Cherry", "Apple"])
        #expect(
            table.consistencyProblems().map(\.description) == [
                #"row 0.0 shows "Banana" but the data source has "Apple" there (and "Banana" at row 0.1)"#,
                #"row 0.1 shows "Cherry" but the data source has "Banana" there (and "Cherry" at row 0.2)"#,
                #"row 0.2 shows "Apple" but the data source has "Cherry" there (and "Apple" at row 0.0)"#,
            ])
        controller.writesMovesBack = true
        table.reloadData()
        #expect(table.consistencyProblems().isEmpty)
        try? table.userMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
        #expect(controller.fruits == ["Banana", "Cherry", "Apple"])
        #expect(table.consistencyProblems().isEmpty)
    }

    @Test func cellsThatScrollAwayAreReused() {
        final class Long: UITableViewController {
            override func viewDidLoad() { tableView.register(CountingCell.self, forCellReuseIdentifier: "Cell") }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 100 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
                cell.textLabel?.text = "Row \(indexPath.row)"
                return cell
            }
        }
        let controller = Long(style: .plain)
        controller.loadViewIfNeeded()
        let table = controller.tableView!
        table.frame = CGRect(x: 0, y: 0, width: 390, height: 440)  // 10 rows of 44 points
        table.layoutIfNeeded()
        #expect(table.indexPathsForVisibleRows?.count == 10)
        CountingCell.reuses = 0
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .top, animated: false)
        table.layoutIfNeeded()
        #expect(table.visibleCells.map { $0.textLabel?.text } == (50..<60).map { "Row \($0)" })
        #expect(CountingCell.reuses == 10)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
        #expect(table.consistencyProblems().isEmpty)
    }

    /// UIKit queues the cells of rows that leave the screen and hands them to the data source's
    /// dequeue for the rows that come on, in the same update: a reload replaces every row on
    /// screen, a deletion at the top brings as many rows on at the bottom.
    @Test func cellsOfRowsAReloadOrABatchTakesOffScreenAreReused() {
        final class Rows: UITableViewController {
            var rows = Array(0..<100)
            override func viewDidLoad() { tableView.register(CountingCell.self, forCellReuseIdentifier: "Cell") }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
                cell.textLabel?.text = "Row \(rows[indexPath.row])"
                return cell
            }
        }
        let controller = Rows(style: .plain)
        controller.loadViewIfNeeded()
        let table = controller.tableView!
        table.frame = CGRect(x: 0, y: 0, width: 390, height: 440)  // 10 rows of 44 points
        table.layoutIfNeeded()
        let firstCells = table.visibleCells.map(ObjectIdentifier.init)
        CountingCell.reuses = 0
        table.reloadData()
        #expect(CountingCell.reuses == 10)
        #expect(Set(table.visibleCells.map(ObjectIdentifier.init)) == Set(firstCells))

        CountingCell.reuses = 0
        controller.rows.removeFirst(3)
        table.beginUpdates()
        table.deleteRows(at: (0..<3).map { IndexPath(row: $0, section: 0) }, with: .automatic)
        table.endUpdates()
        #expect(CountingCell.reuses == 3)
        #expect(table.visibleCells.map { $0.textLabel?.text } == (3..<13).map { "Row \($0)" })
        #expect(Set(table.visibleCells.map(ObjectIdentifier.init)) == Set(firstCells))
        #expect(table.consistencyProblems().isEmpty)
    }

    @Test func aNewDataSourceIsAskedAgain() {
        let first = loaded()
        let second = FruitViewController(style: .plain)
        second.fruits = ["Kiwi"]
        let table = first.tableView!
        table.dataSource = second
        #expect(table.numberOfRows(inSection: 0) == 1)
        #expect(texts(table) == ["Kiwi"])
        #expect(table.consistencyProblems().isEmpty)
    }

    @Test func aTableNotLoadedYetLoadsWhenTheBatchBeginsAndCountsTheChangeTwice() {
        let controller = FruitViewController(style: .plain)
        controller.loadViewIfNeeded()
        controller.fruits.append("Date")
        controller.tableView.beginUpdates()  // loads 4 rows: the model already has Date
        controller.tableView.insertRows(at: [IndexPath(row: 3, section: 0)], with: .fade)
        controller.tableView.endUpdates()
        #expect(
            exceptions(controller.tableView) == [
                "NSInternalInconsistencyException: Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (4) must be equal to the number of rows contained in that section before the update (4), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out). Table view: <UITableView: 0x7fa5c0008000>"
            ])
        #expect(controller.tableView.numberOfRows(inSection: 0) == 4)
    }
}
