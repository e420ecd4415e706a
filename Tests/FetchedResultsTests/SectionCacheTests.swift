import ObjectGraph
import Testing

@testable import FetchedResults

/// `cacheName` and `deleteCache(withName:)`. From Apple's header: "Cached sections are checked to
/// see if the time stamp matches the store, but not if you have illegally mutated the readonly
/// fetch request, predicate, or sort descriptor"; from its documentation: "you must call
/// deleteCache(withName:) before changing any of the fetch request, its predicate, or its sort
/// descriptors". The failure's words are Core Data's (docs/semantics.md, "cacheName and deleteCache").
@Suite struct SectionCacheTests {
    /// The old check (`ios10`) unless told otherwise; today's is `modern`'s.
    private func controller(
        _ context: ObjectContext, sort: String, ascending: Bool = true, predicate: String? = nil,
        cacheName: String?, cache: FetchedResultsCache,
        profile: CompatibilityProfile = .ios10
    ) throws -> FetchedResultsController {
        let request = FetchRequest(
            entityName: "Note", predicate: try predicate.map { try Predicate(format: $0) },
            sortDescriptors: [SortDescriptor(key: sort, ascending: ascending)])
        return try FetchedResultsController(
            fetchRequest: request, context: context, profile: profile, cacheName: cacheName, cache: cache)
    }

    /// Today's check (the decompilation of iOS 18.2's `-_restoreCachedSectionInfo`): entity,
    /// section key path, object count and sort keys; a mismatch deletes and rebuilds the cache
    /// silently, and neither the predicate nor a sort direction is compared.
    @Test func todaysCheckRebuildsSilentlyAndIgnoresDirectionAndPredicate() throws {
        let context = try makeContext()
        for order in 0..<3 { _ = try insertNote(context, "n\(order)", order: order, archived: order == 2) }
        try context.processPendingChanges()
        let cache = FetchedResultsCache()
        let first = try controller(context, sort: "order", cacheName: "Notes", cache: cache, profile: .modern)
        try first.performFetch()
        #expect(first.lastCacheUse == .written)
        // Another sort key: rebuilt, no error.
        let other = try controller(context, sort: "title", cacheName: "Notes", cache: cache, profile: .modern)
        #expect(fetchError(other) == nil)
        #expect(other.lastCacheUse == .rebuilt)
        // The same key the other way round: reused, the direction is not in the check.
        let flipped = try controller(
            context, sort: "title", ascending: false, cacheName: "Notes", cache: cache, profile: .modern)
        #expect(fetchError(flipped) == nil)
        #expect(flipped.lastCacheUse == .reused)
        // A predicate that changes the count: rebuilt; one that keeps it: reused.
        let fewer = try controller(
            context, sort: "title", predicate: "archived == false", cacheName: "Notes", cache: cache, profile: .modern)
        #expect(fetchError(fewer) == nil)
        #expect(fewer.lastCacheUse == .rebuilt)
        let same = try controller(
            context, sort: "title", predicate: "archived == true", cacheName: "Notes", cache: cache, profile: .modern)
        try same.performFetch()
        #expect(same.lastCacheUse == .rebuilt, "1 object, not 2")
        let sameCount = try controller(
            context, sort: "title", predicate: "order >= 2", cacheName: "Notes", cache: cache, profile: .modern)
        try sameCount.performFetch()
        #expect(sameCount.lastCacheUse == .reused, "another predicate, the same count: the stale cache")
    }

    private func fetchError(_ controller: FetchedResultsController) -> FetchedResultsError? {
        do {
            try controller.performFetch()
            return nil
        } catch { return error }
    }

    @Test func theSameRequestReusesItsCache() throws {
        let context = try makeContext()
        let cache = FetchedResultsCache()
        #expect(fetchError(try controller(context, sort: "order", cacheName: "Notes", cache: cache)) == nil)
        #expect(fetchError(try controller(context, sort: "order", cacheName: "Notes", cache: cache)) == nil)
        #expect(cache.names == ["Notes"])
    }

    @Test func anotherSortOrPredicateUnderTheSameNameIsIllegallyMutated() throws {
        let context = try makeContext()
        let cache = FetchedResultsCache()
        try controller(context, sort: "order", cacheName: "Notes", cache: cache).performFetch()
        let error = fetchError(try controller(context, sort: "title", cacheName: "Notes", cache: cache))
        #expect(error == .cacheMismatch("Notes"))
        #expect(
            error?.description
                == "CoreData: FATAL ERROR: The persistent cache of section information does not match the current "
                + "configuration.  You have illegally mutated the NSFetchedResultsController's fetch request, its predicate, or its "
                + "sort descriptor without either disabling caching or using +deleteCacheWithName:")
        #expect(
            fetchError(
                try controller(context, sort: "order", predicate: "archived == false", cacheName: "Notes", cache: cache)
            )
                == .cacheMismatch("Notes"))
    }

    @Test func deletingTheCacheOrUsingAnotherNameOrNoneAllowsTheNewRequest() throws {
        let context = try makeContext()
        let cache = FetchedResultsCache()
        try controller(context, sort: "order", cacheName: "Notes", cache: cache).performFetch()
        #expect(fetchError(try controller(context, sort: "title", cacheName: "Other", cache: cache)) == nil)
        #expect(fetchError(try controller(context, sort: "title", cacheName: nil, cache: cache)) == nil)
        cache.deleteCache(withName: "Notes")
        #expect(cache.names == ["Other"])
        #expect(fetchError(try controller(context, sort: "title", cacheName: "Notes", cache: cache)) == nil)
        cache.deleteCache(withName: nil)
        #expect(cache.names == [])
    }
}
