import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// Relationships and key paths through them (docs/semantics.md, "Relationships and key paths").
/// Expectations worked out by hand from the sources: the controller observes only its entity's
/// objects, so a change to a related object is not reported until the fetched object itself is
/// refreshed or edited (avanderlee.com, "NSFetchedResultsController extension to observe
/// relationship changes"; Core Data's refresh(_:mergeChanges:)).
@Suite struct RelationshipKeyPathTests {
    /// Lists #1 "Groceries", #2 "Work"; notes #3 Milk (#1), #4 Bread (#1), #5 Report (#2).
    private func makeLists() throws -> (ObjectContext, RecordingDelegate) {
        let context = try ObjectContext()
        try context.define(
            Entity(
                name: "List",
                attributes: [Attribute("name", .string), Attribute("archived", .bool, defaultValue: .bool(false))]))
        try context.define(
            Entity(name: "Note", attributes: [Attribute("title", .string), .toOne("list", destination: "List")]))
        try context.insert("List", values: [("name", .string("Groceries"))])
        try context.insert("List", values: [("name", .string("Work"))])
        for (title, list) in [("Milk", 1), ("Bread", 1), ("Report", 2)] {
            try context.insert("Note", values: [("title", .string(title)), ("list", .object(ObjectID(list)))])
        }
        try context.processPendingChanges()
        return (context, RecordingDelegate())
    }

    private func controller(
        _ context: ObjectContext, _ delegate: RecordingDelegate, predicate: String? = nil,
        sort: [String], section: String? = nil
    ) throws -> FetchedResultsController {
        let request = FetchRequest(
            entityName: "Note", predicate: try predicate.map { try Predicate(format: $0) },
            sortDescriptors: sort.map { SortDescriptor(key: $0) }, sectionNameKeyPath: section)
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        controller.delegate = delegate
        delegate.controller = controller
        try controller.performFetch()
        return controller
    }

    /// The callbacks of one event, between willChange and didChange, as a set: the order of
    /// section and object callbacks is the delivery rule's business (rule 2), not this suite's.
    private func callbacks(_ delegate: RecordingDelegate, sourceLocation: SourceLocation = #_sourceLocation) -> Set<
        String
    > {
        let lines = delegate.take()
        #expect(lines.first == "willChange" && lines.last == "didChange", sourceLocation: sourceLocation)
        return Set(lines.dropFirst().dropLast())
    }

    private func ids(_ controller: FetchedResultsController) -> [Int] {
        (controller.fetchedObjects ?? []).map(\.objectID.rawValue)
    }

    @Test func sortsAndSectionsByAKeyPathThroughTheRelationship() throws {
        let (context, delegate) = try makeLists()
        let frc = try controller(context, delegate, sort: ["list.name", "title"], section: "list.name")
        #expect(frc.sections?.map(\.name) == ["Groceries", "Work"])
        #expect(ids(frc) == [4, 3, 5])  // Bread, Milk (Groceries), Report (Work)
    }

    @Test func aChangeToTheRelatedObjectIsNotReported() throws {
        let (context, delegate) = try makeLists()
        let frc = try controller(context, delegate, sort: ["list.name", "title"], section: "list.name")
        try context.setValue(.string("Errands"), forKey: "name", of: ObjectID(2))
        try context.processPendingChanges()
        #expect(delegate.take() == [])
        // The controller keeps its old sections and order.
        #expect(frc.sections?.map(\.name) == ["Groceries", "Work"])
        #expect(ids(frc) == [4, 3, 5])
    }

    @Test func refreshingTheFetchedObjectReevaluatesIt() throws {
        let (context, delegate) = try makeLists()
        let frc = try controller(context, delegate, sort: ["list.name", "title"], section: "list.name")
        try context.setValue(.string("Errands"), forKey: "name", of: ObjectID(2))
        try context.processPendingChanges()
        try context.refresh(ObjectID(5))
        let event = try context.processPendingChanges()
        #expect(event?.refreshed.map(\.objectID) == [ObjectID(5)])
        #expect(event?.updated.isEmpty == true)
        // Report leaves section 1 "Work" (now empty) for a new section 0 "Errands".
        #expect(
            callbacks(delegate) == [
                "section delete 1 \"Work\"", "section insert 0 \"Errands\"", "object #5 move 1.0 0.0",
            ])
        #expect(frc.sections?.map(\.name) == ["Errands", "Groceries"])
        #expect(ids(frc) == [5, 4, 3])
    }

    /// The recipe in docs/semantics.md: observe the context, refresh the notes of a changed list.
    @Test func observingTheContextAndRefreshingDependentsIsTheNextEvent() throws {
        let (context, delegate) = try makeLists()
        let frc = try controller(context, delegate, sort: ["list.name", "title"], section: "list.name")
        context.addObserver { note in
            guard case .objectsDidChange(let change) = note else { return }
            for list in change.updated where list.entity.name == "List" {
                for object in context.objects(ofEntity: "Note") where object["list"] == .object(list.objectID) {
                    try? context.refresh(object.objectID)
                }
            }
        }
        try context.setValue(.string("Zoo"), forKey: "name", of: ObjectID(1))
        try context.processPendingChanges()
        #expect(delegate.take() == [])
        try context.processPendingChanges()
        // Groceries (Bread 0.0, Milk 0.1) becomes Zoo after Work: section 0 deleted, section 1 inserted.
        #expect(
            callbacks(delegate) == [
                "section delete 0 \"Groceries\"", "section insert 1 \"Zoo\"",
                "object #3 move 0.1 1.1", "object #4 move 0.0 1.0",
            ])
        #expect(frc.sections?.map(\.name) == ["Work", "Zoo"])
    }

    @Test func aRefreshIsNotUndoableAndDoesNotDirtyTheContext() throws {
        let (context, _) = try makeLists()
        try context.save()
        try context.refresh(ObjectID(3))
        try context.processPendingChanges()
        #expect(!context.hasChanges)
        // The one undoable event is still the inserts of makeLists: undo takes them back.
        try context.undo()
        #expect(context.objectCount == 0)
    }

    @Test func aPredicateThroughTheRelationshipGoesStaleUntilRefreshed() throws {
        let (context, delegate) = try makeLists()
        let frc = try controller(context, delegate, predicate: "list.archived == false", sort: ["title"])
        #expect(ids(frc) == [4, 3, 5])  // Bread, Milk, Report
        try context.setValue(.bool(true), forKey: "archived", of: ObjectID(1))
        try context.processPendingChanges()
        #expect(delegate.take() == [])
        #expect(ids(frc) == [4, 3, 5])
        try context.refresh(ObjectID(3))
        try context.refresh(ObjectID(4))
        try context.processPendingChanges()
        // Deletes at their old paths: Bread 0.0, Milk 0.1.
        #expect(callbacks(delegate) == ["object #3 delete 0.1 nil", "object #4 delete 0.0 nil"])
        #expect(ids(frc) == [5])
    }

    @Test func deletingTheDestinationNullifiesAndIsReportedAsAnUpdateOfTheSource() throws {
        let (context, delegate) = try makeLists()
        let frc = try controller(context, delegate, sort: ["list.name", "title"], section: "list.name")
        try context.delete(ObjectID(2))
        let event = try context.processPendingChanges()
        #expect(event?.updated.map(\.objectID) == [ObjectID(5)])
        #expect(event?.changedValues[ObjectID(5)]?.map(\.key) == ["list"])
        #expect(context.object(with: ObjectID(5))?["list"] == .null)
        // nil sorts first: Report goes to the new unnamed section 0.
        #expect(
            callbacks(delegate) == ["section delete 1 \"Work\"", "section insert 0 \"\"", "object #5 move 1.0 0.0"])
        #expect(frc.sections?.map(\.name) == ["", "Groceries"])
        try context.undo()
        #expect(context.object(with: ObjectID(5))?["list"] == .object(ObjectID(2)))
    }

    @Test func keyPathValuesFollowTheRelationship() throws {
        let (context, _) = try makeLists()
        let milk = try #require(context.object(with: ObjectID(3)))
        #expect(milk.value(forKeyPath: "list.name") == .string("Groceries"))
        #expect(milk.value(forKeyPath: "title") == .string("Milk"))
        try context.setValue(.null, forKey: "list", of: ObjectID(3))
        #expect(milk.value(forKeyPath: "list.name") == .null)
    }

    @Test func aReferenceMustBeALiveObjectOfTheDestination() throws {
        let (context, _) = try makeLists()
        #expect(
            throws: ObjectGraphError.wrongDestination(
                ObjectID(4), targetEntity: "Note", relationship: "list", entity: "Note", destination: "List")
        ) {
            try context.setValue(.object(ObjectID(4)), forKey: "list", of: ObjectID(3))
        }
        #expect(throws: ObjectGraphError.unknownObject(ObjectID(99))) {
            try context.insert("Note", values: [("title", .string("X")), ("list", .object(ObjectID(99)))])
        }
        #expect(throws: ObjectGraphError.unknownDestination("Folder", relationship: "folder", entity: "Note2")) {
            try context.define(Entity(name: "Note2", attributes: [.toOne("folder", destination: "Folder")]))
        }
    }

    @Test func keyPathsThatDoNotResolveAreRefusedByComponent() throws {
        let (context, _) = try makeLists()
        func error(sort key: String) -> FetchedResultsError? {
            do {
                _ = try FetchedResultsController(
                    fetchRequest: FetchRequest(entityName: "Note", sortDescriptors: [SortDescriptor(key: key)]),
                    context: context)
                return nil
            } catch { return error }
        }
        #expect(
            error(sort: "list.nme")
                == .invalidKeyPath("list.nme", problem: "unknown attribute 'nme' of entity 'List'", role: "sort key"))
        #expect(
            error(sort: "title.name")
                == .invalidKeyPath(
                    "title.name", problem: "'title' of entity 'Note' is not a relationship", role: "sort key"))
        #expect(error(sort: "list.name") == nil)
    }
}
