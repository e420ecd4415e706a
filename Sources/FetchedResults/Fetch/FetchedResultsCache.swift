import ObjectGraph

/// The persistent section caches behind Apple's `cacheName`: per name, what the cached sections
/// were computed for (docs/semantics.md, "cacheName and deleteCache", "The cache today").
///
/// Apple keeps them in files shared by every controller of the app; FetchSim keeps them in this
/// object, which the controllers that should share caches are given (the REPL has one per
/// session), so runs stay independent and deterministic.
public final class FetchedResultsCache {
    /// Per cache name, what it was written for.
    private var entries: [String: Entry] = [:]

    private struct Entry {
        /// The request as the old check compares it: entity, predicate, sort, section key path.
        var configuration: String
        /// What today's check compares.
        var stamp: CacheStamp
        /// The sections as written: identity and object count each, in order.
        var layout: [ImposedSection]
    }

    /// An empty set of caches.
    public init() {}

    /// The names of the caches held, sorted.
    public var names: [String] { entries.keys.sorted() }

    /// Deletes the cache called `name`, or every cache when `name` is nil, as
    /// `deleteCache(withName:)` does; deleting a cache that does not exist does nothing.
    public func deleteCache(withName name: String?) {
        if let name { entries[name] = nil } else { entries = [:] }
    }

    /// The old check, before the fetch: throws Apple's "illegally mutated" error when the cache
    /// called `name` was written for another request (profiles `ios9` and `ios10`).
    func check(_ name: String, configuration: String) throws(FetchedResultsError) {
        if let entry = entries[name], entry.configuration != configuration { throw .cacheMismatch(name) }
    }

    /// The sections of the cache called `name` when it passes today's check for `stamp` — what
    /// Core Data then takes as the fetch's sections — else nil.
    func reusableLayout(_ name: String, stamp: CacheStamp) -> [ImposedSection]? {
        guard let entry = entries[name], entry.stamp == stamp else { return nil }
        return entry.layout
    }

    /// Records the fetch in the cache called `name`: writes it, with `layout`, when there is
    /// none; with today's check (`checksLikeToday`), a cache whose stamp differs is deleted and
    /// written again silently, one whose stamp matches is reused as it is.
    func record(
        _ name: String, configuration: String, stamp: CacheStamp, layout: [ImposedSection], checksLikeToday: Bool
    ) -> CacheUse {
        guard let entry = entries[name] else {
            entries[name] = Entry(configuration: configuration, stamp: stamp, layout: layout)
            return .written
        }
        guard checksLikeToday, entry.stamp != stamp else { return .reused }
        entries[name] = Entry(configuration: configuration, stamp: stamp, layout: layout)
        return .rebuilt
    }

    /// Writes the cache called `name` again, if it exists, for `stamp` and `layout`: a save by
    /// the controller's own context keeps it in step with the store.
    func refresh(_ name: String, stamp: CacheStamp, layout: [ImposedSection]) {
        guard var entry = entries[name] else { return }
        entry.stamp = stamp
        entry.layout = layout
        entries[name] = entry
    }
}

/// What a fetch did with its section cache.
public enum CacheUse: String, Sendable {
    /// There was none: the fetch wrote it.
    case written
    /// It matched: Core Data takes the sections from it.
    case reused
    /// It did not match today's check: deleted and written again, silently.
    case rebuilt
}

/// What today's Core Data checks a section cache against before using it: the entity's name and
/// version hash, the section key path, the number of fetched objects and the sort descriptors'
/// keys — not their directions, not the predicate — and each store's modification time (the
/// public decompilation of iOS 18.2's `-_restoreCachedSectionInfo`, the only source).
struct CacheStamp: Equatable {
    let entity: String
    /// The entity's attributes, standing for its version hash.
    let entityVersion: String
    let sectionNameKeyPath: String
    let objectCount: Int
    let sortKeys: [String]
    /// The store's `saveCount`, standing for its file's modification time.
    let storeSaves: Int
}

extension FetchRequest {
    /// What a section cache depends on: the entity, the predicate, the sort descriptors and the
    /// section key path (Apple's header: "the readonly fetch request, predicate, or sort descriptor").
    var cacheConfiguration: String {
        [
            entityName, predicate.map { "\($0)" } ?? "", sortDescriptors.map(\.description).joined(separator: ","),
            sectionNameKeyPath ?? "",
        ].joined(separator: "\u{1F}")
    }
}
