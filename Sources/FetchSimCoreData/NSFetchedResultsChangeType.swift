import FetchedResults

/// The kind of change a fetched results controller reports, as Core Data's
/// `NSFetchedResultsChangeType`, with Apple's raw values.
///
/// The delegate of Xcode's template switches over it; `@unknown default` compiles (the enum is
/// not frozen, as Apple's is not):
///
/// ```swift
/// func controller(_ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
///                 at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?) {
///     switch type {
///     case .insert: tableView.insertRows(at: [newIndexPath!], with: .fade)
///     case .delete: tableView.deleteRows(at: [indexPath!], with: .fade)
///     case .update: tableView.reloadRows(at: [indexPath!], with: .none)
///     case .move: tableView.moveRow(at: indexPath!, to: newIndexPath!)
///     @unknown default: break
///     }
/// }
/// ```
///
/// As in Core Data since iOS 10, `.move` means the object's position changed (no separate
/// `.update` follows), and `.update` carries the old position in `indexPath` and the new one in
/// `newIndexPath`; a reload inside the batch takes the old one (docs/semantics.md rules 8, 12).
public enum NSFetchedResultsChangeType: UInt, Sendable {
    case insert = 1
    case delete = 2
    case move = 3
    case update = 4

    init(_ type: ChangeType) {
        switch type {
        case .insert: self = .insert
        case .delete: self = .delete
        case .move: self = .move
        case .update: self = .update
        }
    }
}

/// One section of a controller's results, as Core Data's `NSFetchedResultsSectionInfo`: valid
/// until the next change event.
///
/// ```swift
/// func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
///     fetchedResultsController.sections?[section].numberOfObjects ?? 0
/// }
/// func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
///     fetchedResultsController.sections?[section].name
/// }
/// ```
public protocol NSFetchedResultsSectionInfo {
    /// The section key's value as text (`""` without a section key path).
    var name: String { get }
    /// The section's index title.
    var indexTitle: String? { get }
    /// How many objects the section has.
    var numberOfObjects: Int { get }
    /// The section's objects in order.
    var objects: [Any]? { get }
}

/// The engine's section info with its objects as the context's managed objects.
struct FetchedSectionInfo: NSFetchedResultsSectionInfo {
    let section: SectionInfo
    weak var context: NSManagedObjectContext?

    var name: String { section.name }
    var indexTitle: String? { section.indexTitle }
    var numberOfObjects: Int { section.numberOfObjects }
    var objects: [Any]? {
        guard let context else { return [] }
        return section.objects.map { context.wrapper(for: $0) }
    }
}

/// The controller and context the app's current sections read from, shared by all of them.
final class CurrentSections {
    let engine: FetchedResultsController
    weak var context: NSManagedObjectContext?
    /// Every section's count, read once: a table asks each one's count twice per event (to
    /// validate the batch, then to check), and a count is a descent of the engine's section tree.
    let counts: [Int]

    init(engine: FetchedResultsController, context: NSManagedObjectContext) {
        self.engine = engine
        self.context = context
        counts = (0..<engine.numberOfSections).map(engine.numberOfObjects(inSection:))
    }
}

/// A section of the controller's current results (`NSFetchedResultsController.sections`): its
/// count read when the list was made, its name and objects from the engine's controller when
/// asked; the list is made again at each change event.
struct CurrentSectionInfo: NSFetchedResultsSectionInfo {
    let source: CurrentSections
    let index: Int

    var name: String { source.engine.sectionName(at: index) ?? "" }
    var indexTitle: String? { source.engine.sectionIndexTitle(forSectionName: name) }
    var numberOfObjects: Int { source.counts.indices.contains(index) ? source.counts[index] : 0 }
    var objects: [Any]? {
        guard let context = source.context else { return [] }
        guard index < source.engine.numberOfSections else { return [] }
        return source.engine.sectionInfo(at: index).objects.map { context.wrapper(for: $0) }
    }
}
