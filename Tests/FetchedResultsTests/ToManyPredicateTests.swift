import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// Predicates through to-many relationships (docs/semantics.md, "To-many relationships"):
/// `ANY`, `ALL`, `NONE`, `@count`, `SUBQUERY(…).@count`, and a key path through a to-many
/// relationship read as `ANY`. The folders and the answers are worked out by hand:
///
///     #1 Home   notes #4 Milk (open), #5 Bread (done)
///     #2 Work   notes #6 Report (open)
///     #3 Empty  no notes
@Suite struct ToManyPredicateTests {
    private func makeFolders() throws -> ObjectContext {
        let context = try ObjectContext()
        try context.define(Entity(name: "Folder", attributes: [Attribute("name", .string)]))
        try context.define(
            Entity(
                name: "Note",
                attributes: [
                    Attribute("title", .string), Attribute("done", .bool, defaultValue: .bool(false)),
                    .toOne("folder", destination: "Folder", inverse: "notes"),
                ]))
        try context.define(
            Entity(
                name: "Folder",
                attributes: [
                    Attribute("name", .string), .toMany("notes", destination: "Note", inverse: "folder"),
                ]))
        for name in ["Home", "Work", "Empty"] { try context.insert("Folder", values: [("name", .string(name))]) }
        for (title, done, folder) in [("Milk", false, 1), ("Bread", true, 1), ("Report", false, 2)] {
            try context.insert(
                "Note",
                values: [("title", .string(title)), ("done", .bool(done)), ("folder", .object(ObjectID(folder)))])
        }
        try context.processPendingChanges()
        return context
    }

    private func controller(
        _ context: ObjectContext, _ predicate: String, sort: [SortDescriptor] = [SortDescriptor(key: "name")],
        delegate: RecordingDelegate? = nil
    ) throws -> FetchedResultsController {
        let request = FetchRequest(
            entityName: "Folder", predicate: try Predicate(format: predicate), sortDescriptors: sort)
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        if let delegate {
            controller.delegate = delegate
            delegate.controller = controller
        }
        try controller.performFetch()
        return controller
    }

    private func names(_ controller: FetchedResultsController) -> [String] {
        (controller.fetchedObjects ?? []).map { $0["name"].description }
    }

    @Test(arguments: [
        ("ANY notes.done == YES", ["Home"]),
        ("SOME notes.done == YES", ["Home"]),
        ("ALL notes.done == NO", ["Empty", "Work"]),  // ALL holds for a folder without notes
        ("NONE notes.done == YES", ["Empty", "Work"]),
        ("ANY notes.done == NO", ["Home", "Work"]),
        ("notes.title BEGINSWITH 'Re'", ["Work"]),  // no modifier: ANY, as Core Data's SQL
        ("ANY notes.title IN {'Milk', 'Report'}", ["Home", "Work"]),
        ("notes.@count == 0", ["Empty"]),
        ("notes.@count >= 2", ["Home"]),
        ("SUBQUERY(notes, $n, $n.done == NO).@count > 0", ["Home", "Work"]),
        ("SUBQUERY(notes, $n, $n.done == NO AND $n.title CONTAINS[c] 'MILK').@count == 1", ["Home"]),
        ("SUBQUERY(notes, $n, $n.folder.name == 'Work').@count == 1", ["Work"]),
        ("NOT (ANY notes.done == YES) AND name != 'Empty'", ["Work"]),
    ])
    func selectsTheFoldersWorkedOutByHand(_ predicate: String, _ expected: [String]) throws {
        let context = try makeFolders()
        #expect(names(try controller(context, predicate)) == expected)
    }

    @Test func theFormatPrintsBackAndParsesToTheSamePredicate() throws {
        for format in [
            "ANY notes.done == TRUE", "ALL notes.title BEGINSWITH[c] \"a\"", "NONE notes.done == FALSE",
            "SUBQUERY(notes, $n, $n.done == FALSE AND $n.title != \"x\").@count > 0", "notes.@count >= 2",
        ] {
            let predicate = try Predicate(format: format)
            #expect(predicate.description == format)
            #expect(try Predicate(format: predicate.description) == predicate)
        }
    }

    @Test(arguments: [
        (
            "notes == nil",
            "compare the to-many relationship 'notes' through a key after it (notes.title), notes.@count or SUBQUERY", 1
        ),
        ("ANY name == 'x'", "ANY needs a key path through a to-many relationship (like notes.done)", 5),
        ("SUBQUERY(notes, $n, done == YES).@count > 0", "inside SUBQUERY, key 'done' must start with $n.", 21),
        (
            "SUBQUERY(name, $n, $n.done == YES).@count > 0",
            "key path 'name': 'name' of entity 'Folder' is not a to-many relationship", 1
        ),
        (
            "ANY notes.done == name",
            "a comparison through the to-many relationship 'notes' needs a constant on the right", 19
        ),
    ])
    func badUsesAreRefusedWithTheirColumn(_ format: String, _ message: String, _ column: Int) throws {
        let context = try makeFolders()
        let request = FetchRequest(
            entityName: "Folder", predicate: try Predicate(format: format),
            sortDescriptors: [SortDescriptor(key: "name")])
        #expect(throws: FetchedResultsError.predicate(PredicateError(message, column: column))) {
            _ = try FetchedResultsController(fetchRequest: request, context: context)
        }
    }

    @Test func sortingByACountFollowsTheInverse() throws {
        let context = try makeFolders()
        // With a delegate (held here: the controller's reference is weak): a controller
        // without one does not track changes (Apple's rule).
        let delegate = RecordingDelegate()
        let frc = try controller(
            context, "TRUEPREDICATE",
            sort: [SortDescriptor(key: "notes.@count", ascending: false), SortDescriptor(key: "name")],
            delegate: delegate)
        #expect(names(frc) == ["Home", "Work", "Empty"])
        // A new note in Empty changes Empty's notes (its inverse), so Empty is updated and moves.
        try context.insert("Note", values: [("title", .string("A")), ("folder", .object(ObjectID(3)))])
        try context.insert("Note", values: [("title", .string("B")), ("folder", .object(ObjectID(3)))])
        try context.insert("Note", values: [("title", .string("C")), ("folder", .object(ObjectID(3)))])
        try context.processPendingChanges()
        #expect(names(frc) == ["Empty", "Home", "Work"])
    }

    @Test func sortingByTheToManyItselfIsRefused() throws {
        let context = try makeFolders()
        let request = FetchRequest(entityName: "Folder", sortDescriptors: [SortDescriptor(key: "notes.title")])
        #expect(
            throws: FetchedResultsError.invalidKeyPath(
                "notes.title", problem: "to-many key not allowed here", role: "sort key")
        ) {
            _ = try FetchedResultsController(fetchRequest: request, context: context)
        }
    }

    /// The classic bug: a change to a note alone is no change to its folder, so a folder list
    /// filtered through the notes goes stale; touching the folder, or refreshing it, fixes it.
    @Test func aChangeToARelatedObjectIsNotSeenUntilTheFolderIsTouchedOrRefreshed() throws {
        let context = try makeFolders()
        let delegate = RecordingDelegate()
        let frc = try controller(context, "ANY notes.done == NO", delegate: delegate)
        #expect(names(frc) == ["Home", "Work"])
        // Report, Work's only open note, is done: Work no longer matches, but nothing is reported.
        try context.setValue(.bool(true), forKey: "done", of: ObjectID(6))
        try context.processPendingChanges()
        #expect(delegate.take() == [])
        #expect(names(frc) == ["Home", "Work"])
        // Fix 1: writing the folder (even its own value) makes it updated, and it is re-evaluated.
        try context.setValue(.string("Work"), forKey: "name", of: ObjectID(2))
        try context.processPendingChanges()
        #expect(names(frc) == ["Home"])
        // Fix 2: refreshing the folder. Milk is done too: Home stays until refreshed.
        _ = delegate.take()
        try context.setValue(.bool(true), forKey: "done", of: ObjectID(4))
        try context.processPendingChanges()
        #expect(names(frc) == ["Home"])
        try context.refresh(ObjectID(1))
        try context.processPendingChanges()
        #expect(names(frc) == [])
    }
}
