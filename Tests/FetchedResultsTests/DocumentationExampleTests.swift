import FetchedResults
import Testing

/// The examples in FetchedResults' doc comments, as written there, with what each one claims
/// checked by hand-derived expectations: an example that stops compiling or stops being true
/// fails here. Most examples start from the same three notes: Milk (#1) and Eggs (#2) in the
/// Groceries list, Stamps (#3) in Errands; sorted by title that is Eggs, Milk, Stamps.
@Suite struct FetchedResultsDocumentationExampleTests {
    /// The context the examples call `context`: `Note(title, list)` and the three notes.
    private static func notes() throws -> ObjectContext {
        let context = try ObjectContext()
        try context.define(Entity(name: "Note", attributes: [Attribute("title", .string), Attribute("list", .string)]))
        for (title, list) in [("Milk", "Groceries"), ("Eggs", "Groceries"), ("Stamps", "Errands")] {
            try context.insert("Note", values: [("title", .string(title)), ("list", .string(list))])
        }
        try context.processPendingChanges()
        return context
    }

    /// The notes by title, fetched: the `controller` of the examples.
    private static func byTitle(_ context: ObjectContext) throws -> FetchedResultsController {
        let request = FetchRequest(entityName: "Note", sortDescriptors: [SortDescriptor(key: "title")])
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        return controller
    }

    private static func titles(_ controller: FetchedResultsController) -> [Value]? {
        controller.fetchedObjects?.map { $0["title"] }
    }

    @Test func fetchedResultsController() throws {
        let context = try Self.notes()
        let request = FetchRequest(entityName: "Note", sortDescriptors: [SortDescriptor(key: "title")])
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        #expect(controller.numberOfObjects(inSection: 0) == 3)
        #expect(controller.object(at: IndexPath(row: 0, section: 0))?["title"] == .string("Eggs"))
        let stamps = try #require(context.object(with: ObjectID(3)))
        #expect(controller.indexPath(forObject: stamps) == IndexPath(row: 2, section: 0))
    }

    @Test func fetchedResultsControllerDelegate() throws {
        let context = try Self.notes()
        let controller = try Self.byTitle(context)
        let log = EventLog()
        controller.delegate = log
        try context.insert("Note", values: [("title", .string("Bread")), ("list", .string("Groceries"))])
        try context.processPendingChanges()
        // Bread sorts before Eggs: inserted at row 0, between the begin and end callbacks.
        #expect(log.lines == ["will", "insert → 0.0", "did"])
    }

    @Test func changeType() {
        #expect(ChangeType.insert.description == "insert")
        #expect(ChangeType.move.description == "move")
    }

    @Test func sectionChange() throws {
        let context = try Self.notes()
        let request = FetchRequest(
            entityName: "Note", sortDescriptors: [SortDescriptor(key: "list"), SortDescriptor(key: "title")],
            sectionNameKeyPath: "list")
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        let log = EventLog()
        controller.delegate = log
        try context.setValue(.string("Post"), forKey: "list", of: ObjectID(3))
        try context.processPendingChanges()
        // Stamps leaves Errands (section 0, deleted) for Post, which sorts after Groceries.
        let sections = try #require(controller.lastChangeSet?.sections)
        let change = try #require(sections.first { $0.type == .insert })
        #expect(change.index == 1)
        #expect(change.description == #"didChange section "Post" insert 1"#)
        #expect(sections.map(\.description).contains(#"didChange section "Errands" delete 0"#))
    }

    @Test func objectChange() throws {
        let context = try Self.notes()
        let controller = try Self.byTitle(context)
        let log = EventLog()
        controller.delegate = log
        try context.insert("Note", values: [("title", .string("Bread")), ("list", .string("Groceries"))])
        try context.processPendingChanges()
        let change = try #require(controller.lastChangeSet?.objects.first)
        #expect(change.type == .insert)
        #expect(change.indexPath == nil)
        #expect(change.newIndexPath == IndexPath(row: 0, section: 0))
        #expect(change.description == "didChange object #4 insert → [0, 0]")
    }

    @Test func fetchedResultsSnapshotDelegate() throws {
        let context = try Self.notes()
        let controller = try Self.byTitle(context)
        let snapshots = SnapshotLog()
        controller.delegate = snapshots
        try context.insert("Note", values: [("title", .string("Bread")), ("list", .string("Groceries"))])
        try context.processPendingChanges()
        // Bread (#4), Eggs (#2), Milk (#1), Stamps (#3).
        #expect(snapshots.last?.objectIDs == [ObjectID(4), ObjectID(2), ObjectID(1), ObjectID(3)])
    }

    @Test func fetchedResultsDifferenceDelegate() throws {
        let context = try Self.notes()
        let controller = try Self.byTitle(context)
        let differences = DifferenceLog()
        controller.delegate = differences
        try context.delete(ObjectID(2))
        try context.processPendingChanges()
        // Eggs was first: one removal at offset 0, no insertion.
        let removed = differences.last?.removals.map { change -> Int? in
            guard case .remove(let offset, let id, _) = change, id == ObjectID(2) else { return nil }
            return offset
        }
        #expect(removed == [0])
        #expect(differences.last?.insertions.isEmpty == true)
    }

    @Test func fetchedResultsSectionIndexTitleDelegate() throws {
        let context = try Self.notes()
        let request = FetchRequest(
            entityName: "Note", sortDescriptors: [SortDescriptor(key: "list"), SortDescriptor(key: "title")],
            sectionNameKeyPath: "list")
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        // Apple's default: the first letter of each section's name, Errands then Groceries.
        #expect(controller.sectionIndexTitles == ["E", "G"])
        let titles = TwoLetterTitles()
        controller.delegate = titles
        #expect(controller.sectionIndexTitles == ["Er", "Gr"])
    }

    @Test func sectionInfo() throws {
        let context = try Self.notes()
        let request = FetchRequest(
            entityName: "Note", sortDescriptors: [SortDescriptor(key: "list"), SortDescriptor(key: "title")],
            sectionNameKeyPath: "list")
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        let groceries = controller.sectionInfo(at: 1)
        #expect(groceries.name == "Groceries")
        #expect(groceries.numberOfObjects == 2)
        #expect(groceries.objects.map { $0["title"] } == [.string("Eggs"), .string("Milk")])
        #expect(groceries.indexTitle == "G")
    }

    @Test func resultsSnapshot() throws {
        let context = try Self.notes()
        let request = FetchRequest(
            entityName: "Note", sortDescriptors: [SortDescriptor(key: "list"), SortDescriptor(key: "title")],
            sectionNameKeyPath: "list")
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        let snapshot = controller.snapshot()
        #expect(snapshot.sections.map(\.name) == ["Errands", "Groceries"])
        #expect(snapshot.sections[1].objectIDs == [ObjectID(2), ObjectID(1)])
        #expect(snapshot.objectIDs == [ObjectID(3), ObjectID(2), ObjectID(1)])
    }

    @Test func fetchRequest() throws {
        let context = try Self.notes()
        var request = FetchRequest(entityName: "Note", sortDescriptors: [SortDescriptor(key: "title")])
        request.predicate = try Predicate(format: "list == 'Groceries'")
        request.fetchLimit = 1
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        // Eggs and Milk match; the limit keeps the first by title.
        #expect(Self.titles(controller) == [.string("Eggs")])
    }

    @Test func sortDescriptor() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "File", attributes: [Attribute("name", .string)]))
        for name in ["File 10", "File 2"] { try context.insert("File", values: [("name", .string(name))]) }
        let byName = SortDescriptor(key: "name", selector: .localizedStandardCompare)
        let controller = try FetchedResultsController(
            fetchRequest: FetchRequest(entityName: "File", sortDescriptors: [byName]), context: context)
        try controller.performFetch()
        // Digits compared as numbers: 2 before 10, where `compare:` would put "1" before "2".
        #expect(controller.fetchedObjects?.map { $0["name"] } == [.string("File 2"), .string("File 10")])
        #expect(byName.description == "name asc localizedStandardCompare")
    }

    @Test func sortSelector() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "Fruit", attributes: [Attribute("name", .string)]))
        for name in ["banana", "Cherry", "apple"] { try context.insert("Fruit", values: [("name", .string(name))]) }
        func names(_ selector: SortSelector) throws -> [Value]? {
            let request = FetchRequest(
                entityName: "Fruit", sortDescriptors: [SortDescriptor(key: "name", selector: selector)])
            let controller = try FetchedResultsController(fetchRequest: request, context: context)
            try controller.performFetch()
            return controller.fetchedObjects?.map { $0["name"] }
        }
        // By Unicode scalars upper case comes first ("C" is 0x43, "a" 0x61); folded, it does not.
        #expect(try names(.compare) == [.string("Cherry"), .string("apple"), .string("banana")])
        #expect(try names(.caseInsensitiveCompare) == [.string("apple"), .string("banana"), .string("Cherry")])
    }

    @Test func predicate() throws {
        let context = try Self.notes()
        let predicate = try Predicate(format: "title BEGINSWITH[c] %@ OR list == 'Errands'", arguments: ["m"])
        var request = FetchRequest(entityName: "Note", sortDescriptors: [SortDescriptor(key: "title")])
        request.predicate = predicate
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        #expect(Self.titles(controller) == [.string("Milk"), .string("Stamps")])
        // The canonical form: the argument substituted, strings double-quoted.
        #expect(predicate.description == #"title BEGINSWITH[c] "m" OR list == "Errands""#)
    }

    @Test func predicateArgument() throws {
        let keyed = try Predicate(
            format: "%K IN %@", arguments: [.key("list"), .list([.string("Groceries"), .string("Errands")])])
        #expect(keyed == (try Predicate(format: "list IN {'Groceries', 'Errands'}")))
        // A literal stands for a value: 3 is `.value(.int(3))`.
        #expect((try Predicate(format: "order < %@", arguments: [3])) == (try Predicate(format: "order < 3")))
    }

    @Test func predicateError() {
        #expect(throws: PredicateError.self) { try Predicate(format: "title == ") }
        do {
            _ = try Predicate(format: "title == ")
        } catch {
            // "title == " is 9 scalars; the missing operand is one past the end, column 10.
            #expect(error.column == 10)
            #expect(error.description.hasSuffix("at column 10"))
        }
    }

    @Test func fetchedResultsError() throws {
        let context = try Self.notes()
        let request = FetchRequest(entityName: "Note", sortDescriptors: [SortDescriptor(key: "titel")])
        #expect(throws: FetchedResultsError.self) {
            try FetchedResultsController(fetchRequest: request, context: context)
        }
        do {
            _ = try FetchedResultsController(fetchRequest: request, context: context)
        } catch {
            #expect(error == .unknownAttribute("titel", entity: "Note", role: "sort key"))
            #expect(error.description == "unknown sort key 'titel' of entity 'Note'")
        }
    }

    @Test func fetchedResultsCache() throws {
        let context = try Self.notes()
        let cache = FetchedResultsCache()
        let request = FetchRequest(entityName: "Note", sortDescriptors: [SortDescriptor(key: "title")])
        let controller = try FetchedResultsController(
            fetchRequest: request, context: context, cacheName: "Notes", cache: cache)
        try controller.performFetch()
        #expect(cache.names == ["Notes"])
        cache.deleteCache(withName: "Notes")
        #expect(cache.names == [])
    }

    @Test func batchRequest() throws {
        let context = try Self.notes()
        try context.save()
        let controller = try Self.byTitle(context)
        let done = try BatchRequest.update(
            "Note", predicate: Predicate(format: "list == 'Groceries'"), assignments: [("list", .string("Done"))]
        )
        .execute(in: context)
        // Milk (#1) and Eggs (#2) were in Groceries; the context still has them there.
        #expect(done == [ObjectID(1), ObjectID(2)])
        #expect(context.object(with: ObjectID(1))?["list"] == .string("Groceries"))
        #expect(Self.titles(controller) == [.string("Eggs"), .string("Milk"), .string("Stamps")])
        #expect(try BatchRequest.delete("Note", predicate: nil).execute(in: context) == [1, 2, 3].map(ObjectID.init))
    }
}

/// The delegate of the `FetchedResultsControllerDelegate` example.
private final class EventLog: FetchedResultsControllerDelegate {
    var lines: [String] = []
    func controllerWillChangeContent(_ controller: FetchedResultsController) { lines.append("will") }
    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: ChangeType
    ) { lines.append("section \(type) \(sectionIndex)") }
    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: ChangeType, newIndexPath: IndexPath?
    ) {
        let path = newIndexPath ?? indexPath
        lines.append("\(type) → \(path.map { "\($0.section).\($0.row)" } ?? "")")
    }
    func controllerDidChangeContent(_ controller: FetchedResultsController) { lines.append("did") }
}

/// The delegate of the `FetchedResultsSnapshotDelegate` example.
private final class SnapshotLog: FetchedResultsSnapshotDelegate {
    var last: ResultsSnapshot?
    func controller(_ controller: FetchedResultsController, didChangeContentWith snapshot: ResultsSnapshot) {
        last = snapshot
    }
}

/// The delegate of the `FetchedResultsDifferenceDelegate` example; the four callbacks, which the
/// example leaves out, are what a controller with sections would call instead.
private final class DifferenceLog: FetchedResultsDifferenceDelegate {
    var last: CollectionDifference<ObjectID>?
    func controller(
        _ controller: FetchedResultsController, didChangeContentWith difference: CollectionDifference<ObjectID>
    ) { last = difference }
    func controllerWillChangeContent(_ controller: FetchedResultsController) {}
    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: ChangeType
    ) {}
    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: ChangeType, newIndexPath: IndexPath?
    ) {}
    func controllerDidChangeContent(_ controller: FetchedResultsController) {}
}

/// The delegate of the `FetchedResultsSectionIndexTitleDelegate` example.
private final class TwoLetterTitles: FetchedResultsSectionIndexTitleDelegate {
    func controller(_ controller: FetchedResultsController, sectionIndexTitleForSectionName sectionName: String)
        -> String?
    { String(sectionName.prefix(2)) }
    func controllerWillChangeContent(_ controller: FetchedResultsController) {}
    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: ChangeType
    ) {}
    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: ChangeType, newIndexPath: IndexPath?
    ) {}
    func controllerDidChangeContent(_ controller: FetchedResultsController) {}
}
