import ObjectGraph
import Testing

@testable import FetchedResults

/// Issue 33 item 8: today's Core Data restores a section cache that passes its check (entity,
/// version hash, section key path, object count, sort keys — not their directions — and each
/// store's modification time) and takes its sections as they are: names, counts and offsets over
/// the objects as fetched now (the decompilation of iOS 18.2's `-_restoreCachedSectionInfo` and
/// `performFetch:`, the only source). Its `_core_managedObjectContextDidSave:` rewrites the cache
/// when the controller's own context saves and its delegate tracks changes, and truncates it
/// otherwise. The expectations are worked out by hand from that rule.
@Suite struct StaleCacheTests {
    /// Notes #1 A order 0, #2 A order 1, #3 B order 0, #4 B order 1.
    func context() throws -> ObjectContext {
        let context = try makeContext()
        for (index, group) in ["A", "A", "B", "B"].enumerated() {
            // A score too: saving needs every required value.
            try set(context, try insertNote(context, "n\(index + 1)", group: group, order: index % 2), "score", .int(0))
        }
        try context.processPendingChanges()
        return context
    }

    func controller(
        _ context: ObjectContext, predicate: String? = nil, ascending: Bool = true, cache: FetchedResultsCache,
        profile: CompatibilityProfile = .modern, delegate: RecordingDelegate? = nil
    ) throws -> FetchedResultsController {
        let request = FetchRequest(
            entityName: "Note", predicate: try predicate.map { try Predicate(format: $0) },
            sortDescriptors: [SortDescriptor(key: "group", ascending: ascending), SortDescriptor(key: "order")],
            sectionNameKeyPath: "group")
        let controller = try FetchedResultsController(
            fetchRequest: request, context: context, profile: profile, cacheName: "Notes", cache: cache)
        controller.delegate = delegate
        delegate?.controller = controller
        try controller.performFetch()
        return controller
    }

    @Test(arguments: [CompatibilityProfile.modern, .strict])
    func aFlippedDirectionReusesTheStaleSections(profile: CompatibilityProfile) throws {
        let context = try context()
        let cache = FetchedResultsCache()
        let first = try controller(context, cache: cache, profile: profile)
        #expect(first.lastCacheUse == .written)
        #expect(describe(layout(of: first)) == "A:#1,#2 | B:#3,#4")
        // Fetched now: #3, #4 (B), #1, #2 (A); the cache says A has 2, then B 2.
        let flipped = try controller(context, ascending: false, cache: cache, profile: profile)
        #expect(flipped.lastCacheUse == .reused)
        #expect(describe(layout(of: flipped)) == "A:#3,#4 | B:#1,#2")
        #expect(flipped.fetchedObjects?.map(\.objectID.rawValue) == [3, 4, 1, 2])
    }

    @Test func anotherPredicateWithTheSameCountReusesTheStaleSections() throws {
        let context = try context()
        let cache = FetchedResultsCache()
        let first = try controller(context, predicate: "order == 0", cache: cache)
        #expect(describe(layout(of: first)) == "A:#1 | B:#3")
        // Fetched now: #1, #2, both A; the cache says A has 1, then B 1.
        let other = try controller(context, predicate: "group == 'A'", cache: cache)
        #expect(other.lastCacheUse == .reused)
        #expect(describe(layout(of: other)) == "A:#1 | B:#2")
    }

    @Test func theOldProfilesRefuseInstead() throws {
        let context = try context()
        let cache = FetchedResultsCache()
        _ = try controller(context, cache: cache, profile: .ios10)
        #expect(throws: FetchedResultsError.cacheMismatch("Notes")) {
            try controller(context, ascending: false, cache: cache, profile: .ios10)
        }
    }

    @Test func aStaleLayoutTracksLaterChangesWhereItsObjectsSit() throws {
        let context = try context()
        let cache = FetchedResultsCache()
        _ = try controller(context, cache: cache)
        let delegate = RecordingDelegate()
        let flipped = try controller(context, ascending: false, cache: cache, delegate: delegate)
        #expect(describe(layout(of: flipped)) == "A:#3,#4 | B:#1,#2")
        // #4 (a B) sits in A: a changed order is a changed sort key, so it moves into B, by the
        // sort within B's range (#1, #2, both A): group descending puts B before A, so first.
        try set(context, try #require(context.object(with: ObjectID(4))), "order", .int(5))
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", "object #4 move 0.1 1.0", "didChange"])
        #expect(describe(layout(of: flipped)) == "A:#3 | B:#4,#1,#2")
    }

    @Test func aSaveByATrackingControllersContextKeepsTheCacheValid() throws {
        let context = try context()
        let cache = FetchedResultsCache()
        let delegate = RecordingDelegate()
        let tracking = try controller(context, cache: cache, delegate: delegate)
        try set(context, try #require(context.object(with: ObjectID(1))), "title", .string("x"))
        try context.processPendingChanges()
        _ = try context.save()
        #expect(try controller(context, cache: cache).lastCacheUse == .reused)
        withExtendedLifetime((tracking, delegate)) {}
    }

    @Test func aSaveWithoutATrackingDelegateLeavesTheCacheBehindTheStore() throws {
        let context = try context()
        let cache = FetchedResultsCache()
        _ = try controller(context, cache: cache)
        try set(context, try #require(context.object(with: ObjectID(1))), "title", .string("x"))
        try context.processPendingChanges()
        _ = try context.save()
        // Same entity, keys and count: only the store's modification differs.
        #expect(try controller(context, cache: cache).lastCacheUse == .rebuilt)
    }
}
