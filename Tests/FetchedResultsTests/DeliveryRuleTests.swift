import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// docs/semantics.md, rules 1–10, one test per rule.
@Suite struct DeliveryRuleTests {
    @Test func rule01_withoutADelegateNothingIsTracked() throws {
        let context = try makeContext()
        try insertNote(context, "a", group: "A")
        try context.processPendingChanges()
        let (controller, _) = try makeController(context)
        controller.delegate = nil
        try insertNote(context, "b", group: "A", order: 1)
        try context.processPendingChanges()
        #expect(controller.fetchedObjects?.count == 1, "results stay as fetched")
        try controller.performFetch()
        #expect(controller.fetchedObjects?.count == 2)
    }

    @Test func rule02_willChangeThenSectionsThenObjectsThenDidChange() throws {
        // The iOS 9–10 headers: "Changes on section info are reported before changes on
        // fetchedObjects" (profiles ios9 and ios10).
        let context = try makeContext()
        let a = try insertNote(context, "a", group: "A")
        try context.processPendingChanges()
        let (_, delegate) = try makeController(context, profile: .ios10)
        try set(context, a, "group", .string("B"))  // section A empties, section B appears
        try insertNote(context, "c", group: "C")
        try context.processPendingChanges()
        #expect(
            delegate.take() == [
                "willChange",
                #"section delete 0 "A""#, #"section insert 0 "B""#, #"section insert 1 "C""#,
                "object #2 insert nil 1.0", "object #1 move 0.0 0.0",
                "didChange",
            ])
    }

    @Test func rule02_todayObjectDeletesComeFirstThenSectionInsertsThenSectionDeletes() throws {
        // Today's CoreData (public decompilation of iOS 26.1): object deletes, section inserts,
        // section deletes, object inserts, then moves and updates.
        let context = try makeContext()
        let a = try insertNote(context, "a", group: "A")
        let d = try insertNote(context, "d", group: "D")
        try insertNote(context, "e", group: "D", order: 1)
        try context.processPendingChanges()
        let (_, delegate) = try makeController(context)
        try set(context, a, "group", .string("B"))  // section A empties, section B appears
        try insertNote(context, "c", group: "C")
        try context.delete(d.objectID)
        try context.processPendingChanges()
        #expect(
            delegate.take() == [
                "willChange",
                "object #2 delete 1.0 nil",
                #"section insert 0 "B""#, #"section insert 1 "C""#, #"section delete 0 "A""#,
                "object #4 insert nil 1.0", "object #1 move 0.0 0.0",
                "didChange",
            ])
    }

    @Test func rule03_eventsComeWhenPendingChangesAreProcessedNotPerSetter() throws {
        let context = try makeContext()
        let a = try insertNote(context, "a", group: "A", order: 0)
        try insertNote(context, "b", group: "A", order: 1)
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(context)
        try set(context, a, "order", .int(5))
        #expect(delegate.lines.isEmpty)
        #expect(controller.indexPath(forObject: a) == IndexPath(row: 0, section: 0), "still the old path")
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", "object #1 move 0.0 0.1", "didChange"])
        #expect(controller.indexPath(forObject: a) == IndexPath(row: 1, section: 0))
    }

    @Test func rule04_callbacksSeeTheNewStateSoTheOldPathShowsAnotherObject() throws {
        let context = try makeContext()
        try insertNote(context, "b", group: "A", order: 1)
        let c = try insertNote(context, "c", group: "A", order: 2)
        try context.processPendingChanges()
        let (_, delegate) = try makeController(context)
        var seen: [String] = []
        delegate.onObjectChange = { controller, change in
            guard change.type == .update, let old = change.indexPath, let new = change.newIndexPath else { return }
            seen.append(
                "old path holds \(controller.object(at: old)?.objectID.description ?? "nil"), new path holds \(controller.object(at: new)?.objectID.description ?? "nil")"
            )
        }
        try insertNote(context, "a", group: "A", order: 0)  // above c
        try set(context, c, "title", .string("c2"))
        try context.processPendingChanges()
        #expect(seen == ["old path holds #1, new path holds #2"])
    }

    @Test func rule05_performFetchReportsNothing() throws {
        let context = try makeContext()
        let (controller, delegate) = try makeController(context)
        try insertNote(context, "a", group: "A")
        try context.processPendingChanges()
        _ = delegate.take()
        try controller.performFetch()
        #expect(delegate.lines.isEmpty)
    }

    @Test func rule06_reentrantSaveOrFetchInsideACallbackIsDetected() throws {
        let context = try makeContext()
        let (controller, delegate) = try makeController(context)
        var errors: [String] = []
        delegate.onObjectChange = { controller, _ in
            do { try context.save() } catch { errors.append("\(error)") }
            do { try controller.performFetch() } catch { errors.append("\(error)") }
        }
        try insertNote(context, "a", group: "A")
        try context.processPendingChanges()
        #expect(
            errors == [
                ObjectGraphError.reentrantChangeProcessing.description,
                FetchedResultsError.fetchDuringChangeDelivery.description,
            ])
        #expect(controller.numberOfFetchedObjects == 1)
    }

    @Test func rule07_predicateMembershipChangesAreInsertsAndDeletesAndShiftsAreNotReported() throws {
        let context = try makeContext()
        let a = try insertNote(context, "a", group: "A", order: 0)
        try insertNote(context, "b", group: "A", order: 1)
        let c = try insertNote(context, "c", group: "A", order: 2, archived: true)
        try context.processPendingChanges()
        let (_, delegate) = try makeController(context, predicate: "archived == NO")
        try set(context, a, "archived", .bool(true))
        try set(context, c, "archived", .bool(false))
        try context.processPendingChanges()
        // b shifts from 0.1 to 0.0 and is not reported.
        #expect(delegate.take() == ["willChange", "object #1 delete 0.0 nil", "object #3 insert nil 0.1", "didChange"])
    }

    @Test func rule08_aMoveImpliesTheUpdateAndAKeyChangeInPlaceIsAnUpdate() throws {
        let context = try makeContext()
        let a = try insertNote(context, "a", group: "A", order: 0)
        let b = try insertNote(context, "b", group: "A", order: 10)
        try context.processPendingChanges()
        let (_, delegate) = try makeController(context)
        try set(context, a, "order", .int(20))
        try set(context, a, "title", .string("a2"))
        try context.processPendingChanges()
        #expect(
            delegate.take() == ["willChange", "object #1 move 0.0 0.1", "didChange"], "one move, no separate update")
        try set(context, b, "order", .int(5))  // still first
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", "object #2 update 0.0 0.0", "didChange"])
    }

    @Test func rule09_sectionKeyChangeMovesAcrossSectionsWithSectionInsertAndDelete() throws {
        let context = try makeContext()
        let a = try insertNote(context, "a", group: "A")
        try insertNote(context, "b", group: "B")
        try context.processPendingChanges()
        let (_, delegate) = try makeController(context)
        try set(context, a, "group", .string("B"))
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", #"section delete 0 "A""#, "object #1 move 0.0 0.0", "didChange"])
        try set(context, a, "group", .string("C"))
        try context.processPendingChanges()
        #expect(delegate.take() == ["willChange", #"section insert 1 "C""#, "object #1 move 0.0 1.0", "didChange"])
    }

    @Test func rule10_withoutASectionKeyThereIsAlwaysExactlyOneSection() throws {
        let context = try makeContext()
        let (controller, delegate) = try makeController(context, sort: [SortDescriptor(key: "order")], section: nil)
        #expect(controller.numberOfSections == 1)
        #expect(controller.sections?.first?.numberOfObjects == 0)
        let a = try insertNote(context, "a")
        try context.processPendingChanges()
        try context.delete(a.objectID)
        try context.processPendingChanges()
        #expect(
            delegate.take() == [
                "willChange", "object #1 insert nil 0.0", "didChange", "willChange", "object #1 delete 0.0 nil",
                "didChange",
            ])
        #expect(controller.numberOfSections == 1)
    }
}
