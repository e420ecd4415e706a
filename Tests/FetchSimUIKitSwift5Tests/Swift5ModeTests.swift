// Compiled in the Swift 5 language mode (Package.swift): list code as apps wrote it before
// strict concurrency — a data source that is a plain NSObject, a cell subclass, closures that
// capture the controller — must build against FetchSimUIKit's main-actor annotations, as it
// builds against UIKit's. The Swift 6 mode is FetchSimUIKitTests' own.
import FetchSimUIKit
import XCTest

class TaskCell: UITableViewCell {
    var done = false {
        didSet { accessoryType = done ? .checkmark : .none }
    }
    override func prepareForReuse() {
        super.prepareForReuse()
        done = false
    }
}

class TaskListDataSource: NSObject, UITableViewDataSource {
    var tasks = ["Write", "Test", "Ship"]
    var onReorder: (() -> Void)?

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return tasks.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Task", for: indexPath) as! TaskCell
        cell.textLabel?.text = tasks[indexPath.row]
        return cell
    }

    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        let task = tasks.remove(at: sourceIndexPath.row)
        tasks.insert(task, at: destinationIndexPath.row)
        onReorder?()
    }
}

class TaskViewController: UIViewController {
    let tableView = UITableView(frame: .zero, style: .plain)
    let source = TaskListDataSource()
    var reorders = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Tasks"
        tableView.frame = view.bounds
        view.addSubview(tableView)
        tableView.register(TaskCell.self, forCellReuseIdentifier: "Task")
        tableView.dataSource = source
        source.onReorder = { self.reorders += 1 }
    }
}

final class Swift5ModeTests: XCTestCase {
    // XCTest on Linux cannot discover a `@MainActor` test method; it runs tests on the main
    // thread, where the body claims the main actor.
    func testListCodeWrittenForSwift5RunsUnderTheSimulation() throws {
        try MainActor.assumeIsolated { try listCodeRuns() }
    }

    @MainActor
    private func listCodeRuns() throws {
        let controller = TaskViewController()
        controller.loadViewIfNeeded()
        controller.tableView.layoutIfNeeded()
        XCTAssertEqual(controller.tableView.visibleCells.map { $0.textLabel?.text }, ["Write", "Test", "Ship"])
        try controller.tableView.userMoveRow(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0))
        XCTAssertEqual(controller.source.tasks, ["Ship", "Write", "Test"])
        XCTAssertEqual(controller.reorders, 1)
        XCTAssertEqual(controller.tableView.consistencyProblems().map(\.description), [])
        XCTAssertTrue(controller.tableView.raisedExceptions.take().isEmpty)
    }
}
