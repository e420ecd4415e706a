import FetchSimCoreData
import FetchSimUIKit
import Testing

// The examples of FetchSimUIKit's doc comments, run as written inside the list code they come
// from. Expectations come from UIKit's and Core Data's documentation — the template delegate's
// calls for a delete followed by a save, the rows a scroll puts on screen, what a diffable data
// source's reorder hands its handlers — worked out by hand.

/// An entity of the examples, as an app declares it on Linux (`@Managed` for `@NSManaged`).
final class Note: NSManagedObject {
    @nonobjc class func fetchRequest() -> NSFetchRequest<Note> {
        NSFetchRequest<Note>(entityName: "Note")
    }

    @Managed var title: String?
    @Managed var body: String?
    @Managed var group: String?
    @Managed var order: Int64
    @Managed var done: Bool
}

@MainActor
enum DocumentationModel {
    static func context() throws -> NSManagedObjectContext {
        let note = NSEntityDescription()
        note.name = "Note"
        note.managedObjectClassName = NSStringFromClass(Note.self)
        note.properties = [
            attribute("title", .stringAttributeType), attribute("body", .stringAttributeType),
            attribute("group", .stringAttributeType), attribute("order", .integer64AttributeType, default: Int64(0)),
            attribute("done", .booleanAttributeType, default: false),
        ]
        let model = NSManagedObjectModel()
        model.entities = [note]
        let container = NSPersistentContainer(name: "Notes", managedObjectModel: model)
        var loadError: (any Error)?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
        containers.append(container)
        return container.viewContext
    }

    /// The containers made, kept alive as an app keeps its own.
    private static var containers: [NSPersistentContainer] = []

    private static func attribute(_ name: String, _ type: NSAttributeType, default value: Any? = nil)
        -> NSAttributeDescription
    {
        let attribute = NSAttributeDescription()
        attribute.name = name
        attribute.attributeType = type
        attribute.isOptional = value == nil
        attribute.defaultValue = value
        return attribute
    }

    static func insert(_ titles: [String], groups: [String]? = nil, into context: NSManagedObjectContext) {
        for (index, title) in titles.enumerated() {
            let note = Note(context: context)
            note.title = title
            note.order = Int64(index)
            note.group = groups?[index]
        }
    }
}

/// A subtitle cell, as the `UITableViewCell` example declares it.
final class NoteCell: UITableViewCell {
    required init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
    }
    required init?(coder: NSCoder) { nil }
}

/// What a custom content configuration shows, as the `UIContentConfiguration` example declares it.
struct NoteConfiguration: UIContentConfiguration {
    var title: String
    var shownTexts: (text: String?, secondaryText: String?) { (title, nil) }
}

/// Xcode's Master-Detail template list, as the examples of the doc comments write it: a fetched
/// results controller with the template delegate, sections by `group`, swipe to delete.
final class NotesViewController: UITableViewController, @preconcurrency NSFetchedResultsControllerDelegate {
    let context: NSManagedObjectContext
    var fetchedResultsController: NSFetchedResultsController<Note>!

    init(context: NSManagedObjectContext, style: UITableView.Style = .plain) {
        self.context = context
        super.init(style: style)
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.title = "Notes"
        navigationItem.rightBarButtonItem = editButtonItem
        navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Sort")
        tableView.register(NoteCell.self, forCellReuseIdentifier: "Note")
        tableView.separatorStyle = .none
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [
            NSSortDescriptor(key: "group", ascending: true), NSSortDescriptor(key: "order", ascending: true),
        ]
        fetchedResultsController = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: "group", cacheName: nil)
        fetchedResultsController.delegate = self
        try? fetchedResultsController.performFetch()
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
        let note = fetchedResultsController.object(at: indexPath)
        let cell = tableView.dequeueReusableCell(withIdentifier: "Note", for: indexPath)
        cell.textLabel?.text = note.title  // what the consistency check compares
        cell.textLabel?.textColor = note.done ? .secondaryLabel : .label
        cell.textLabel?.numberOfLines = 0
        cell.detailTextLabel?.text = note.body
        cell.imageView?.image = UIImage(systemName: note.done ? "checkmark.circle" : "circle")
        cell.accessoryType = note.done ? .checkmark : .none
        cell.selectionStyle = .none
        return cell
    }

    override func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {
        if editingStyle == .delete {
            context.delete(fetchedResultsController.object(at: indexPath))
        }
    }

    override func tableView(
        _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath {
        // keep drags within their section
        proposedDestinationIndexPath.section == sourceIndexPath.section ? proposedDestinationIndexPath : sourceIndexPath
    }

    // MARK: The template delegate

    func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        tableView.beginUpdates()
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChange sectionInfo: NSFetchedResultsSectionInfo, atSectionIndex sectionIndex: Int,
        for type: NSFetchedResultsChangeType
    ) {
        switch type {
        case .insert: tableView.insertSections(IndexSet(integer: sectionIndex), with: .fade)
        case .delete: tableView.deleteSections(IndexSet(integer: sectionIndex), with: .fade)
        default: return
        }
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        switch type {
        case .insert: tableView.insertRows(at: [newIndexPath!], with: .fade)
        case .delete: tableView.deleteRows(at: [indexPath!], with: .fade)
        case .update: tableView.reloadRows(at: [indexPath!], with: .none)
        case .move: tableView.moveRow(at: indexPath!, to: newIndexPath!)
        @unknown default: break
        }
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        tableView.endUpdates()
    }
}

/// The diffable variant: the controller's snapshot delegate method applies each snapshot.
final class DiffableNotesViewController: UIViewController, @preconcurrency NSFetchedResultsControllerDelegate {
    let context: NSManagedObjectContext
    var tableView: UITableView!
    var dataSource: UITableViewDiffableDataSource<String, NSManagedObjectID>!
    var fetchedResultsController: NSFetchedResultsController<Note>!

    init(context: NSManagedObjectContext) {
        self.context = context
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
        view.addSubview(tableView)
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        dataSource = UITableViewDiffableDataSource<String, NSManagedObjectID>(tableView: tableView) {
            [unowned self] tableView, indexPath, id in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            cell.textLabel?.text = (context.object(with: id) as? Note)?.title
            return cell
        }
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
        fetchedResultsController = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        fetchedResultsController.delegate = self
        try? fetchedResultsController.performFetch()
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference
    ) {
        // iOS:   let snapshot = snapshot as NSDiffableDataSourceSnapshot<String, NSManagedObjectID>
        let snapshot = NSDiffableDataSourceSnapshot<String, NSManagedObjectID>(snapshot)
        dataSource.apply(snapshot, animatingDifferences: true)
    }
}

/// A collection view list, as the collection view examples write it.
final class FruitsViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    var fruits = (1...20).map { "Fruit \($0)" }
    var selected: String?
    var collectionView: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 390, height: 60)  // items on screen: the view's height / 60
        collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
        collectionView.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "Cell")
        collectionView.dataSource = self
        collectionView.delegate = self
        view.addSubview(collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        fruits.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        let cell =
            collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
            as! UICollectionViewListCell
        var content = cell.defaultContentConfiguration()
        content.text = fruits[indexPath.item]
        cell.contentConfiguration = content
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selected = fruits[indexPath.item]
    }
}

/// A plain list over an array, for the table view examples that need no Core Data.
final class Planets: NSObject, UITableViewDataSource {
    var names = (0..<100).map { "Planet \($0)" }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = names[indexPath.row]
        cell.contentConfiguration = content
        return cell
    }
}

@MainActor
@Suite struct DocumentationExampleTests {
    private func loaded(_ titles: [String], groups: [String]) throws -> NotesViewController {
        let context = try DocumentationModel.context()
        DocumentationModel.insert(titles, groups: groups, into: context)
        try context.save()
        let controller = NotesViewController(context: context)
        controller.loadViewIfNeeded()  // loadView(), then viewDidLoad(), once
        controller.tableView.layoutIfNeeded()
        _ = controller.tableView.takeCalls()
        return controller
    }

    private func titles(_ table: UITableView) -> [String?] { table.visibleCells.map { $0.textLabel?.text } }

    // MARK: The template: a fetched results controller over a table

    @Test func aSwipeDeleteThenASaveReachesTheTableThroughTheTemplate() throws {
        let controller = try loaded(["Milk", "Eggs", "Apples"], groups: ["Dairy", "Dairy", "Fruit"])
        let table = controller.tableView!
        #expect(table.numberOfSections == 2)
        #expect(titles(table) == ["Milk", "Eggs", "Apples"])

        // UIKit calls commit editingStyle when the user confirms a swipe to delete.
        controller.tableView(table, commit: .delete, forRowAt: IndexPath(row: 1, section: 0))
        // Core Data: the delete is pending; nothing reaches the delegate before the context
        // processes its changes, which the save does.
        #expect(table.takeCalls().isEmpty)
        try controller.context.save()
        #expect(table.takeCalls() == ["beginUpdates", "deleteRows [0.1]", "endUpdates"])
        #expect(titles(table) == ["Milk", "Apples"])
        #expect(table.raisedExceptions.take().isEmpty)
        #expect(table.consistencyProblems().isEmpty)
    }

    @Test func deletingASectionsLastRowDeletesTheSection() throws {
        let controller = try loaded(["Milk", "Apples"], groups: ["Dairy", "Fruit"])
        let table = controller.tableView!
        controller.tableView(table, commit: .delete, forRowAt: IndexPath(row: 0, section: 1))
        try controller.context.save()
        // Core Data: the emptied section's delete comes with the row's, in one batch. Their order
        // is an era's (the old headers: sections first; docs/semantics.md rule 2) and does not
        // matter: UIKit validates the batch as a whole.
        let calls = table.takeCalls()
        #expect(calls.first == "beginUpdates" && calls.last == "endUpdates")
        #expect(calls.dropFirst().dropLast().sorted() == ["deleteRows [1.0]", "deleteSections [1]"])
        #expect(table.numberOfSections == 1)
        #expect(table.consistencyProblems().isEmpty)
    }

    @Test func insertsUpdatesAndMovesThroughTheTemplate() throws {
        let controller = try loaded(["Milk", "Eggs"], groups: ["Dairy", "Dairy"])
        let table = controller.tableView!
        let notes = controller.fetchedResultsController.fetchedObjects ?? []

        let butter = Note(context: controller.context)
        butter.title = "Butter"
        butter.group = "Dairy"
        butter.order = 5
        controller.context.processPendingChanges()
        notes[0].done = true
        controller.context.processPendingChanges()
        notes[1].order = -1
        controller.context.processPendingChanges()
        #expect(
            table.takeCalls() == [
                "beginUpdates", "insertRows [0.2]", "endUpdates",
                "beginUpdates", "reloadRows [0.0]", "endUpdates",
                "beginUpdates", "moveRow 0.1 → 0.0", "endUpdates",
            ])
        #expect(titles(table) == ["Eggs", "Milk", "Butter"])
        let milk = table.cellForRow(at: IndexPath(row: 1, section: 0))
        #expect(milk?.accessoryType == .checkmark)
        #expect(milk?.textLabel?.textColor == .secondaryLabel)
        #expect(milk?.imageView?.image?.name == "checkmark.circle")
        #expect(table.consistencyProblems().isEmpty)
    }

    @Test func theDelegateKeepsDragsWithinTheirSection() throws {
        let controller = try loaded(["Milk", "Eggs", "Apples"], groups: ["Dairy", "Dairy", "Fruit"])
        let table = controller.tableView!
        // UIKit asks targetIndexPathForMoveFromRowAt while the user drags; the row lands there.
        try table.userMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 0, section: 1))
        #expect(table.numberOfRows(inSection: 0) == 2)
        #expect(table.numberOfRows(inSection: 1) == 1)
        try table.userMoveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.text == "Milk")
    }

    @Test func theControllerConfiguresItsNavigationItemOnLoad() throws {
        let controller = try loaded(["Milk"], groups: ["Dairy"])
        #expect(controller.navigationItem.title == "Notes")
        #expect(controller.navigationItem.rightBarButtonItem === controller.editButtonItem)
        #expect(controller.editButtonItem.title == "Edit")
        #expect(controller.navigationItem.leftBarButtonItem?.title == "Sort")
        #expect(controller.tableView.separatorStyle == .none)
        let responder: UIResponder = controller  // views and view controllers are responders
        #expect(responder is UIViewController)
    }

    @Test func aTableViewControllersStyle() throws {
        let controller = NotesViewController(context: try DocumentationModel.context(), style: .insetGrouped)
        #expect(controller.tableView.style == .insetGrouped)
    }

    @Test func aNavigationControllerPushes() throws {
        let navigation = UINavigationController(
            rootViewController: NotesViewController(context: try DocumentationModel.context()))
        let detail = UIViewController(nibName: nil, bundle: nil)
        navigation.pushViewController(detail, animated: true)
        #expect(navigation.viewControllers.count == 2)
        #expect(navigation.topViewController === detail)
        #expect(detail.isViewLoaded)
    }

    // MARK: Cells

    @Test func cellStylesLabelsAndConfigurations() throws {
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: "Note")
        cell.detailTextLabel?.text = "2 items"
        #expect(cell.detailTextLabel?.text == "2 items")
        // UIKit: the default style has no detail label.
        #expect(UITableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel == nil)

        let star = UIImageView(image: UIImage(systemName: "star"))
        cell.accessoryView = star
        #expect(cell.accessoryView === star)

        let context = try DocumentationModel.context()
        let note = Note(context: context)
        note.title = "Milk"
        note.body = "2 litres"
        var content = cell.defaultContentConfiguration()
        content.text = note.title
        content.secondaryText = note.body
        cell.contentConfiguration = content
        #expect((cell.contentConfiguration as? UIListContentConfiguration)?.secondaryText == "2 litres")
    }

    @Test func aCustomContentConfigurationIsWhatTheCellShows() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
        let planets = Planets()
        planets.names = ["Milk"]
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        table.dataSource = planets
        table.layoutIfNeeded()
        let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))
        cell?.contentConfiguration = NoteConfiguration(title: "Milk")
        #expect(table.shownColumns(at: IndexPath(row: 0, section: 0)) == ["Milk"])
        cell?.contentConfiguration = NoteConfiguration(title: "Oat milk")
        // The cell no longer shows what the data source answers.
        #expect(table.consistencyProblems().count == 1)
    }

    @Test func aRegisteredSubclassIsDequeued() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
        table.register(NoteCell.self, forCellReuseIdentifier: "Note")
        let cell = table.dequeueReusableCell(withIdentifier: "Note", for: IndexPath(row: 0, section: 0))
        cell.textLabel?.text = "Milk"
        #expect(cell is NoteCell)
        #expect(cell.style == .subtitle)
        #expect(cell.detailTextLabel != nil)
    }

    // MARK: The table view

    @Test func scrollingPutsTheRowAtTheTop() {
        let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
        let planets = Planets()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        tableView.dataSource = planets
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        view.addSubview(tableView)
        #expect(tableView.superview === view)
        tableView.layoutIfNeeded()
        #expect(tableView.indexPathsForVisibleRows?.first == IndexPath(row: 0, section: 0))
        tableView.scrollToRow(at: IndexPath(row: 40, section: 0), at: .top, animated: true)
        #expect(tableView.indexPathsForVisibleRows?.first == IndexPath(row: 40, section: 0))
    }

    @Test func rowAnimationsAreIgnoredButTheBatchIsChecked() {
        let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
        let planets = Planets()
        planets.names = ["Mercury", "Venus"]
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        tableView.dataSource = planets
        tableView.layoutIfNeeded()
        planets.names.append("Earth")
        let newIndexPath = IndexPath(row: 2, section: 0)
        tableView.insertRows(at: [newIndexPath], with: .automatic)
        #expect(tableView.numberOfRows(inSection: 0) == 3)
        #expect(tableView.raisedExceptions.take().isEmpty)
        // UIKit checks the counts whatever the animation: a delete the data source did not make
        // is refused with Apple's text.
        tableView.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        let raised = tableView.raisedExceptions.take()
        #expect(raised.map(\.name) == [.internalInconsistencyException])
        #expect(raised.first?.reason?.hasPrefix("Invalid update: invalid number of rows in section 0.") == true)
    }

    // MARK: Diffable data sources

    @Test func aControllersSnapshotAppliedToADiffableDataSource() throws {
        let context = try DocumentationModel.context()
        DocumentationModel.insert(["Milk", "Eggs", "Bread"], into: context)
        try context.save()
        let controller = DiffableNotesViewController(context: context)
        controller.loadViewIfNeeded()
        let table = controller.tableView!
        table.layoutIfNeeded()
        #expect(titles(table) == ["Milk", "Eggs", "Bread"])
        _ = table.takeCalls()

        // A delete then a save: the next snapshot lacks the note; the data source deletes its row.
        let eggs = controller.fetchedResultsController.object(at: IndexPath(row: 1, section: 0))
        context.delete(eggs)
        try context.save()
        #expect(titles(table) == ["Milk", "Bread"])
        #expect(controller.dataSource.snapshot().numberOfItems == 2)
        #expect(table.raisedExceptions.take().isEmpty)
        #expect(table.consistencyProblems().isEmpty)
    }

    @Test func aTableDiffableDataSourceWithACellProvider() {
        let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        let dataSource = UITableViewDiffableDataSource<Int, String>(tableView: tableView) {
            tableView, indexPath, fruit in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            cell.textLabel?.text = fruit
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Apple", "Banana"])
        dataSource.apply(snapshot, animatingDifferences: false)
        tableView.layoutIfNeeded()
        #expect(titles(tableView) == ["Apple", "Banana"])
        #expect(tableView.dataSource === dataSource)
    }

    // MARK: Collection views

    @Test func aCollectionViewListAsksItsDataSourceAndTellsItsDelegate() {
        let controller = FruitsViewController(nibName: nil, bundle: nil)
        controller.loadViewIfNeeded()
        let collectionView = controller.collectionView!
        collectionView.layoutIfNeeded()
        // 600 points of 60-point items: ten on screen.
        #expect(collectionView.indexPathsForVisibleItems.count == 10)
        let first = collectionView.cellForItem(at: IndexPath(item: 0, section: 0))
        #expect((first?.contentConfiguration as? UIListContentConfiguration)?.text == "Fruit 1")
        #expect(first is UICollectionViewListCell)
        // UIKit tells the delegate when the user selects an item.
        collectionView.delegate?.collectionView(collectionView, didSelectItemAt: IndexPath(item: 2, section: 0))
        #expect(controller.selected == "Fruit 3")
        // A collection view's item is a table's row: the same index path.
        #expect(IndexPath(item: 2, section: 0) == IndexPath(row: 2, section: 0))
        #expect(collectionView.indexPathsForVisibleItems.map(\.item).sorted() == Array(0..<10))
    }

    @Test func aLayoutsItemHeightDecidesWhatIsOnScreen() {
        final class TallRows: UICollectionViewLayout {
            override var itemHeight: CGFloat { 88 }  // FetchSim's hook; UIKit's layouts compute attributes
        }
        let controller = FruitsViewController(nibName: nil, bundle: nil)
        controller.loadViewIfNeeded()
        let collectionView = controller.collectionView!
        collectionView.frame = CGRect(x: 0, y: 0, width: 390, height: 880)
        collectionView.collectionViewLayout = TallRows()
        collectionView.layoutIfNeeded()
        #expect(collectionView.indexPathsForVisibleItems.count == 10)
    }

    @Test func reorderingHandlersSeeTheUsersDrag() throws {
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: UICollectionViewFlowLayout())
        collectionView.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "Cell")
        let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) {
            collectionView, indexPath, fruit in
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
            var content = UIListContentConfiguration.cell()
            content.text = fruit
            cell.contentConfiguration = content
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()  // the data source's Snapshot
        snapshot.appendSections([0])
        snapshot.appendItems(["Apple", "Banana", "Cherry"])
        dataSource.apply(snapshot, animatingDifferences: false)
        collectionView.layoutIfNeeded()

        var fruits = snapshot.itemIdentifiers
        var isReordering = false
        var sawReordering: [Bool] = []
        var printed: [String] = []
        dataSource.reorderingHandlers.canReorderItem = { fruit in fruit != "Apple" }  // Apple stays put
        dataSource.reorderingHandlers.willReorder = { _ in isReordering = true }
        dataSource.reorderingHandlers.didReorder = { transaction in
            sawReordering.append(isReordering)
            for change in transaction.difference {
                if case .insert(let offset, let fruit, _) = change { printed.append("\(fruit) now at \(offset)") }
            }
            fruits = transaction.finalSnapshot.itemIdentifiers
            isReordering = false
        }

        // UIKit asks canMoveItemAt before the drag starts.
        #expect(!dataSource.collectionView(collectionView, canMoveItemAt: IndexPath(row: 0, section: 0)))
        #expect(dataSource.collectionView(collectionView, canMoveItemAt: IndexPath(row: 2, section: 0)))
        try collectionView.userMoveItem(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0))
        // UIKit: willReorder before the snapshot changes, didReorder after, with the new order.
        #expect(sawReordering == [true])
        #expect(fruits == ["Cherry", "Apple", "Banana"])
        #expect(printed == ["Cherry now at 0"])
        #expect(dataSource.snapshot().itemIdentifiers == ["Cherry", "Apple", "Banana"])
        #expect(!isReordering)
    }

    // MARK: Colours and images

    @Test func coloursAndImagesAreKeptByName() {
        let tableView = UITableView(frame: .zero, style: .plain)
        tableView.backgroundColor = UIColor(white: 0.95, alpha: 1)
        #expect(tableView.backgroundColor?.name == "white(0.95, 1.0)")
        #expect(UIColor.secondaryLabel.name == "secondaryLabel")
        #expect(UIImage(systemName: "circle")?.name == "circle")
    }
}
