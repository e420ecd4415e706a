import ObjectGraph

/// What went wrong with a fetch request or a controller, worded for the person who typed it.
public enum FetchedResultsError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownEntity(String)
    case noSortDescriptors
    case unknownAttribute(String, entity: String, role: String)
    case sectionKeyNotFirstSortKey(section: String, firstSort: String)
    case negative(String, Int)
    case predicate(PredicateError)
    case fetchDuringChangeDelivery
    case differenceNeedsNoSections
    /// A sort, section or predicate key path (`list.name`) that does not resolve.
    case invalidKeyPath(String, problem: String, role: String)
    /// The section cache of this name was written for another request (Apple's words, verbatim).
    case cacheMismatch(String)

    public var description: String {
        switch self {
        case .unknownEntity(let name):
            "unknown entity '\(name)'"
        case .noSortDescriptors:
            "a fetch request needs at least one sort descriptor"
        case .unknownAttribute(let key, let entity, let role):
            "unknown \(role) '\(key)' of entity '\(entity)'"
        case .sectionKeyNotFirstSortKey(let section, let firstSort):
            "section key '\(section)' must be the key of the first sort descriptor (it is '\(firstSort)')"
        case .negative(let name, let value):
            "\(name) must not be negative (got \(value))"
        case .predicate(let error):
            "predicate: \(error)"
        case .fetchDuringChangeDelivery:
            "performFetch() called while the controller is delivering a change event (re-entrant update)"
        case .differenceNeedsNoSections:
            "the CollectionDifference delivery is only available without a section key path"
        case .invalidKeyPath(let key, let problem, let role):
            "\(role) '\(key)': \(problem)"
        case .cacheMismatch:
            "CoreData: FATAL ERROR: The persistent cache of section information does not match the current configuration.  "
                + "You have illegally mutated the NSFetchedResultsController's fetch request, its predicate, or its sort "
                + "descriptor without either disabling caching or using +deleteCacheWithName:"
        }
    }
}
