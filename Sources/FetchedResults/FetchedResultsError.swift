import ObjectGraph

/// What went wrong with a fetch request or a controller, worded for the person who typed it.
///
/// ```swift
/// let request = FetchRequest(entityName: "Note", sortDescriptors: [SortDescriptor(key: "titel")])
/// do {
///     _ = try FetchedResultsController(fetchRequest: request, context: context)
/// } catch {
///     error              // .unknownAttribute("titel", entity: "Note", role: "sort key")
///     error.description  // "unknown sort key 'titel' of entity 'Note'"
/// }
/// ```
public enum FetchedResultsError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownEntity(String)
    case noSortDescriptors
    case unknownAttribute(String, entity: String, role: String)
    /// Apple's fetch-time failure when the sort does not group the section names
    /// (`NSCocoaErrorDomain` 134060): the index of the first object whose section name came
    /// before, the name, and whether to quote it as iOS 9–10 did (`'X. Objects …'`).
    case outOfOrderSectionName(index: Int, name: String, legacyQuote: Bool)
    case negative(String, Int)
    case predicate(PredicateError)
    case fetchDuringChangeDelivery
    case differenceNeedsNoSections
    /// A sort, section or predicate key path (`list.name`) that does not resolve.
    case invalidKeyPath(String, problem: String, role: String)
    /// The section cache of this name was written for another request (Apple's words, verbatim).
    case cacheMismatch(String)
    /// A fetch against a SQLite store whose sort descriptor or predicate (`role`) reads a
    /// transient attribute: the key path, the fetched entity and its number in the store, which
    /// Core Data's exception quotes.
    case transientKeyInSQLiteFetch(String, role: String, entity: String, entityNumber: Int)

    public var description: String {
        switch self {
        case .unknownEntity(let name):
            "unknown entity '\(name)'"
        case .noSortDescriptors:
            "a fetch request needs at least one sort descriptor"
        case .unknownAttribute(let key, let entity, let role):
            "unknown \(role) '\(key)' of entity '\(entity)'"
        case .outOfOrderSectionName(let index, let name, let legacyQuote):
            "Error Domain=NSCocoaErrorDomain Code=134060 \"A Core Data error occurred.\" UserInfo={reason="
                + Self.outOfOrderReason(index: index, name: name, legacyQuote: legacyQuote) + "}"
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
        case .transientKeyInSQLiteFetch(let key, let role, let entity, let number):
            "\(role) '\(key)' reads a transient attribute, which a SQLite store cannot fetch by: Core Data raises "
                + "NSInvalidArgumentException, 'keypath \(key) not found in entity <NSSQLEntity \(entity) id=\(number)>'"
        }
    }

    /// Core Data's reason, as the iOS 26.1 decompilation formats it (`'%@'. Objects …`) or, with
    /// `legacyQuote`, as iOS 9–10 logged it (`'%@. Objects …'`, the quote closing after "name").
    package static func outOfOrderReason(index: Int, name: String, legacyQuote: Bool) -> String {
        legacyQuote
            ? "The fetched object at index \(index) has an out of order section name '\(name). Objects must be sorted by section name'"
            : "The fetched object at index \(index) has an out of order section name '\(name)'. Objects must be sorted by section name"
    }
}
