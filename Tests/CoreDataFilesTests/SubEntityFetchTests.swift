import CoreDataFiles
import FetchSimCore
import FetchedResults
import Foundation
import Interpreter
import ObjectGraph
import Testing

/// Fetches of a model's hierarchy (docs/store.md, "Entity inheritance"), on the inheritance
/// fixture: abstract Item, its sub-entities Task and Event, and Meeting under Event. As Core
/// Data's `includesSubentities` (true by default), a fetch of an entity finds the objects of its
/// sub-entities at any depth; with it false, only its own.
@Suite struct SubEntityFetchTests {
    static func context() throws -> ObjectContext {
        let mapped = try ModelSchemaTests.mapped(ModelFixtures.inheritance)
        let context = try ObjectContext(store: InMemoryStore(schema: mapped.schema))
        try context.insert("Task", values: [("title", .string("Write"))])
        try context.insert("Event", values: [("title", .string("Launch"))])
        try context.insert("Meeting", values: [("title", .string("Review")), ("room", .string("Blue"))])
        try context.processPendingChanges()
        return context
    }

    static func titles(_ entity: String, includesSubentities: Bool = true, in context: ObjectContext) throws -> [String]
    {
        var request = FetchRequest(entityName: entity, sortDescriptors: [SortDescriptor(key: "title")])
        request.includesSubentities = includesSubentities
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        return (controller.fetchedObjects ?? []).compactMap { $0.value(forKey: "title")?.stringValue }
    }

    @Test func aFetchIncludesSubEntitiesAtAnyDepth() throws {
        let context = try Self.context()
        #expect(try Self.titles("Item", in: context) == ["Launch", "Review", "Write"])
        #expect(try Self.titles("Event", in: context) == ["Launch", "Review"])
        #expect(try Self.titles("Meeting", in: context) == ["Review"])
        #expect(try Self.titles("Event", includesSubentities: false, in: context) == ["Launch"])
        #expect(try Self.titles("Item", includesSubentities: false, in: context).isEmpty)
    }

    @Test func aControllerOnTheParentReportsASubEntitysChanges() throws {
        let context = try Self.context()
        let request = FetchRequest(entityName: "Event", sortDescriptors: [SortDescriptor(key: "title")])
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        let recorder = EngineChangeRecorder()
        controller.delegate = recorder
        let meeting = try context.insert("Meeting", values: [("title", .string("Kickoff"))])
        try context.processPendingChanges()
        try context.setValue(.string("Zebra"), forKey: "title", of: meeting.objectID)
        try context.processPendingChanges()
        #expect(
            controller.fetchedObjects?.compactMap { $0.value(forKey: "title")?.stringValue } == [
                "Launch", "Review", "Zebra",
            ])
        #expect(recorder.events == 2)
    }

    @Test func theReplShowsTheHierarchyAndFetchesTheParentsSubEntities() throws {
        let interpreter = try Interpreter(model: ModelSchemaTests.mapped(ModelFixtures.inheritance))
        let schema = ImportCoreDataTests.lines(interpreter, "show schema")
        #expect(schema.contains("# Item: abstract"))
        #expect(schema.contains("# Meeting: sub-entity of Event"))
        _ = ImportCoreDataTests.lines(interpreter, "insert Task title=\"Write\" ; insert Meeting title=\"Review\"")
        #expect(
            ImportCoreDataTests.lines(interpreter, "fetch Item sort title").first
                == "fetched 2 Item objects in 1 section")
        #expect(
            ImportCoreDataTests.lines(interpreter, "insert Item title=\"Nothing\"").first?.contains("it is abstract")
                == true)
    }

    @Test func aSubEntityMustRepeatItsParentsAttributesFirst() throws {
        let parent = try Entity(name: "Event", attributes: [Attribute("title", .string)])
        let child = try Entity(name: "Meeting", attributes: [Attribute("room", .string)], parent: "Event")
        #expect(
            throws: ObjectGraphError.invalidEntity(
                "Meeting", problem: "its attributes must begin with those of its parent 'Event', in the same order")
        ) {
            try Schema(entities: [parent, child])
        }
        let orphan = try Entity(name: "Meeting", attributes: [Attribute("title", .string)], parent: "Nowhere")
        #expect(
            throws: ObjectGraphError.invalidEntity("Meeting", problem: "its parent entity 'Nowhere' is not defined")
        ) {
            try Schema(entities: [parent, orphan])
        }
    }
}

/// Counts a controller's change events.
final class EngineChangeRecorder: FetchedResultsControllerDelegate {
    var events = 0
    func controllerWillChangeContent(_ controller: FetchedResultsController) {}
    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: ChangeType
    ) {}
    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: ChangeType,
        newIndexPath: IndexPath?
    ) {}
    func controllerDidChangeContent(_ controller: FetchedResultsController) { events += 1 }
}
