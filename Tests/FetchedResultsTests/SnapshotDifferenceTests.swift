import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// Rule 24 as today's CoreData delivers snapshots and differences, and rule 21's iOS 9 crash shape.
/// Expectations from Apple's `NSOrderedCollectionChange.associatedIndex` page ("Diffs that
/// controller(_:didChangeContentWith:) passes to delegates of NSFetchedResultsController
/// communicate that an object changed even when its position in the results is unaffected") and
/// the public decompilation of iOS 26.1's `NSFetchedResultsController` (snapshot reloads,
/// `setDelegate:`'s log line, `performFetch:`'s snapshot).
@Suite struct SnapshotDifferenceTests {
    @Test func rule24_theDifferenceReportsAnUpdateInPlaceAsARemovalAndAnInsertionAtOneOffset() throws {
        let context = try makeContext()
        _ = try insertNote(context, "a", order: 0)
        let b = try insertNote(context, "b", order: 1)
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(
            context, sort: [SortDescriptor(key: "order")], section: nil, delegate: DifferenceRecordingDelegate())
        try set(context, b, "title", .string("b2"))
        try context.processPendingChanges()
        let difference = try #require(delegate.differences.last)
        #expect(difference.removals.map(Step.init) == [Step(offset: 1, id: ObjectID(2), associated: 1)])
        #expect(difference.insertions.map(Step.init) == [Step(offset: 1, id: ObjectID(2), associated: 1)])
        #expect([ObjectID(1), ObjectID(2)].applying(difference) == controller.fetchedObjects?.map(\.objectID))
    }

    @Test func rule24_theDifferenceOfAMoveAndAnUpdateAppliesToTheOldIDs() throws {
        let context = try makeContext()
        let n = try (0..<3).map { try insertNote(context, "n\($0)", order: $0 * 10) }
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(
            context, sort: [SortDescriptor(key: "order")], section: nil, delegate: DifferenceRecordingDelegate())
        try set(context, n[0], "order", .int(25))  // #1 0 → 2
        try set(context, n[1], "title", .string("x"))  // #2 updated, 1 → 0
        try context.processPendingChanges()
        let difference = try #require(delegate.differences.last)
        #expect(
            Set(difference.removals.map(Step.init)) == [
                Step(offset: 0, id: ObjectID(1), associated: 2),
                Step(offset: 1, id: ObjectID(2), associated: 0),
            ])
        #expect(
            [ObjectID(1), ObjectID(2), ObjectID(3)].applying(difference) == controller.fetchedObjects?.map(\.objectID))
    }

    @Test func rule24_theSnapshotMarksMovedAndUpdatedObjectsForReload() throws {
        let context = try makeContext()
        let n = try (0..<3).map { try insertNote(context, "n\($0)", order: $0 * 10) }
        try context.processPendingChanges()
        let (_, delegate) = try makeController(
            context, sort: [SortDescriptor(key: "order")], section: nil, delegate: SnapshotRecordingDelegate())
        #expect(delegate.take() == ["snapshot"], "performFetch delivers the fetched results")
        #expect(delegate.snapshots.last?.reloadedObjectIDs == [], "nothing to reload after a fetch")
        try set(context, n[0], "order", .int(25))  // moved
        try set(context, n[1], "title", .string("x"))  // updated
        try insertNote(context, "new", order: 5)  // inserted: not reloaded
        try context.processPendingChanges()
        #expect(delegate.take() == ["snapshot"])
        let snapshot = try #require(delegate.snapshots.last)
        #expect(snapshot.objectIDs == [ObjectID(4), ObjectID(2), ObjectID(3), ObjectID(1)])
        #expect(Set(snapshot.reloadedObjectIDs) == [ObjectID(1), ObjectID(2)])
    }

    @Test func rule24_aDifferenceDelegateWithASectionKeyIsLoggedAndGetsTheCallbacks() throws {
        let context = try makeContext()
        let (sectioned, delegate) = try makeController(context, delegate: DifferenceRecordingDelegate())
        #expect(
            sectioned.delegateLog == [
                "CoreData: warning: Difference delegate method is not supported when fetched "
                    + "results controller is configured with a sectionNameKeyPath"
            ])
        try insertNote(context, "x", group: "Z")
        try context.processPendingChanges()
        #expect(delegate.take().first == "willChange")
        let (plain, _) = try makeController(context, section: nil, delegate: DifferenceRecordingDelegate())
        #expect(plain.delegateLog.isEmpty)
        let (snapshot, _) = try makeController(context, delegate: SnapshotRecordingDelegate())
        #expect(snapshot.delegateLog.isEmpty, "a snapshot delegate wins over the difference")
    }

    @Test func rule21_ios9ReportsAKeyChangeInPlaceWithOtherChangesAsUpdateAndMoveToTheSamePath() throws {
        // XLData PR 15 / Stack Overflow 31383760: "didChangeObject: … is called twice: Once with
        // the NSFetchedResultsChangeUpdate event and then again with the NSFetchedResultsChangeMove
        // event (and indexPath = newIndexPath)".
        let context = try makeContext()
        let a = try insertNote(context, "a", group: "A", order: 0)
        try insertNote(context, "b", group: "A", order: 10)
        try context.processPendingChanges()
        let (_, ios9) = try makeController(context, profile: .ios9)
        let (_, modern) = try makeController(context)
        try set(context, a, "order", .int(5))
        try set(context, a, "title", .string("a2"))
        try context.processPendingChanges()
        #expect(ios9.take() == ["willChange", "object #1 update 0.0 nil", "object #1 move 0.0 0.0", "didChange"])
        #expect(modern.take() == ["willChange", "object #1 update 0.0 0.0", "didChange"])
    }

    /// One step of a `CollectionDifference`, comparable.
    struct Step: Hashable, CustomStringConvertible {
        let offset: Int, id: ObjectID, associated: Int?

        init(offset: Int, id: ObjectID, associated: Int?) {
            self.offset = offset
            self.id = id
            self.associated = associated
        }

        init(_ change: CollectionDifference<ObjectID>.Change) {
            switch change {
            case .insert(let offset, let id, let associated), .remove(let offset, let id, let associated):
                self.init(offset: offset, id: id, associated: associated)
            }
        }

        var description: String { "\(id)@\(offset)→\(associated.map(String.init) ?? "-")" }
    }
}
