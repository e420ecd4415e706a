import FetchSimCoreData
import FetchSimUIKit

/// A small list as iOS apps write it, for the CLI's tests: items sorted by `order`, Apple's
/// template delegate, and a `moveRowAt` that renumbers — with the user-driven flag or without.
final class ItemsViewController: UITableViewController, @preconcurrency NSFetchedResultsControllerDelegate {
    let context: NSManagedObjectContext
    let usesUserDrivenFlag: Bool
    var isUserDrivenChange = false

    init(context: NSManagedObjectContext, usesUserDrivenFlag: Bool) {
        self.context = context
        self.usesUserDrivenFlag = usesUserDrivenFlag
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) { nil }

    lazy var fetchedResultsController: NSFetchedResultsController<NSManagedObject> = {
        let request = NSFetchRequest<NSManagedObject>(entityName: "Item")
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        let controller = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context,
            sectionNameKeyPath: nil, cacheName: nil)
        controller.delegate = self
        try? controller.performFetch()
        return controller
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    }

    override func numberOfSections(in tableView: UITableView) -> Int { fetchedResultsController.sections?.count ?? 0 }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        fetchedResultsController.sections?[section].numberOfObjects ?? 0
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        cell.textLabel?.text = fetchedResultsController.object(at: indexPath).value(forKey: "title") as? String
        return cell
    }

    override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    /// The renumbering loop. The flag is set only when the loop writes something: a drop in place
    /// of a list already numbered 0…n-1 makes no change event, and a flag left set would make the
    /// app skip the next one (the fuzzer finds that bug).
    override func tableView(_ tableView: UITableView, moveRowAt source: IndexPath, to destination: IndexPath) {
        var items = fetchedResultsController.fetchedObjects ?? []
        let item = items.remove(at: source.row)
        items.insert(item, at: destination.row)
        let renumbered = items.enumerated().filter { ($0.element.value(forKey: "order") as? Int) != $0.offset }
        if usesUserDrivenFlag, !renumbered.isEmpty { isUserDrivenChange = true }
        for (index, item) in renumbered { item.setValue(index, forKey: "order") }
    }

    func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        guard !isUserDrivenChange else { return }
        tableView.beginUpdates()
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        guard !isUserDrivenChange else { return }
        switch type {
        case .insert: tableView.insertRows(at: [newIndexPath!], with: .fade)
        case .delete: tableView.deleteRows(at: [indexPath!], with: .fade)
        case .update:
            if let cell = tableView.cellForRow(at: indexPath!) {
                cell.textLabel?.text = (anObject as? NSManagedObject)?.value(forKey: "title") as? String
            }
        case .move: tableView.moveRow(at: indexPath!, to: newIndexPath!)
        @unknown default: return
        }
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        guard !isUserDrivenChange else {
            isUserDrivenChange = false
            return
        }
        tableView.endUpdates()
    }
}
