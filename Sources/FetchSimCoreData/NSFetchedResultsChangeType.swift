import FetchedResults

/// The kind of change a fetched results controller reports, as Core Data's
/// `NSFetchedResultsChangeType`, with Apple's raw values.
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
