import FetchedResults
import ObjectGraph
import Testing

/// Transient attributes in a fetch (docs/semantics.md, "Transient attributes"). Apple: "you
/// cannot fetch using a predicate based on transients" (NSPropertyDescription) and "you cannot
/// sort on transient properties using the SQLite store" (Core Data Programming Guide, Persistent
/// Store Types and Behaviors); the SQLite store raises NSInvalidArgumentException "keypath K not
/// found in entity <NSSQLEntity E id=N>" when it compiles the fetch. An in-memory store
/// evaluates both on the objects. Expectations written by hand from three events.
@Suite struct TransientFetchTests {
    /// A store of SQLite's type, so that it compiles fetches to SQL as SQLiteStore does, keeping
    /// its objects in memory: the controller's rule depends on that answer alone.
    final class SQLCompilingStore: PersistentStore {
        let inner = InMemoryStore()
        var storeType: String { "SQLite" }
        func load() -> StoreContents { inner.load() }
        func committedObject(_ id: ObjectID) -> StoredObject? { inner.committedObject(id) }
        func save(_ changes: StoreChanges) { inner.save(changes) }
    }

    /// `List(name)` and `Event(title, order, section transient, list → List)`, with three events in
    /// two sections whose transient `section` the app set.
    private func context(store: PersistentStore = InMemoryStore()) throws -> ObjectContext {
        let context = try ObjectContext(store: store)
        var listName = Attribute("name", .string)
        listName.isTransient = true
        try context.define(try Entity(name: "List", attributes: [listName]))
        var section = Attribute("section", .string, isOptional: true)
        section.isTransient = true
        try context.define(
            try Entity(
                name: "Event",
                attributes: [
                    Attribute("title", .string), Attribute("order", .int), section,
                    .toOne("list", destination: "List", isOptional: true),
                ]))
        for (title, order, name) in [("Launch", 1, "May"), ("Review", 2, "May"), ("Retro", 3, "June")] {
            try context.insert(
                "Event", values: [("title", .string(title)), ("order", .int(order)), ("section", .string(name))])
        }
        try context.processPendingChanges()
        return context
    }

    private func titles(_ controller: FetchedResultsController) -> [[String]] {
        (0..<controller.numberOfSections).map { section in
            (0..<controller.numberOfObjects(inSection: section)).compactMap {
                controller.object(at: IndexPath(row: $0, section: section))?["title"].stringValue
            }
        }
    }

    @Test func anInMemoryStoreSortsAndFiltersByATransientAttribute() throws {
        let context = try context()
        let request = FetchRequest(
            entityName: "Event", predicate: try Predicate(format: "section == 'May'"),
            sortDescriptors: [SortDescriptor(key: "section"), SortDescriptor(key: "order", ascending: false)])
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        #expect(titles(controller) == [["Review", "Launch"]])
    }

    @Test func aSQLiteStoreRefusesATransientSortKey() throws {
        let context = try context(store: SQLCompilingStore())
        let request = FetchRequest(
            entityName: "Event", sortDescriptors: [SortDescriptor(key: "order"), SortDescriptor(key: "section")])
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        #expect(
            throws: FetchedResultsError.transientKeyInSQLiteFetch(
                "section", role: "sort key", entity: "Event", entityNumber: 2)
        ) {
            try controller.performFetch()
        }
        let error = FetchedResultsError.transientKeyInSQLiteFetch(
            "section", role: "sort key", entity: "Event", entityNumber: 2)
        #expect(
            error.description
                == "sort key 'section' reads a transient attribute, which a SQLite store cannot fetch by: Core Data raises "
                + "NSInvalidArgumentException, 'keypath section not found in entity <NSSQLEntity Event id=2>'")
    }

    /// A predicate key through a relationship to a transient attribute of another entity, and one
    /// inside a subquery's variable, are refused the same way; the stored keys are not.
    @Test func aSQLiteStoreRefusesATransientPredicateKey() throws {
        let context = try context(store: SQLCompilingStore())
        for (format, key) in [("section == 'May'", "section"), ("order > 1 AND list.name == 'Home'", "list.name")] {
            let request = FetchRequest(
                entityName: "Event", predicate: try Predicate(format: format),
                sortDescriptors: [SortDescriptor(key: "order")])
            let controller = try FetchedResultsController(fetchRequest: request, context: context)
            #expect(
                throws: FetchedResultsError.transientKeyInSQLiteFetch(
                    key, role: "predicate key", entity: "Event", entityNumber: 2)
            ) {
                try controller.performFetch()
            }
        }
        let stored = FetchRequest(
            entityName: "Event", predicate: try Predicate(format: "order > 1"),
            sortDescriptors: [SortDescriptor(key: "order")])
        let controller = try FetchedResultsController(fetchRequest: stored, context: context)
        try controller.performFetch()
        #expect(titles(controller) == [["Review", "Retro"]])
    }

    /// A transient section key is read from the objects, on a SQLite store too (Apple's
    /// DateSectionTitles sample sections by its transient `sectionIdentifier`), and the controller
    /// says so for the grouped-fetch path.
    @Test func aTransientSectionKeyIsComputedInMemory() throws {
        let context = try context(store: SQLCompilingStore())
        let request = FetchRequest(
            entityName: "Event", sortDescriptors: [SortDescriptor(key: "order")], sectionNameKeyPath: "section")
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        #expect(controller.sectionKeyIsTransient)
        #expect(titles(controller) == [["Launch", "Review"], ["Retro"]])
        let stored = try FetchedResultsController(
            fetchRequest: FetchRequest(
                entityName: "Event", sortDescriptors: [SortDescriptor(key: "title")], sectionNameKeyPath: "title"),
            context: context)
        #expect(!stored.sectionKeyIsTransient)
        let throughList = try FetchedResultsController(
            fetchRequest: FetchRequest(
                entityName: "Event", sortDescriptors: [SortDescriptor(key: "order")], sectionNameKeyPath: "list.name"),
            context: context)
        #expect(throughList.sectionKeyIsTransient)
    }

    @Test func aPredicateListsItsKeyPaths() throws {
        #expect(
            try Predicate(format: "title BEGINSWITH 'a' AND list.name == 'Home' OR title == 'b'").keyPaths == [
                "title", "list.name",
            ])
        #expect(
            try Predicate(format: "SUBQUERY(events, $e, $e.section == 'May' AND $e.order > 1).@count > 0").keyPaths
                == ["events", "events.section", "events.order"])
    }
}
