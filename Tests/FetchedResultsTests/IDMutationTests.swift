import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// Temporary IDs become permanent (issue 33 item 7): the public decompilation of iOS 18.2's
/// `-_managedObjectContextDidMutateObjectIDs:` hands a difference delegate, per changed object in
/// the results, `changeWithObject:old type:remove index:i associatedIndex:i` and
/// `changeWithObject:new type:insert index:i associatedIndex:i`; other delegates hear nothing.
/// Offsets worked out by hand.
@Suite struct IDMutationTests {
    /// Notes with a title and an order, nothing required left unset.
    private func makeContext() throws -> ObjectContext {
        let context = try ObjectContext()
        try context.define(Entity(name: "Note", attributes: [Attribute("title", .string), Attribute("order", .int)]))
        return context
    }

    private func insertNote(_ context: ObjectContext, _ title: String, order: Int) throws -> ManagedObject {
        try context.insert("Note", values: [("title", .string(title)), ("order", .int(order))])
    }

    @Test func aDifferenceDelegateHearsARemovalAndAnInsertionPerSavedObject() throws {
        let context = try makeContext()
        _ = try insertNote(context, "a", order: 0)
        _ = try insertNote(context, "c", order: 20)
        try context.processPendingChanges()
        try context.save()
        let (_, delegate) = try makeController(
            context, sort: [SortDescriptor(key: "order")], section: nil,
            delegate: DifferenceRecordingDelegate())
        let b = try insertNote(context, "b", order: 10)  // #3 at offset 1
        let d = try insertNote(context, "d", order: 30)  // #4 at offset 3
        try context.processPendingChanges()
        #expect(delegate.take() == ["difference"], "the inserts")
        try context.save()
        #expect(delegate.take() == ["difference"], "the saved inserts' new IDs")
        let difference = try #require(delegate.differences.last)
        typealias Step = SnapshotDifferenceTests.Step
        #expect(
            difference.removals.map(Step.init) == [
                Step(offset: 1, id: b.objectID, associated: 1), Step(offset: 3, id: d.objectID, associated: 3),
            ])
        #expect(
            difference.insertions.map(Step.init) == [
                Step(offset: 1, id: b.objectID, associated: 1), Step(offset: 3, id: d.objectID, associated: 3),
            ])
    }

    @Test func obtainingPermanentIDsFirstMovesTheDifferenceThere() throws {
        let context = try makeContext()
        let (_, delegate) = try makeController(
            context, sort: [SortDescriptor(key: "order")], section: nil,
            delegate: DifferenceRecordingDelegate())
        let a = try insertNote(context, "a", order: 0)
        try context.processPendingChanges()
        _ = delegate.take()
        try context.obtainPermanentIDs(for: [a.objectID])
        #expect(delegate.take() == ["difference"])
        try context.save()
        #expect(delegate.take() == [], "no ID changes at the save")
    }

    @Test func snapshotAndPerChangeDelegatesHearNothing() throws {
        let context = try makeContext()
        let (first, snapshots) = try makeController(
            context, sort: [SortDescriptor(key: "order")], section: nil,
            delegate: SnapshotRecordingDelegate())
        let (second, callbacks) = try makeController(context, sort: [SortDescriptor(key: "order")], section: nil)
        _ = try insertNote(context, "a", order: 0)
        try context.processPendingChanges()
        _ = snapshots.take()
        _ = callbacks.take()
        try context.save()
        #expect(snapshots.take() == [])
        #expect(callbacks.take() == [])
        #expect(first.fetchedObjects?.count == 1 && second.fetchedObjects?.count == 1, "both still observe")
    }
}
