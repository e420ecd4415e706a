#if canImport(UIKit)
import CoreData
import UIKit
#else
import FetchSimCoreData
import FetchSimUIKit
#endif

final class Item: NSManagedObject {
    @Managed var title: String?  // iOS: @NSManaged
    @Managed var order: Int64
}

/// An in-memory store on a model built in code: Item(title, order).
func makeItemsContainer(titles: [String]) throws -> NSPersistentContainer {
    let title = NSAttributeDescription()
    title.name = "title"
    title.attributeType = .stringAttributeType
    let order = NSAttributeDescription()
    order.name = "order"
    order.attributeType = .integer64AttributeType
    let entity = NSEntityDescription()
    entity.name = "Item"
    entity.managedObjectClassName = NSStringFromClass(Item.self)
    entity.properties = [title, order]
    let model = NSManagedObjectModel()
    model.entities = [entity]
    let container = NSPersistentContainer(name: "Items", managedObjectModel: model)
    container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null"))]
    var loadError: (any Error)?
    container.loadPersistentStores { _, error in loadError = error }
    if let loadError { throw loadError }
    for (index, text) in titles.enumerated() {
        let item = Item(context: container.viewContext)
        item.title = text
        item.order = Int64(index)
    }
    try container.viewContext.save()
    return container
}

/// A reorderable list: the drag's renumbering is the user's own change, which the table
/// already shows, so the delegate skips it (the user-driven flag).
final class ItemsViewController: UITableViewController {
    let context: NSManagedObjectContext
    var isUserDrivenChange = false

    init(context: NSManagedObjectContext) {
        self.context = context
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) { nil }

    lazy var fetchedResultsController: NSFetchedResultsController<Item> = {
        let request = NSFetchRequest<Item>(entityName: "Item")
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

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        fetchedResultsController.sections?[section].numberOfObjects ?? 0
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        cell.textLabel?.text = fetchedResultsController.object(at: indexPath).title
        return cell
    }

    override func tableView(_ tableView: UITableView, moveRowAt source: IndexPath, to destination: IndexPath) {
        isUserDrivenChange = true
        var items = fetchedResultsController.fetchedObjects ?? []
        items.insert(items.remove(at: source.row), at: destination.row)
        for (index, item) in items.enumerated() where item.order != Int64(index) {
            item.order = Int64(index)
        }
    }
}

extension ItemsViewController: @preconcurrency NSFetchedResultsControllerDelegate {
    func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        if !isUserDrivenChange { tableView.beginUpdates() }
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        guard !isUserDrivenChange else { return }
        switch type {
        case .insert: tableView.insertRows(at: [newIndexPath!], with: .fade)
        case .delete: tableView.deleteRows(at: [indexPath!], with: .fade)
        case .update: tableView.reloadRows(at: [indexPath!], with: .fade)
        case .move: tableView.moveRow(at: indexPath!, to: newIndexPath!)
        @unknown default: break
        }
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        if isUserDrivenChange { isUserDrivenChange = false } else { tableView.endUpdates() }
    }
}
