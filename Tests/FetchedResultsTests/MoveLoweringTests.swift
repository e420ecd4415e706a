import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// Rules 8, 19 and 22: since iOS 10 the controller reports only the moves a valid change set needs
/// and the other moved objects as updates (openradar 27957917; the walk of the decompiled
/// `_lowerMoveOperationsToUpdatesForSection`). Expectations worked out by hand from the radar and
/// the walk: a moved object with as many unchanged rows before it after the event as before, met
/// at that offset on both sides, is an update (old path, new path). Every expected change set is
/// also replayed with UIKit's rules onto the old layout and must give the new one.
@Suite struct MoveLoweringTests {
    /// One section of notes with `order` 0, 1, 2, … and the controllers of three profiles.
    struct Fixture {
        let context: ObjectContext
        let notes: [ManagedObject]
        let delegates: [CompatibilityProfile: RecordingDelegate]
        let before: [Layout.Section]

        init(count: Int) throws {
            context = try makeContext()
            let context = context
            notes = try (0..<count).map { try insertNote(context, "n\($0)", group: "A", order: $0) }
            try context.processPendingChanges()
            var delegates: [CompatibilityProfile: RecordingDelegate] = [:]
            var before: [Layout.Section] = []
            for profile in [CompatibilityProfile.modern, .ios10, .ios9] {
                let (controller, delegate) = try makeController(context, profile: profile)
                delegates[profile] = delegate
                before = layout(of: controller)
            }
            self.delegates = delegates
            self.before = before
        }

        /// Writes `order` of each note (by index) and processes the event.
        func reorder(_ orders: [Int: Int]) throws {
            for (index, order) in orders { try set(context, notes[index], "order", .int(order)) }
            try context.processPendingChanges()
        }

        /// The lines of `profile`, after checking that its callbacks replay onto the old layout.
        func lines(_ profile: CompatibilityProfile, sourceLocation: SourceLocation = #_sourceLocation) throws
            -> [String]
        {
            let delegate = try #require(delegates[profile], sourceLocation: sourceLocation)
            let replayed = UIKitReplay.apply(delegate.callbacks, to: before)
            let controller = try #require(delegate.controller, sourceLocation: sourceLocation)
            #expect(
                (try? replayed.get()) == layout(of: controller), "\(profile) replays", sourceLocation: sourceLocation)
            return delegate.take()
        }
    }

    @Test func theRadarSwapIsOneMoveFromOneToZeroAndOneUpdateOnZero() throws {
        // openradar 27957917: two objects exchange places; iOS 10 reports "one
        // NSFetchedResultsChangeMove from index 1 to 0 and one NSFetchedResultsChangeUpdate on
        // index 0"; before iOS 10, two moves.
        let fixture = try Fixture(count: 2)
        try fixture.reorder([0: 1, 1: 0])
        let lowered = ["willChange", "object #2 move 0.1 0.0", "object #1 update 0.0 0.1", "didChange"]
        #expect(try fixture.lines(.modern) == lowered)
        #expect(try fixture.lines(.ios10) == lowered)
        #expect(
            try fixture.lines(.ios9) == ["willChange", "object #1 move 0.0 0.1", "object #2 move 0.1 0.0", "didChange"])
    }

    @Test func theDemoDragRenumberingIsOneMoveAndTwoUpdates() throws {
        // Rule 19: the drag of row 3 to row 1 renumbers #4 → 1, #2 → 2, #3 → 3. #2 and #3 keep
        // the one unchanged row #1 before them, old and new; #4 passes both of them.
        let fixture = try Fixture(count: 5)
        try fixture.reorder([3: 1, 1: 2, 2: 3])
        #expect(
            try fixture.lines(.modern) == [
                "willChange", "object #4 move 0.3 0.1", "object #2 update 0.1 0.2", "object #3 update 0.2 0.3",
                "didChange",
            ])
        #expect(
            try fixture.lines(.ios9) == [
                "willChange", "object #2 move 0.1 0.2", "object #3 move 0.2 0.3", "object #4 move 0.3 0.1", "didChange",
            ])
        _ = try fixture.lines(.ios10)
    }

    @Test func aRotationKeepsTheTwoThatStayInOrder() throws {
        // [#1 #2 #3] → [#2 #3 #1]: all three keys change; #1 passes both, #2 and #3 only shift.
        let fixture = try Fixture(count: 3)
        try fixture.reorder([0: 5, 1: -2, 2: -1])
        #expect(
            try fixture.lines(.modern) == [
                "willChange", "object #1 move 0.0 0.2", "object #2 update 0.1 0.0", "object #3 update 0.2 0.1",
                "didChange",
            ])
    }

    @Test func aReversalKeepsTheMiddleObjectAsAnUpdateInPlace() throws {
        // [#1 #2 #3] → [#3 #2 #1], every key rewritten: the ends move, #2 is an update 0.1 → 0.1.
        let fixture = try Fixture(count: 3)
        try fixture.reorder([0: 12, 1: 11, 2: 10])
        #expect(
            try fixture.lines(.modern) == [
                "willChange", "object #1 move 0.0 0.2", "object #3 move 0.2 0.0", "object #2 update 0.1 0.1",
                "didChange",
            ])
    }

    @Test func aMoveAcrossSectionsIsNeverLowered() throws {
        let context = try makeContext()
        let a = try insertNote(context, "a", group: "A", order: 0)
        try insertNote(context, "b", group: "A", order: 1)
        try insertNote(context, "c", group: "B", order: 0)
        try context.processPendingChanges()
        let (_, delegate) = try makeController(context)
        try set(context, a, "group", .string("B"))
        try set(context, a, "order", .int(-1))
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", "object #1 move 0.0 1.0", "didChange"])
    }

    @Test func aKeyChangeNextToAnInsertAndADeleteIsAnUpdateWithBothPaths() throws {
        // [#1 #2 #3]: #1 deleted, #4 inserted first, #2's key changes but it keeps its place
        // among the unchanged rows: an update 0.1 → 0.1 carrying both paths.
        let context = try makeContext()
        let one = try insertNote(context, "one", group: "A", order: 0)
        let two = try insertNote(context, "two", group: "A", order: 10)
        try insertNote(context, "three", group: "A", order: 20)
        try context.processPendingChanges()
        let (_, delegate) = try makeController(context)
        try context.delete(one.objectID)
        try insertNote(context, "zero", group: "A", order: -5)
        try set(context, two, "order", .int(11))
        try context.processPendingChanges()
        #expect(
            delegate.take() == [
                "willChange", "object #1 delete 0.0 nil", "object #4 insert nil 0.0", "object #2 update 0.1 0.1",
                "didChange",
            ])
    }
}
