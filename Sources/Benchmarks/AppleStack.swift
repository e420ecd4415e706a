import FetchSimCoreData
import FetchSimUIKit
import ObjectGraph

/// The pipeline of `PipelineStack` written as an iOS app writes it, on FetchSim's Apple-shaped
/// layer: an `NSManagedObjectContext` on the benchmark's store, an `NSFetchedResultsController`
/// sectioned by group, a `UITableViewController` whose delegate is the one Apple's documentation
/// shows (`switch type`, `beginUpdates`/`endUpdates`), its table scrolled to the middle of the list, and the
/// simulator's check of the table against the data source at the end of each turn.
@MainActor
final class AppleStack {
    let container: NSPersistentStoreCoordinator
    let context: NSManagedObjectContext
    let controller: AppleStyleListController
    private let entity: NSEntityDescription

    /// The benchmark's entity in code, as an app builds a model without a model file.
    static func model() -> NSManagedObjectModel {
        func attribute(_ name: String, _ type: NSAttributeType) -> NSAttributeDescription {
            let attribute = NSAttributeDescription()
            attribute.name = name
            attribute.attributeType = type
            // Required, as the workload's engine entity has them: the model must fit the store.
            attribute.isOptional = false
            return attribute
        }
        let item = NSEntityDescription()
        item.name = "Item"
        item.properties = [
            attribute("title", .stringAttributeType), attribute("group", .stringAttributeType),
            attribute("order", .integer64AttributeType), attribute("done", .booleanAttributeType),
        ]
        let model = NSManagedObjectModel()
        model.entities = [item]
        return model
    }

    /// Opens a context on `store` (which no other context of this stack observes) and shows the
    /// list in the middle of a table of `PipelineStack.viewportHeight` rows.
    init(store: InMemoryStore) throws {
        let model = Self.model()
        container = NSPersistentStoreCoordinator(managedObjectModel: model)
        try container.addEngineStore(store)
        context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        context.persistentStoreCoordinator = container
        guard let entity = model.entitiesByName["Item"] else {
            throw BenchError(description: "the Apple stack's model has no Item")
        }
        self.entity = entity
        controller = AppleStyleListController(context: context)
        controller.loadViewIfNeeded()
        try controller.fetchedResultsController.performFetch()
        let rowHeight = controller.tableView.rowHeight
        let rows = controller.fetchedResultsController.fetchedObjects?.count ?? 0
        let middle = max(rows / 2 - PipelineStack.viewportHeight / 2, 0)
        controller.tableView.frame = CGRect(
            x: 0, y: 0, width: 390, height: CGFloat(PipelineStack.viewportHeight) * rowHeight)
        controller.tableView.contentOffset = CGPoint(x: 0, y: CGFloat(middle) * rowHeight)
        controller.tableView.layoutIfNeeded()
        _ = controller.tableView.takeCalls()
    }

    /// Makes `edits` pending through Core Data's API: `NSManagedObject(entity:insertInto:)`,
    /// `setValue(_:forKey:)` and `delete(_:)` on the context's objects.
    func apply(_ edits: [BenchEdit]) throws {
        for edit in edits {
            switch edit {
            case .insert(let values):
                let object = NSManagedObject(entity: entity, insertInto: context)
                for (key, value) in values { object.setValue(Self.foundationValue(value), forKey: key) }
            case .delete(let id):
                context.delete(try object(id))
            case .set(let id, let key, let value):
                try object(id).setValue(Self.foundationValue(value), forKey: key)
            }
        }
    }

    private func object(_ id: ObjectID) throws -> NSManagedObject {
        guard let object = context.object(forEngineID: id) else {
            throw BenchError(description: "the Apple stack's context has no object \(id.rawValue)")
        }
        return object
    }

    private static func foundationValue(_ value: Value) -> Any? {
        switch value {
        case .string(let text): text
        case .int(let number): Int64(number)
        case .bool(let flag): flag
        default: nil
        }
    }

    /// Ends the turn as the run loop does: the context processes its pending changes (the
    /// controller's callbacks drive the table), the table lays out, and the table is checked
    /// against its data source. Returns the problems and exceptions found.
    func processEvent() -> [String] {
        context.processPendingChanges()
        let table = controller.tableView!
        table.layoutForEndOfTurn()
        var problems = table.consistencyProblems().map(\.description)
        problems +=
            table.raisedExceptions.take().map(\.description) + context.raisedExceptions.take().map(\.description)
        _ = table.takeCalls()
        return problems
    }
}

/// A list of items as an app writes it: a table view controller, a fetched results controller by
/// group then order sectioned by group, and the delegate of the "Typical Use" example in Apple's
/// `NSFetchedResultsControllerDelegate` documentation (`beginUpdates`, one table call per change,
/// a move as a delete and an insert, `endUpdates`).
@MainActor
final class AppleStyleListController: UITableViewController {
    let context: NSManagedObjectContext

    init(context: NSManagedObjectContext) {
        self.context = context
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) { nil }

    lazy var fetchedResultsController: NSFetchedResultsController<NSManagedObject> = {
        let fetchRequest = NSFetchRequest<NSManagedObject>(entityName: "Item")
        fetchRequest.sortDescriptors = [
            NSSortDescriptor(key: "group", ascending: true), NSSortDescriptor(key: "order", ascending: true),
        ]
        let controller = NSFetchedResultsController(
            fetchRequest: fetchRequest, managedObjectContext: context,
            sectionNameKeyPath: "group", cacheName: nil)
        controller.delegate = self
        return controller
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    }

    override func numberOfSections(in tableView: UITableView) -> Int {
        fetchedResultsController.sections?.count ?? 0
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        fetchedResultsController.sections?[section].numberOfObjects ?? 0
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        fetchedResultsController.sections?[section].name
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        configureCell(cell, with: fetchedResultsController.object(at: indexPath))
        return cell
    }

    func configureCell(_ cell: UITableViewCell, with item: NSManagedObject) {
        cell.textLabel?.text = item.value(forKey: "title") as? String
    }
}

extension AppleStyleListController: @preconcurrency NSFetchedResultsControllerDelegate {
    func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        tableView.beginUpdates()
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChange sectionInfo: NSFetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType
    ) {
        switch type {
        case .insert:
            tableView.insertSections(IndexSet(integer: sectionIndex), with: .fade)
        case .delete:
            tableView.deleteSections(IndexSet(integer: sectionIndex), with: .fade)
        default:
            return
        }
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        switch type {
        case .insert:
            guard let newIndexPath else { return }
            tableView.insertRows(at: [newIndexPath], with: .fade)
        case .delete:
            guard let indexPath else { return }
            tableView.deleteRows(at: [indexPath], with: .fade)
        case .update:
            guard let indexPath, let item = anObject as? NSManagedObject else { return }
            if let cell = tableView.cellForRow(at: indexPath) { configureCell(cell, with: item) }
        case .move:
            // The documentation's form: a move into a section the event inserts cannot be a
            // `moveRow` (UIKit refuses it), and a delete and an insert is valid in every case.
            guard let indexPath, let newIndexPath else { return }
            tableView.deleteRows(at: [indexPath], with: .fade)
            tableView.insertRows(at: [newIndexPath], with: .fade)
        @unknown default:
            return
        }
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        tableView.endUpdates()
    }
}
