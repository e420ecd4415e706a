import ObjectGraph

/// The persistent section caches behind Apple's `cacheName`: per name, the configuration the
/// cached sections were computed for (docs/semantics.md, "cacheName and deleteCache").
///
/// Apple keeps them in files shared by every controller of the app; FetchSim keeps them in this
/// object, which the controllers that should share caches are given (the REPL has one per
/// session), so runs stay independent and deterministic.
public final class FetchedResultsCache {
    /// Per cache name, the configuration it was written for.
    private var configurations: [String: String] = [:]

    /// An empty set of caches.
    public init() {}

    /// The names of the caches held, sorted.
    public var names: [String] { configurations.keys.sorted() }

    /// Deletes the cache called `name`, or every cache when `name` is nil, as
    /// `deleteCache(withName:)` does; deleting a cache that does not exist does nothing.
    public func deleteCache(withName name: String?) {
        if let name { configurations[name] = nil } else { configurations = [:] }
    }

    /// Checks `configuration` against the cache called `name` and writes it there when there is
    /// none; throws Apple's "illegally mutated" error when the cache was written for another one.
    func use(_ name: String, for configuration: String) throws(FetchedResultsError) {
        if let cached = configurations[name] {
            guard cached == configuration else { throw .cacheMismatch(name) }
            return
        }
        configurations[name] = configuration
    }
}

extension FetchRequest {
    /// What a section cache depends on: the entity, the predicate, the sort descriptors and the
    /// section key path (Apple's header: "the readonly fetch request, predicate, or sort descriptor").
    var cacheConfiguration: String {
        [entityName, predicate.map { "\($0)" } ?? "", sortDescriptors.map(\.description).joined(separator: ","),
         sectionNameKeyPath ?? ""].joined(separator: "\u{1F}")
    }
}
