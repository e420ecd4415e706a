import CoreDataFiles
import FetchedResults
import Foundation
import Interpreter
import ObjectGraph
import Testing

/// The two paths besides the fetch that read an entity's objects: batch requests, which read
/// the store's committed objects, and the drop planning of a reorder, which reads the context's
/// objects when the controller does not hold the whole section. Both include the objects of
/// the entity's sub-entities, as Core Data's batch requests and fetches do
/// (`includesSubentities`, true by default).
@Suite struct SubEntityBatchAndDropTests {
    /// The inheritance fixture (abstract Item; Task and Event under it; Meeting under Event), saved:
    /// Task "Write" #1, Event "Launch" #2, Meeting "Review" #3.
    static func savedContext() throws -> ObjectContext {
        let context = try SubEntityFetchTests.context()
        try context.save()
        return context
    }

    @Test func committedObjectsIncludeSubEntitiesUnlessAsked() throws {
        let context = try Self.savedContext()
        #expect(try context.committedObjects(ofEntity: "Event").map(\.id) == [ObjectID(2), ObjectID(3)])
        #expect(try context.committedObjects(ofEntity: "Item").map(\.id) == [ObjectID(1), ObjectID(2), ObjectID(3)])
        #expect(
            try context.committedObjects(ofEntity: "Event", includingSubentities: false).map(\.id) == [ObjectID(2)])
    }

    @Test func aBatchUpdateOfTheParentWritesItsSubEntitiesObjects() throws {
        let context = try Self.savedContext()
        let ids = try BatchRequest.update("Event", predicate: nil, assignments: [("title", .string("Moved"))])
            .execute(in: context)
        #expect(ids == [ObjectID(2), ObjectID(3)])
        let titles = try context.committedObjects(ofEntity: "Item").map { $0.values[0] }
        #expect(titles == [.string("Write"), .string("Moved"), .string("Moved")])
        // The Meeting keeps its own attribute: only the parent's were written.
        #expect(try context.committedObjects(ofEntity: "Meeting").first?.values[3] == .string("Blue"))
    }

    @Test func aBatchDeleteOfTheAbstractRootMatchesOnTheInheritedAttributes() throws {
        let context = try Self.savedContext()
        let ids = try BatchRequest.delete("Item", predicate: try Predicate(format: "title BEGINSWITH 'R'"))
            .execute(in: context)
        #expect(ids == [ObjectID(3)])
        #expect(try context.committedObjects(ofEntity: "Item").map(\.id) == [ObjectID(1), ObjectID(2)])
    }

    /// Event(title, group, order) and Meeting under it, with a room.
    static let eventsModel =
        ModelFixtures.header + """

                <entity name="Event" representedClassName="Event" syncable="YES">
                    <attribute name="title" attributeType="String"/>
                    <attribute name="group" attributeType="String"/>
                    <attribute name="order" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
                </entity>
                <entity name="Meeting" representedClassName="Meeting" parentEntity="Event" syncable="YES">
                    <attribute name="room" optional="YES" attributeType="String"/>
                </entity>
            </model>
            """

    /// A drag in a filtered list (so the drop is planned from the context's objects, not the
    /// controller's section) over rows of the parent and of its sub-entity: the dragged Meeting
    /// lands between the rows it was dropped between, every row renumbered densely.
    @Test func aDropIsPlannedAmongTheSubEntitysRowsToo() throws {
        let interpreter = try Interpreter(model: ModelSchemaTests.mapped(Self.eventsModel))
        for line in [
            "insert Event title=\"a\" group=\"G\" order=0 ; insert Meeting title=\"b\" group=\"G\" order=1 ; insert Event title=\"c\" group=\"G\" order=2 ; insert Meeting title=\"d\" group=\"G\" order=3",
            "fetch Event where order >= 0 sort group, order section group index order",
            "move 0.3 0.1",
        ] {
            let outcome = interpreter.execute(line)
            #expect(outcome.errorMessage == nil, "\(line): \(outcome.errorMessage ?? "")")
        }
        let controller = try #require(interpreter.workspace.controller)
        // By hand: a, d, b, c — d dropped between a and b — numbered 0, 1, 2, 3.
        let fetched = (controller.fetchedObjects ?? []).map {
            [$0.value(forKey: "title") ?? .null, $0.value(forKey: "order") ?? .null]
        }
        #expect(
            fetched == [
                [.string("a"), .int(0)], [.string("d"), .int(1)], [.string("b"), .int(2)], [.string("c"), .int(3)],
            ])
        let check = interpreter.execute("check")
        #expect(check.errorMessage == nil && !check.failed, "\(check.renderText(width: 200))")
        #expect(interpreter.workspace.table?.rowIdentifiers(inSection: 0) == [1, 4, 2, 3])
    }
}
