import Foundation
import GRDB
import ObjectGraph
import Testing

@testable import CoreDataFiles

/// `CoreDataSnapshotStore` reads committed values back from the Core Data file once a context
/// holds the objects (docs/store.md, "Cost"): the expectations are the rows written here by hand,
/// in the layout of `CoreDataStoreTests`.
@Suite struct CoreDataSnapshotStoreTests {
    /// The inheritance fixture's hierarchy in one table, with Z_PKs that are not a run (2, 5, 9):
    /// Task "Write plan" (#1), Meeting "Review" (#2) whose agenda is the task, Event "Launch" (#3).
    static let hierarchy =
        CoreDataStoreTests.catalog + """
            INSERT INTO Z_PRIMARYKEY VALUES (1, 'Event', 2, 0), (2, 'Item', 0, 9), (3, 'Meeting', 1, 0), (4, 'Task', 2, 0);
            CREATE TABLE ZITEM (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCREATED TIMESTAMP, ZTITLE VARCHAR,
                ZDONE INTEGER, ZSTARTS TIMESTAMP, ZROOM VARCHAR, ZAGENDA INTEGER);
            INSERT INTO ZITEM VALUES (2, 4, 1, 0, 'Write plan', 1, NULL, NULL, NULL);
            INSERT INTO ZITEM VALUES (5, 3, 1, NULL, 'Review', NULL, 3600, 'Blue', 2);
            INSERT INTO ZITEM VALUES (9, 1, 1, NULL, 'Launch', NULL, 7200, NULL, NULL);
            """

    /// 2001-01-01T00:00:00Z plus `seconds`.
    static func date(_ seconds: Double) -> Value { .date(Date(timeIntervalSince1970: 978_307_200 + seconds)) }

    static let task: [Value] = [.string("Write plan"), date(0), .bool(true)]
    static let meeting: [Value] = [.string("Review"), .null, date(3600), .string("Blue"), .object(ObjectID(1))]
    static let event: [Value] = [.string("Launch"), .null, date(7200)]

    /// A store on `sql`'s file, and a context opened on it (which takes the objects read).
    static func open(_ sql: String, _ model: String, in directory: TemporaryDirectory) throws
        -> (path: String, store: CoreDataSnapshotStore, context: ObjectContext)
    {
        let path = try CoreDataStoreTests.store(sql, in: directory)
        let (mapped, contents) = try CoreDataStoreTests.read(path, model)
        let store = CoreDataSnapshotStore(schema: mapped.schema, contents: contents)
        return (path, store, try ObjectContext(store: store))
    }

    /// Writes to the store file as its app would, growing it so that its size changes too.
    static func appSaves(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: sql + "; CREATE TABLE ZAPPSCRATCH (Z_PK INTEGER); INSERT INTO ZAPPSCRATCH VALUES (1)")
        }
        try queue.close()
    }

    @Test func readsCommittedValuesBackFromTheFile() throws {
        let directory = try TemporaryDirectory()
        let (_, store, context) = try Self.open(Self.hierarchy, ModelFixtures.inheritance, in: directory)
        #expect(context.objectCount == 3)
        #expect(
            try store.committedObject(ObjectID(1)) == StoredObject(id: ObjectID(1), entity: "Task", values: Self.task))
        #expect(
            try store.committedObject(ObjectID(2))
                == StoredObject(id: ObjectID(2), entity: "Meeting", values: Self.meeting))
        #expect(
            try store.committedObject(ObjectID(3)) == StoredObject(id: ObjectID(3), entity: "Event", values: Self.event)
        )
        #expect(try store.committedObject(ObjectID(4)) == nil)
        #expect(try store.committedObject(ObjectID(0)) == nil)
    }

    @Test func rollbackSaveAndASecondContextFollowTheFileAndTheSaves() throws {
        let directory = try TemporaryDirectory()
        let (path, store, context) = try Self.open(Self.hierarchy, ModelFixtures.inheritance, in: directory)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        // Rollback puts back the file's values.
        try context.setValue(.string("Renamed"), forKey: "title", of: ObjectID(2))
        try context.delete(ObjectID(3))
        try context.processPendingChanges()
        _ = try context.rollback()
        #expect(context.object(with: ObjectID(2))?.values == Self.meeting)
        #expect(context.object(with: ObjectID(3))?.values == Self.event)
        #expect(!context.hasChanges)

        // A save is kept in memory; the committed values follow it, not the file.
        try context.setValue(.string("Renamed"), forKey: "title", of: ObjectID(2))
        try context.delete(ObjectID(3))
        let inserted = try context.insert("Task", values: [("title", .string("Ship"))]).objectID
        try context.save()
        var renamed = Self.meeting
        renamed[0] = .string("Renamed")
        #expect(try store.committedObject(ObjectID(2))?.values == renamed)
        #expect(try store.committedObject(ObjectID(3)) == nil)
        #expect(try store.committedObject(inserted)?.values == [.string("Ship"), .null, .bool(false)])
        try context.setValue(.string("Again"), forKey: "title", of: ObjectID(1))
        try context.processPendingChanges()
        _ = try context.rollback()
        #expect(context.object(with: ObjectID(1))?.values == Self.task)

        // A second context reads the file again, with the saves on top.
        let second = try ObjectContext(store: store)
        #expect(second.objectCount == 3 && second.object(with: ObjectID(3)) == nil)
        #expect(second.object(with: inserted)?.values == [.string("Ship"), .null, .bool(false)])
        #expect(second.object(with: ObjectID(2))?.values == renamed)
        #expect(second.object(with: ObjectID(1))?.values == Self.task)

        // The Core Data file is only read.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }

    @Test func aFileChangedSinceTheReadIsRefused() throws {
        let directory = try TemporaryDirectory()
        let (path, store, _) = try Self.open(Self.hierarchy, ModelFixtures.inheritance, in: directory)
        try Self.appSaves(path, "UPDATE ZITEM SET ZTITLE = 'Changed' WHERE Z_PK = 5")
        let error = #expect(throws: ObjectGraphError.self) { try store.committedObject(ObjectID(2)) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("changed since it was read"))
        #expect(throws: ObjectGraphError.self) { try ObjectContext(store: store) }
    }

    /// An object edited before the app saved is still an update of a committed object (Core Data's
    /// `isUpdated`), though its committed values can no longer be read back: the ID came from the
    /// file.
    @Test func anEditedObjectStaysUpdatedAfterTheAppSaves() throws {
        let directory = try TemporaryDirectory()
        let (path, _, context) = try Self.open(Self.hierarchy, ModelFixtures.inheritance, in: directory)
        try context.setValue(.string("Plan it"), forKey: "title", of: ObjectID(1))
        try context.processPendingChanges()
        #expect(context.unsavedState(of: ObjectID(1)) == .updated)
        try Self.appSaves(path, "UPDATE ZITEM SET ZTITLE = 'Changed' WHERE Z_PK = 5")
        #expect(context.unsavedState(of: ObjectID(1)) == .updated)
        #expect(context.unsavedState(of: ObjectID(2)) == nil)
    }

    @Test func objectsWithToManyRelationshipsStayInTheStore() throws {
        let directory = try TemporaryDirectory()
        let (path, store, context) = try Self.open(
            CoreDataStoreToManyTests.oneToManyStore, ModelFixtures.toMany, in: directory)
        #expect(context.objects(ofEntity: "Note").count == 4)
        // Home (#1) holds Bread (#5) before Milk (#3), by Z_FOK_FOLDER; Milk's folder is read back.
        #expect(try store.committedObject(ObjectID(3))?.values == [.string("Milk"), .object(ObjectID(1))])
        try Self.appSaves(path, "UPDATE ZNOTE SET ZTITLE = 'Changed'")
        #expect(
            try store.committedObject(ObjectID(1))?.values == [.string("Home"), .objects([ObjectID(5), ObjectID(3)])])
        #expect(throws: ObjectGraphError.self) { try store.committedObject(ObjectID(3)) }
    }

    @Test func contentsFromTextStayInTheStore() throws {
        let mapped = try ModelSchemaTests.mapped(ModelFixtures.toMany)
        let text = """
            coredata-store 1
            object 1 Folder ["sHome","m2"]
            object 2 Note ["sMilk","o1"]

            """
        let contents = try CoreDataStoreContents(text: text, schema: mapped.schema, file: "App.sqlite")
        let store = CoreDataSnapshotStore(schema: mapped.schema, contents: contents)
        let context = try ObjectContext(store: store)
        try context.setValue(.string("Eggs"), forKey: "title", of: ObjectID(2))
        try context.processPendingChanges()
        _ = try context.rollback()
        #expect(context.object(with: ObjectID(2))?.values == [.string("Milk"), .object(ObjectID(1))])
        #expect(
            try ObjectContext(store: store).object(with: ObjectID(2))?.values == [
                .string("Milk"), .object(ObjectID(1)),
            ])
    }

    @Test func tableKeysFindRunsAndGaps() {
        let run = TableKeys(base: 10, keys: [4, 5, 6])
        #expect([3, 4, 6, 7].map { run.index(of: $0) } == [nil, 10, 12, nil])
        #expect([10, 11, 12].map { run.key(at: $0) } == [4, 5, 6])
        let gaps = TableKeys(base: 0, keys: [2, 5, 9])
        #expect([1, 2, 5, 6, 9, 10].map { gaps.index(of: $0) } == [nil, 0, 1, nil, 2, nil])
        #expect([0, 1, 2].map { gaps.key(at: $0) } == [2, 5, 9])
        #expect(!gaps.contains(3) && gaps.contains(2))
        #expect(TableKeys(base: 0, keys: []).index(of: 0) == nil)
    }

    @Test func aZPKHeldTwiceIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = try CoreDataStoreTests.store(
            CoreDataStoreTests.catalog + """
                INSERT INTO Z_PRIMARYKEY VALUES (1, 'Folder', 0, 2), (2, 'Note', 0, 0);
                CREATE TABLE ZFOLDER (Z_PK INTEGER, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
                CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZFOLDER INTEGER, Z_FOK_FOLDER INTEGER, ZTITLE VARCHAR);
                INSERT INTO ZFOLDER VALUES (1, 1, 1, 'Home'), (1, 1, 1, 'Work');
                """, in: directory)
        #expect(throws: CoreDataFileError.self) { try CoreDataStoreTests.read(path, ModelFixtures.toMany) }
        do {
            _ = try CoreDataStoreTests.read(path, ModelFixtures.toMany)
        } catch let error as CoreDataFileError {
            #expect(error.message == "does not match the model: table 'ZFOLDER' holds Z_PK 1 twice")
        }
    }
}
