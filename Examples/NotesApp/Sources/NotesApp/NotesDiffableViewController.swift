#if canImport(UIKit)
import CoreData
import UIKit
#else
import FetchSimCoreData
import FetchSimUIKit
#endif

/// The notes list as iOS 13+ apps write it with a diffable data source: the fetched results
/// controller's snapshot delegate feeds a `UITableViewDiffableDataSource<String, NSManagedObjectID>`,
/// whose subclass (`NotesDiffableDataSource`) lets the user drag rows and swipe them away.
///
/// A drag is shown by the table before the app hears of it, and the data source's snapshot still
/// has the old order; the renumbering then makes the controller deliver a snapshot with the new
/// one. Applied with a diff, that snapshot moves the row a second time. The user-driven flag
/// marks the change as the user's own, and the snapshot of that change is applied by reloading
/// the table (`applySnapshotUsingReloadData`), which resets the data source without a diff.
///
/// `Variant` names the two classic ways this code goes wrong, for the fuzzer to find.
open class NotesDiffableViewController: UIViewController {
    /// How the list code is written.
    public enum Variant: Sendable {
        /// The user-driven flag, and the controller's snapshot applied as it is delivered.
        case correct
        /// No user-driven flag: every snapshot is applied with a diff, the drag's too.
        case withoutFlag
        /// The app builds its own snapshot from the controller's sections and object IDs, so the
        /// reloads the controller marks for changed objects are lost and edited cells stay stale.
        case ownSnapshotWithoutReloads
    }

    public let context: NSManagedObjectContext
    public let variant: Variant
    public var isUserDrivenChange = false
    public private(set) var tableView: UITableView!
    public private(set) var dataSource: NotesDiffableDataSource!

    public init(context: NSManagedObjectContext, variant: Variant = .correct) {
        self.context = context
        self.variant = variant
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) { nil }

    public lazy var fetchedResultsController: NSFetchedResultsController<Note> = {
        let fetchRequest: NSFetchRequest<Note> = Note.fetchRequest()
        fetchRequest.sortDescriptors = [
            NSSortDescriptor(key: "group", ascending: true), NSSortDescriptor(key: "order", ascending: true),
        ]
        let controller = NSFetchedResultsController(
            fetchRequest: fetchRequest, managedObjectContext: context,
            sectionNameKeyPath: "group", cacheName: nil)
        controller.delegate = self
        return controller
    }()

    override open func viewDidLoad() {
        super.viewDidLoad()
        tableView = UITableView(frame: view.bounds, style: .plain)
        view.addSubview(tableView)
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        dataSource = NotesDiffableDataSource(tableView: tableView) { [context] tableView, indexPath, objectID in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = (context.object(with: objectID) as? Note)?.title
            cell.contentConfiguration = content
            return cell
        }
        dataSource.owner = self
        // The first snapshot arrives through the delegate, from `performFetch()`.
        try? fetchedResultsController.performFetch()
    }

    /// Sets the editing mode of the controller and its table: the reorder controls show.
    override open func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        tableView.setEditing(editing, animated: animated)
    }

    /// The drop of the note at `source` at `destination` (numbered after its removal): the note
    /// takes the destination's group, and the notes of the groups involved are renumbered in
    /// their new order.
    func userMovedNote(from source: IndexPath, to destination: IndexPath) {
        if variant != .withoutFlag { isUserDrivenChange = true }
        let before = dataSource.snapshot()
        var groups = before.sectionIdentifiers.map { before.itemIdentifiers(inSection: $0) }
        guard groups.indices.contains(source.section), groups[source.section].indices.contains(source.row),
            groups.indices.contains(destination.section)
        else { return }
        let moved = groups[source.section].remove(at: source.row)
        groups[destination.section].insert(moved, at: min(destination.row, groups[destination.section].count))
        (context.object(with: moved) as? Note)?.group = before.sectionIdentifiers[destination.section]
        for section in Set([source.section, destination.section]) {
            for (index, objectID) in groups[section].enumerated() {
                guard let note = context.object(with: objectID) as? Note, note.order != Int64(index) else { continue }
                note.order = Int64(index)
            }
        }
    }
}

// MARK: - Fetched results controller

extension NotesDiffableViewController: @preconcurrency NSFetchedResultsControllerDelegate {
    public func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference
    ) {
        // iOS: `snapshot as NSDiffableDataSourceSnapshot<String, NSManagedObjectID>`.
        var typed = NSDiffableDataSourceSnapshot<String, NSManagedObjectID>(snapshot)
        if variant == .ownSnapshotWithoutReloads {
            typed = NSDiffableDataSourceSnapshot<String, NSManagedObjectID>()
            for section in fetchedResultsController.sections ?? [] {
                typed.appendSections([section.name])
                typed.appendItems(((section.objects as? [Note]) ?? []).map(\.objectID), toSection: section.name)
            }
        }
        if isUserDrivenChange {
            isUserDrivenChange = false
            dataSource.applySnapshotUsingReloadData(typed)
        } else {
            dataSource.apply(typed, animatingDifferences: true)
        }
    }
}

/// The diffable data source of the notes list: rows can be dragged (`canMoveRowAt`, `moveRowAt`,
/// which renumbers the notes) and swiped away (`canEditRowAt`, `commit editingStyle`).
///
/// `moveRowAt` does not call `super`: the app's snapshot delegate brings the data source to the
/// dragged order when the renumbering's snapshot arrives.
open class NotesDiffableDataSource: UITableViewDiffableDataSource<String, NSManagedObjectID> {
    weak var owner: NotesDiffableViewController?

    override open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    override open func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        owner?.userMovedNote(from: sourceIndexPath, to: destinationIndexPath)
    }

    override open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

    override open func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {
        guard editingStyle == .delete, let owner, let objectID = itemIdentifier(for: indexPath) else { return }
        owner.context.delete(owner.context.object(with: objectID))
    }
}
