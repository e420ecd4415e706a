import FetchSimUIKit
import Testing

/// What list code does besides rows: colours, a footer, images, and pushing a detail screen.
final class DetailViewController: UIViewController {
    let item: String
    init(item: String) {
        self.item = item
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
    override func viewDidLoad() {
        super.viewDidLoad()
        title = item
        view.backgroundColor = .systemBackground
    }
}

final class PlanetsViewController: UITableViewController {
    let planets = ["Mercury", "Venus", "Earth"]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Planets"
        tableView.tableFooterView = UIView()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Planet")
        navigationItem.rightBarButtonItem = editButtonItem
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { planets.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Planet", for: indexPath)
        cell.textLabel?.text = planets[indexPath.row]
        cell.textLabel?.textColor = .label
        cell.imageView?.image = UIImage(systemName: "globe")
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        navigationController?.pushViewController(DetailViewController(item: planets[indexPath.row]), animated: true)
    }
}

@MainActor
@Suite struct CommonListCodeTests {
    @Test func selectingARowPushesItsDetailScreen() {
        let planets = PlanetsViewController(style: .insetGrouped)
        let navigation = UINavigationController(rootViewController: planets)
        #expect(planets.isViewLoaded && planets.navigationController === navigation)
        let table = planets.tableView!
        table.layoutIfNeeded()
        #expect(table.visibleCells.map { $0.textLabel?.text } == ["Mercury", "Venus", "Earth"])
        planets.tableView(table, didSelectRowAt: IndexPath(row: 2, section: 0))
        #expect(navigation.viewControllers.count == 2)
        #expect(navigation.topViewController?.title == "Earth")
        #expect(navigation.popViewController(animated: true) is DetailViewController)
        #expect(navigation.popViewController(animated: true) == nil)
        planets.setEditing(true, animated: true)
        #expect(planets.editButtonItem.title == "Done")
        #expect(table.raisedExceptions.take().isEmpty)
    }

    @Test func aCellMadeWithoutTheQueueIsShownAndNeverReused() {
        final class Plain: NSObject, UITableViewDataSource {
            var names = ["One", "Two"]
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell()
                cell.textLabel?.text = names[indexPath.row]
                return cell
            }
        }
        let source = Plain()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
        table.dataSource = source
        #expect(table.visibleCells.map { $0.textLabel?.text } == ["One", "Two"])
        #expect(table.visibleCells.allSatisfy { $0.reuseIdentifier == nil && $0.style == .default })
        #expect(table.dequeueReusableCell(withIdentifier: "Cell") == nil)
    }
}
