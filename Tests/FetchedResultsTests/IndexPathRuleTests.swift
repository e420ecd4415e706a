import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// docs/semantics.md, rules 11–13, rule 19 and the compatibility profiles (rules 21–24).
@Suite struct IndexPathRuleTests {
    @Test func rule11_deleteInsertAndMoveCarryAppleIndexPaths() throws {
        let context = try makeContext()
        let a = try insertNote(context, "a", group: "A", order: 0)
        let b = try insertNote(context, "b", group: "A", order: 1)
        try insertNote(context, "s", group: "A", order: 2)
        try context.processPendingChanges()
        let (_, delegate) = try makeController(context)
        // a deleted, c inserted after s, b moved past s and c (it crosses s: a move, not lowered).
        try context.delete(a.objectID)
        try insertNote(context, "c", group: "A", order: 5)
        try set(context, b, "order", .int(10))
        try context.processPendingChanges()
        #expect(
            delegate.take() == [
                "willChange", "object #1 delete 0.0 nil", "object #4 insert nil 0.1", "object #2 move 0.1 0.2",
                "didChange",
            ])
    }

    @Test func rule12_anUpdateCarriesItsNewIndexPath() throws {
        let context = try makeContext()
        let b = try insertNote(context, "b", group: "A", order: 1)
        try context.processPendingChanges()
        let (_, delegate) = try makeController(context)
        try insertNote(context, "a", group: "A", order: 0)
        try set(context, b, "title", .string("b2"))
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", "object #2 insert nil 0.0", "object #1 update 0.0 0.1", "didChange"])
    }

    @Test func rule13_tvpgListing7_8StatesGiveTheDocumentedBatch() throws {
        let context = try makeContext()
        var states: [String: ManagedObject] = [:]
        for name in ["Arizona", "California", "Delaware", "New Jersey", "Washington"] {
            states[name] = try insertNote(context, name)
        }
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(context, sort: [SortDescriptor(key: "title")], section: nil)
        let before = layout(of: controller)
        for name in ["Alaska", "Georgia", "Virginia"] { try insertNote(context, name) }
        for name in ["Delaware", "Washington"] { try context.delete(try #require(states[name]).objectID) }
        try context.processPendingChanges()
        let callbacks = delegate.callbacks
        #expect(
            delegate.take() == [
                "willChange", "object #3 delete 0.2 nil", "object #5 delete 0.4 nil",
                "object #6 insert nil 0.0", "object #7 insert nil 0.3", "object #8 insert nil 0.5", "didChange",
            ])
        let after = try UIKitReplay.apply(callbacks, to: before).get()
        let titles = after[0].ids.compactMap { context.object(with: $0)?["title"].description }
        #expect(titles == ["Alaska", "Arizona", "California", "Georgia", "New Jersey", "Virginia"])
    }

    @Test func rule13_tvpgFigure7_2SectionsGiveTheDocumentedCounts() throws {
        let context = try makeContext()
        var rows: [[ManagedObject]] = []
        for group in ["A", "B", "C"] {
            rows.append(try (0..<3).map { try insertNote(context, "\(group)\($0)", group: group, order: $0 * 10) })
        }
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(context)
        let before = layout(of: controller)
        try context.delete(rows[0][1].objectID)
        for object in rows[1] { try context.delete(object.objectID) }
        try insertNote(context, "C0.5", group: "C", order: 5)
        try context.processPendingChanges()
        #expect(delegate.lines.contains(#"section delete 1 "B""#))
        #expect(delegate.lines.contains("object #10 insert nil 1.1"))
        let after = try UIKitReplay.apply(delegate.callbacks, to: before).get()
        #expect(after.map(\.ids.count) == [2, 4])
        #expect(after == layout(of: controller))
    }

    @Test func rule19_denseRenumberingAfterMovingRow3ToRow1ReportsOneMoveAndTwoUpdates() throws {
        let context = try makeContext()
        let notes = try (0..<4).map { try insertNote(context, "n\($0)", group: "A", order: $0) }
        try context.processPendingChanges()
        let (_, delegate) = try makeController(context)
        // The user drags row 3 to row 1: new order n0 n3 n1 n2, renumbered densely.
        for (order, note) in [notes[0], notes[3], notes[1], notes[2]].enumerated() where note["order"] != .int(order) {
            try set(context, note, "order", .int(order))
        }
        try context.processPendingChanges()
        // Since iOS 10 only the move a valid change set needs (openradar 27957917, rule 22).
        #expect(
            delegate.take() == [
                "willChange", "object #4 move 0.3 0.1", "object #2 update 0.1 0.2", "object #3 update 0.2 0.3",
                "didChange",
            ])
    }

    @Test func crossingAnUnreportedObjectIsAMoveEvenWhenThePathIsUnchanged() throws {
        // Old X0 B1; insert W above both and move B above X: B keeps path 0.1 but crosses X.
        let context = try makeContext()
        try insertNote(context, "X", group: "A", order: 10)
        let b = try insertNote(context, "B", group: "A", order: 20)
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(context)
        let before = layout(of: controller)
        try insertNote(context, "W", group: "A", order: 0)
        try set(context, b, "order", .int(5))
        try context.processPendingChanges()
        let callbacks = delegate.callbacks
        #expect(delegate.take() == ["willChange", "object #3 insert nil 0.0", "object #2 move 0.1 0.1", "didChange"])
        #expect(try UIKitReplay.apply(callbacks, to: before).get() == layout(of: controller))
    }

    @Test func rule21_ios9ReportsAKeyChangeInPlaceAsMoveToTheSamePathAndUpdatesWithoutNewPath() throws {
        let context = try makeContext()
        let a = try insertNote(context, "a", group: "A", order: 0)
        let b = try insertNote(context, "b", group: "A", order: 10)
        try context.processPendingChanges()
        let (_, delegate) = try makeController(context, profile: .ios9)
        try set(context, a, "order", .int(5))
        try set(context, b, "title", .string("b2"))
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", "object #1 move 0.0 0.0", "object #2 update 0.1 nil", "didChange"])
    }

    @Test func rule21_ios9ReportsAMovedObjectWhoseOtherAttributesChangedAsUpdateAndMove() throws {
        let context = try makeContext()
        let a = try insertNote(context, "a", group: "A", order: 0)
        _ = try insertNote(context, "b", group: "A", order: 1)
        let c = try insertNote(context, "c", group: "A", order: 2)
        try context.processPendingChanges()
        let (_, modern) = try makeController(context, profile: .modern)
        let (_, ios9) = try makeController(context, profile: .ios9)
        // a moves below b and is retitled: one object, two callbacks on iOS 9 (update at the old
        // path, then the move, directly after it — "Once with the NSFetchedResultsChangeUpdate
        // event and then again with the NSFetchedResultsChangeMove event", XLData PR 15); c only
        // moves (its sort key alone changed): one callback.
        try set(context, a, "order", .int(5))
        try set(context, a, "title", .string("a2"))
        try set(context, c, "order", .int(-1))
        try context.processPendingChanges()
        #expect(modern.take() == ["willChange", "object #1 move 0.0 0.2", "object #3 move 0.2 0.0", "didChange"])
        #expect(
            ios9.take() == [
                "willChange", "object #1 update 0.0 nil", "object #1 move 0.0 0.2", "object #3 move 0.2 0.0",
                "didChange",
            ])
    }

    @Test func rule22_ios10ReportsASwapAsOneMoveAndOneUpdate() throws {
        // openradar 27957917: "one Move from index 1 to 0 and one Update on index 0" since iOS
        // 10 (and today); two moves before. The object that moves up stays the move.
        let context = try makeContext()
        let a = try insertNote(context, "a", group: "A", order: 0)
        let b = try insertNote(context, "b", group: "A", order: 1)
        try context.processPendingChanges()
        let (_, modern) = try makeController(context, profile: .modern)
        let (_, ios10) = try makeController(context, profile: .ios10)
        let (_, ios9) = try makeController(context, profile: .ios9)
        try set(context, a, "order", .int(1))
        try set(context, b, "order", .int(0))
        try context.processPendingChanges()
        let lowered = ["willChange", "object #2 move 0.1 0.0", "object #1 update 0.0 0.1", "didChange"]
        #expect(modern.take() == lowered)
        #expect(ios10.take() == lowered)
        #expect(ios9.take() == ["willChange", "object #1 move 0.0 0.1", "object #2 move 0.1 0.0", "didChange"])
        // Swapped back: now #1 moves up and stays the move.
        try set(context, a, "order", .int(0))
        try set(context, b, "order", .int(1))
        try context.processPendingChanges()
        #expect(ios10.take() == ["willChange", "object #1 move 0.1 0.0", "object #2 update 0.0 0.1", "didChange"])
    }

    @Test func rule23_fetchLimitIsIgnoredByTrackingUnlessStrict() throws {
        let context = try makeContext()
        for i in 0..<5 { try insertNote(context, "n\(i)", group: "A", order: i * 10) }
        try context.processPendingChanges()
        let (modern, modernDelegate) = try makeController(context, limit: 3)
        let (strict, strictDelegate) = try makeController(context, limit: 3, profile: .strict)
        #expect(modern.numberOfFetchedObjects == 3 && strict.numberOfFetchedObjects == 3)
        try insertNote(context, "first", group: "A", order: -1)
        try context.processPendingChanges()
        #expect(modernDelegate.take() == ["willChange", "object #6 insert nil 0.0", "didChange"])
        #expect(modern.numberOfFetchedObjects == 4, "over the limit, nothing evicted")
        #expect(
            strictDelegate.take() == [
                "willChange", "object #3 delete 0.2 nil", "object #6 insert nil 0.0", "didChange",
            ])
        #expect(strict.numberOfFetchedObjects == 3)
    }

    @Test func rule23_strictOffsetPromotesAndEvicts() throws {
        let context = try makeContext()
        let notes = try (0..<6).map { try insertNote(context, "n\($0)", group: "A", order: $0) }
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(context, limit: 2, offset: 2, profile: .strict)
        #expect(layout(of: controller).first?.ids == [notes[2].objectID, notes[3].objectID])
        try context.delete(notes[0].objectID)
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", "object #3 delete 0.0 nil", "object #5 insert nil 0.1", "didChange"])
    }

    @Test func rule24_snapshotDeliveryReplacesEveryOtherCallback() throws {
        let context = try makeContext()
        let (controller, delegate) = try makeController(context, delegate: SnapshotRecordingDelegate())
        // Today's performFetch hands a snapshot delegate the fetched results (here none).
        #expect(delegate.take() == ["snapshot"])
        #expect(delegate.snapshots.last?.objectIDs == [])
        try insertNote(context, "b", group: "B")
        try insertNote(context, "a", group: "A")
        try context.processPendingChanges()
        #expect(delegate.take() == ["snapshot"])
        #expect(delegate.snapshots.last?.sections.map(\.name) == ["A", "B"])
        #expect(delegate.snapshots.last?.objectIDs == [ObjectID(2), ObjectID(1)])
        #expect(controller.lastChangeSet?.objects.count == 2)
    }

    @Test func rule24_differenceDeliveryOnlyWithoutSectionsAndItAppliesToTheOldIDs() throws {
        let context = try makeContext()
        let notes = try (0..<4).map { try insertNote(context, "n\($0)", order: $0 * 10) }
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(
            context, sort: [SortDescriptor(key: "order")], section: nil, delegate: DifferenceRecordingDelegate())
        let old = controller.fetchedObjects?.map(\.objectID) ?? []
        try set(context, notes[0], "order", .int(25))
        try context.delete(notes[3].objectID)
        try insertNote(context, "new", order: 5)
        try context.processPendingChanges()
        #expect(delegate.take() == ["difference"])
        let difference = try #require(delegate.differences.last)
        #expect(old.applying(difference) == controller.fetchedObjects?.map(\.objectID))

        let (_, sectioned) = try makeController(context, delegate: DifferenceRecordingDelegate())
        try insertNote(context, "x", group: "Z")
        try context.processPendingChanges()
        #expect(sectioned.take().first == "willChange", "with sections the per-change callbacks are used")
    }
}
