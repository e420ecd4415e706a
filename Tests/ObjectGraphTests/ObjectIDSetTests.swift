import Testing

@testable import ObjectGraph

/// The context's dirty IDs as a bit per ID (`ObjectIDSet`): the answers `Set<ObjectID>` gave,
/// for IDs in the bitmap, beyond it and below zero, and the dirty state a context reports.
@Suite struct ObjectIDSetTests {
    @Test func insertsCountOnceAndComeBackAscending() {
        var set = ObjectIDSet()
        #expect(set.isEmpty)
        for raw in [130, 5, 64, 63, 5, 0, 130] { set.insert(ObjectID(raw)) }
        // 0, 5, 63, 64, 130: the repeated 5 and 130 count once; 63 and 64 straddle a word.
        #expect(set.count == 5)
        #expect(!set.isEmpty)
        #expect(set.sorted() == [0, 5, 63, 64, 130].map(ObjectID.init))
        #expect(set.contains(ObjectID(64)))
        #expect(!set.contains(ObjectID(65)))
        #expect(!set.contains(ObjectID(1_000_000)))
        // Neighbours, the word boundary's other side, below zero and the extremes: not in it.
        for raw in [1, 4, 6, 62, 65, 129, 131, -1, Int.min, Int.max] { #expect(!set.contains(ObjectID(raw))) }
    }

    @Test func idsOutsideTheBitmapGoToTheSparseSet() {
        let far = ObjectIDSet.denseLimit + 7
        var set: ObjectIDSet = [ObjectID(far), ObjectID(-3), ObjectID(2)]
        set.insert(ObjectID(far))
        #expect(set.count == 3)
        #expect(set.contains(ObjectID(far)) && set.contains(ObjectID(-3)) && set.contains(ObjectID(2)))
        #expect(!set.contains(ObjectID(-4)))
        // Negative IDs first, then the bitmap's, then those beyond it.
        #expect(set.sorted() == [ObjectID(-3), ObjectID(2), ObjectID(far)])
    }

    @Test func unionIsASetOfBoth() {
        let set: ObjectIDSet = [ObjectID(1), ObjectID(9)]
        #expect(set.union([ObjectID(9), ObjectID(4)]) == Set([1, 4, 9].map(ObjectID.init)))
        #expect(ObjectIDSet().union([ObjectID(2)]) == [ObjectID(2)])
    }

    @Test func aContextIsDirtyFromItsFirstEventUntilItSaves() throws {
        let context = try makeNoteContext()
        #expect(!context.hasUnsavedEvents)
        let note = try context.insert(
            "Note", values: [("title", .string("Milk")), ("group", .string("Home")), ("order", .int(1))])
        #expect(!context.hasUnsavedEvents)
        try context.processPendingChanges()
        #expect(context.hasUnsavedEvents)
        #expect(context.dirtyIDs.sorted() == [note.objectID])
        try context.save()
        #expect(!context.hasUnsavedEvents)
        #expect(context.dirtyIDs.isEmpty)
    }
}
