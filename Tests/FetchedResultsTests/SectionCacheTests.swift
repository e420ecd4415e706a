@testable import FetchedResults
import ObjectGraph
import Testing

/// `cacheName` and `deleteCache(withName:)`. From Apple's header: "Cached sections are checked to
/// see if the time stamp matches the store, but not if you have illegally mutated the readonly
/// fetch request, predicate, or sort descriptor"; from its documentation: "you must call
/// deleteCache(withName:) before changing any of the fetch request, its predicate, or its sort
/// descriptors". The failure's words are Core Data's (docs/semantics.md, "cacheName and deleteCache").
@Suite struct SectionCacheTests {
    private func controller(_ context: ObjectContext, sort: String, predicate: String? = nil, cacheName: String?,
                            cache: FetchedResultsCache) throws -> FetchedResultsController {
        let request = FetchRequest(entityName: "Note", predicate: try predicate.map { try Predicate(format: $0) },
                                   sortDescriptors: [SortDescriptor(key: sort)])
        return try FetchedResultsController(fetchRequest: request, context: context, cacheName: cacheName, cache: cache)
    }

    private func fetchError(_ controller: FetchedResultsController) -> FetchedResultsError? {
        do { try controller.performFetch(); return nil } catch { return error }
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
        #expect(error?.description == "CoreData: FATAL ERROR: The persistent cache of section information does not match the current "
            + "configuration.  You have illegally mutated the NSFetchedResultsController's fetch request, its predicate, or its "
            + "sort descriptor without either disabling caching or using +deleteCacheWithName:")
        #expect(fetchError(try controller(context, sort: "order", predicate: "archived == false", cacheName: "Notes", cache: cache))
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
