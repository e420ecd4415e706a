import FetchSimCore
import FetchSimStorage
import ObjectGraph
import Testing

@testable import FetchedResults

/// The linear path assembles sections while it merges (issue 14, items 2 and 3, third pass): two
/// staying objects share a section when they shared one before, a section of entering objects only
/// is matched to an old one by value, and an old section none of whose objects stays is deleted
/// unless entering objects refill it. These tests pin those cases by hand, and compare both paths
/// on large random events with many sections.
@Suite struct LinearPathSectionTests {
    /// Notes A0 A1 | B0 B1 B2 | C0 (order = index within the group), sectioned by group.
    struct Fixture {
        let context: ObjectContext
        let notes: [String: ManagedObject]
        let controller: FetchedResultsController
        let delegate: RecordingDelegate

        init(path: ChangePath) throws {
            context = try makeContext()
            var notes: [String: ManagedObject] = [:]
            for (group, count) in [("A", 2), ("B", 3), ("C", 1)] {
                for order in 0..<count {
                    notes["\(group)\(order)"] = try insertNote(context, "\(group)\(order)", group: group, order: order)
                }
            }
            try context.processPendingChanges()
            self.notes = notes
            (controller, delegate) = try makeController(context)
            controller.changePath = path
        }

        func note(_ name: String) throws -> ManagedObject { try #require(notes[name]) }
    }

    @Test(arguments: [ChangePath.linear, .incremental])
    func aSectionWhoseObjectsAllMoveWithinItIsNeitherDeletedNorInserted(_ path: ChangePath) throws {
        // B0 B1 B2 become B2 B1 B0 (orders 0 1 2 → 5 4 3): the three leave and re-enter section 1,
        // which holds only entering objects afterwards and must still be the same section.
        let f = try Fixture(path: path)
        for (name, order) in [("B0", 5), ("B1", 4), ("B2", 3)] {
            try set(f.context, f.note(name), "order", .int(order))
        }
        try f.context.processPendingChanges()
        let b0 = try f.note("B0").objectID
        let b1 = try f.note("B1").objectID
        let b2 = try f.note("B2").objectID
        // Old rows 0, 1, 2 → new rows 2, 1, 0. Lowering (rule 22): walking new rows (B2, B1, B0)
        // against old rows (B0, B1, B2), offsets all 0; B1 meets itself at offset 0 (new index 1,
        // old index 1) and becomes an update, B0 and B2 stay moves.
        #expect(
            f.delegate.take() == [
                "willChange",
                "object \(b0) move 1.0 1.2",
                "object \(b2) move 1.2 1.0",
                "object \(b1) update 1.1 1.1",
                "didChange",
            ])
        #expect(f.controller.sections?.map(\.name) == ["A", "B", "C"])
        #expect(
            f.controller.fetchedObjects?.map { $0["title"] } == ["A0", "A1", "B2", "B1", "B0", "C0"].map(Value.string))
    }

    @Test(arguments: [ChangePath.linear, .incremental])
    func aSectionEmptiedAndANewOneFilledInOneEvent(_ path: ChangePath) throws {
        // Both A objects go to a new group "AA" (between A and B), C0 is deleted, and a note in a
        // new group "D" is inserted: A (old 0) and C (old 2) are deleted, AA (new 0) and D (new 2)
        // inserted; B stays, its rows untouched. Modern order (rule 2): object deletes, section
        // inserts, section deletes, then the other object changes.
        let f = try Fixture(path: path)
        try set(f.context, f.note("A0"), "group", .string("AA"))
        try set(f.context, f.note("A1"), "group", .string("AA"))
        try f.context.delete(f.note("C0").objectID)
        let d = try insertNote(f.context, "D0", group: "D", order: 0)
        try f.context.processPendingChanges()
        let a0 = try f.note("A0").objectID
        let a1 = try f.note("A1").objectID
        let c0 = try f.note("C0").objectID
        #expect(
            f.delegate.take() == [
                "willChange",
                "object \(c0) delete 2.0 nil",
                "section insert 0 \"AA\"",
                "section insert 2 \"D\"",
                "section delete 0 \"A\"",
                "section delete 2 \"C\"",
                "object \(d.objectID) insert nil 2.0",
                "object \(a0) move 0.0 0.0",
                "object \(a1) move 0.1 0.1",
                "didChange",
            ])
        #expect(f.controller.sections?.map(\.name) == ["AA", "B", "D"])
        #expect(f.controller.sections?.map(\.numberOfObjects) == [2, 3, 1])
    }

    @Test(arguments: [ChangePath.linear, .incremental])
    func everythingDeletedThenRefilled(_ path: ChangePath) throws {
        let f = try Fixture(path: path)
        for name in ["A0", "A1", "B0", "B1", "B2", "C0"] { try f.context.delete(f.note(name).objectID) }
        try f.context.processPendingChanges()
        let lines = f.delegate.take()
        #expect(
            lines.filter { $0.hasPrefix("section delete") } == [
                "section delete 0 \"A\"", "section delete 1 \"B\"", "section delete 2 \"C\"",
            ])
        #expect(lines.filter { $0.contains(" delete ") && $0.hasPrefix("object") }.count == 6)
        #expect(f.controller.numberOfSections == 0)
        #expect(f.controller.fetchedObjects?.isEmpty == true)
        let e = try insertNote(f.context, "E0", group: nil, order: 0)
        try f.context.processPendingChanges()
        #expect(
            f.delegate.take() == [
                "willChange", "section insert 0 \"\"", "object \(e.objectID) insert nil 0.0", "didChange",
            ])
        #expect(f.controller.fingerprint(ofSection: 0) == SequenceFingerprint([e.objectID.rawValue]))
    }

    /// Large events (a third to all of the list) over 40 groups, with groups emptied and refilled
    /// and nil next to `""`: both paths deliver the same callbacks, end with the same objects and
    /// sections, and the linear path's fingerprints are those of the sections' objects.
    @Test(arguments: [(CompatibilityProfile.modern, UInt64(41)), (.ios9, 42), (.ios10, 43)])
    func bothPathsAgreeOnLargeEventsOverManySections(_ profile: CompatibilityProfile, _ seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let context = try makeContext()
        let groups: [String?] = (0..<40).map { "G\($0)" } + ["", nil]
        for i in 0..<200 {
            try insertNote(
                context, "t\(i)", group: groups.randomElement(using: &rng) ?? nil,
                order: Int.random(in: 0..<6, using: &rng))
        }
        try context.processPendingChanges()
        func controller(_ path: ChangePath) throws -> (FetchedResultsController, RecordingDelegate) {
            let (controller, delegate) = try makeController(context, profile: profile)
            controller.changePath = path
            return (controller, delegate)
        }
        let (incremental, incrementalLog) = try controller(.incremental)
        let (linear, linearLog) = try controller(.linear)
        for event in 0..<60 {
            var edits: [String] = []
            let live = context.objects(ofEntity: "Note")
            if event % 10 == 9, let group = groups.randomElement(using: &rng) {
                // Rewrite one whole group: its objects leave and come back in another order.
                for object in live where object["group"] == (group.map(Value.string) ?? .null) {
                    try set(context, object, "order", .int(Int.random(in: 0..<6, using: &rng)))
                }
                edits.append("reorder group \(group ?? "nil")")
            }
            let size = Int.random(in: live.count / 3...max(live.count / 3, live.count), using: &rng)
            for _ in 0..<size {
                guard let object = context.objects(ofEntity: "Note").randomElement(using: &rng) else { break }
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<2: try context.delete(object.objectID)
                case 2..<4:
                    try insertNote(
                        context, "n", group: groups.randomElement(using: &rng) ?? nil,
                        order: Int.random(in: 0..<6, using: &rng))
                case 4..<7: try set(context, object, "order", .int(Int.random(in: 0..<6, using: &rng)))
                case 7..<9:
                    try set(
                        context, object, "group",
                        groups.randomElement(using: &rng).map { $0.map(Value.string) ?? .null } ?? .null)
                default: try set(context, object, "title", .string("r"))
                }
            }
            edits.append("\(size) random edits")
            try context.processPendingChanges()
            let expected = incrementalLog.take()
            let actual = linearLog.take()
            guard actual == expected else {
                Issue.record("event \(event): \(edits)\nincremental: \(expected)\nlinear:      \(actual)")
                return
            }
            #expect(linear.fetchedObjects?.map(\.objectID) == incremental.fetchedObjects?.map(\.objectID))
            #expect(linear.sections?.map(\.name) == incremental.sections?.map(\.name))
            for section in 0..<linear.numberOfSections {
                let ids = (linear.sections?[section].objects ?? []).map(\.objectID.rawValue)
                #expect(
                    linear.fingerprint(ofSection: section) == SequenceFingerprint(ids),
                    "event \(event), section \(section)")
                #expect(
                    incremental.fingerprint(ofSection: section) == SequenceFingerprint(ids),
                    "event \(event), section \(section)")
            }
        }
    }
}
