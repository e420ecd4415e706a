import CoreDataFiles
import Foundation
import GRDB
import Testing

/// Stores built here with GRDB in the layout docs/store.md describes ("Core Data stores"): the
/// catalog tables `Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX)` and `Z_METADATA (Z_VERSION,
/// Z_UUID, Z_PLIST)`, one `Z<ROOT ENTITY>` table per hierarchy with `Z_PK`, `Z_ENT`, `Z_OPT` and a
/// `Z<PROPERTY>` column per stored property, in the SQL types Core Data declares (INTEGER,
/// FLOAT, DECIMAL, TIMESTAMP, VARCHAR, BLOB), dates as seconds since 2001-01-01.
@Suite struct CoreDataStoreTests {
    static let catalog = """
        CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
        CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
        CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
        INSERT INTO Z_METADATA VALUES (1, '5D1E6C2A-0000-4000-8000-00000000CAFE', NULL);
        """

    static let everyTypeTables =
        catalog + """
            INSERT INTO Z_PRIMARYKEY VALUES (1, 'Folder', 0, 2), (2, 'Sample', 0, 2);
            CREATE TABLE ZFOLDER (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
            CREATE TABLE ZSAMPLE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZFLAG INTEGER, ZLARGE INTEGER,
                ZMEDIUM INTEGER, ZSMALL INTEGER, ZFOLDER INTEGER, ZPRICE DECIMAL, ZRATIO FLOAT, ZWEIGHT FLOAT, ZWHEN TIMESTAMP,
                ZLINK VARCHAR, ZTEXT VARCHAR, ZIDENTIFIER BLOB, ZBLOB BLOB, ZTAGS BLOB);
            INSERT INTO ZFOLDER VALUES (1, 1, 1, 'Home'), (2, 1, 3, 'Work');
            """

    static func store(_ sql: String, in directory: TemporaryDirectory, journal: String = "DELETE") throws -> String {
        let path = directory.path + "/App.sqlite"
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = \(journal)")
            try db.execute(sql: sql)
        }
        try queue.close()
        return path
    }

    static func read(_ path: String, _ modelText: String) throws -> (ModelSchema, CoreDataStoreContents) {
        let mapped = try ModelFileReader.parse(Data(modelText.utf8), file: "model").schema()
        return (mapped, try CoreDataStoreReader.read(path: path, through: mapped))
    }

    @Test func readsEveryAttributeTypeThroughTheModel() throws {
        let directory = try TemporaryDirectory()
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let path = try Self.store(Self.everyTypeTables, in: directory)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            // Z_PK 7 first in the file, 3 second: objects come in Z_PK order.
            try db.execute(
                sql:
                    "INSERT INTO ZSAMPLE VALUES (7, 2, 1, 1, 9000000000, -7, 3, 2, 9.99, 0.5, 1.25, 86400.5, 'https://example.com/a', 'First', ?, x'00', x'01')",
                arguments: [Data(withUnsafeBytes(of: uuid.uuid) { Array($0) })])
            try db.execute(
                sql:
                    "INSERT INTO ZSAMPLE VALUES (3, 2, 1, 0, 0, 0, 0, NULL, '12.5', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)"
            )
        }
        try queue.close()
        let (mapped, contents) = try Self.read(path, ModelFixtures.everyType)
        #expect(contents.storeIdentifier == "5D1E6C2A-0000-4000-8000-00000000CAFE")
        #expect(contents.counts.map(\.entity) == ["Folder", "Sample"])
        #expect(contents.counts.map(\.count) == [2, 2])
        #expect(contents.objects.map(\.id.rawValue) == [1, 2, 3, 4])
        #expect(contents.objects[0].values == [.string("Home")])
        let sample = try #require(mapped.schema.entity(named: "Sample"))
        #expect(
            sample.attributes.map(\.name) == [
                "text", "small", "medium", "large", "ratio", "weight", "price", "flag", "when",
                "identifier", "link", "scratch", "folder",
            ])
        // 2001-01-01T00:00:00Z is 978307200 s after 1970; plus a day and half a second.
        #expect(
            contents.objects[3].values == [
                .string("First"), .int(3), .int(-7), .int(9_000_000_000), .double(0.5), .double(1.25), .double(9.99),
                .bool(true),
                .date(Date(timeIntervalSince1970: 978_307_200 + 86_400.5)),
                .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
                .string("https://example.com/a"), .null, .object(ObjectID(2)),
            ])
        #expect(
            contents.objects[2].values == [
                .null, .int(0), .int(0), .int(0), .null, .null, .double(12.5), .bool(false),
                .null, .null, .null, .null, .null,
            ])
        // The objects load into a context as committed objects.
        let context = try ObjectContext(store: InMemoryStore(schema: mapped.schema, objects: contents.objects))
        #expect(context.objects(ofEntity: "Sample").count == 2)
        #expect(!context.hasChanges)
    }

    @Test func readsAHierarchyFromItsOneTable() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.store(
            Self.catalog + """
                INSERT INTO Z_PRIMARYKEY VALUES (1, 'Event', 2, 0), (2, 'Item', 0, 5), (3, 'Meeting', 1, 0), (4, 'Task', 2, 0);
                CREATE TABLE ZITEM (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCREATED TIMESTAMP, ZTITLE VARCHAR,
                    ZDONE INTEGER, ZSTARTS TIMESTAMP, ZROOM VARCHAR, ZAGENDA INTEGER);
                INSERT INTO ZITEM VALUES (1, 4, 1, 0, 'Write plan', 1, NULL, NULL, NULL);
                INSERT INTO ZITEM VALUES (2, 3, 1, NULL, 'Review', NULL, 3600, 'Blue', 1);
                INSERT INTO ZITEM VALUES (3, 1, 1, NULL, 'Launch', NULL, 7200, NULL, NULL);
                """, in: directory)
        let (mapped, contents) = try Self.read(path, ModelFixtures.inheritance)
        #expect(mapped.schema.entities.map(\.name) == ["Item", "Task", "Event", "Meeting"])
        #expect(contents.counts.map(\.count) == [0, 1, 1, 1])
        #expect(contents.objects.map(\.entity) == ["Task", "Meeting", "Event"])
        #expect(
            contents.objects[0].values == [
                .string("Write plan"), .date(Date(timeIntervalSince1970: 978_307_200)), .bool(true),
            ])
        #expect(
            contents.objects[1].values == [
                .string("Review"), .null, .date(Date(timeIntervalSince1970: 978_307_200 + 3600)),
                .string("Blue"), .object(ObjectID(1)),
            ])
        #expect(
            contents.objects[2].values == [
                .string("Launch"), .null, .date(Date(timeIntervalSince1970: 978_307_200 + 7200)),
            ])
    }

    @Test func numbersRepeatedColumnNamesInAHierarchy() throws {
        // Two sibling entities with a property 'name': the first (in file order) has ZNAME, the
        // second ZNAME1, as Notes' store has ZTITLE, ZTITLE1, ZTITLE2 (docs/store.md).
        let model =
            ModelFixtures.header + """

                    <entity name="Record" isAbstract="YES">
                        <attribute name="kind" attributeType="String"/>
                    </entity>
                    <entity name="Person" parentEntity="Record">
                        <attribute name="name" attributeType="String"/>
                    </entity>
                    <entity name="Place" parentEntity="Record">
                        <attribute name="name" attributeType="String"/>
                    </entity>
                </model>
                """
        let directory = try TemporaryDirectory()
        let path = try Self.store(
            Self.catalog + """
                INSERT INTO Z_PRIMARYKEY VALUES (1, 'Person', 3, 0), (2, 'Place', 3, 0), (3, 'Record', 0, 2);
                CREATE TABLE ZRECORD (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZKIND VARCHAR, ZNAME VARCHAR, ZNAME1 VARCHAR);
                INSERT INTO ZRECORD VALUES (1, 2, 1, 'city', NULL, 'Lyon'), (2, 1, 1, 'friend', 'Anna', NULL);
                """, in: directory)
        let (_, contents) = try Self.read(path, model)
        #expect(contents.objects.map(\.entity) == ["Place", "Person"])
        #expect(
            contents.objects.map(\.values) == [
                [.string("city"), .string("Lyon")], [.string("friend"), .string("Anna")],
            ])
    }

    /// A store that differs from the model in one way, and the message naming the difference.
    struct Mismatch: Sendable, CustomTestStringConvertible {
        let label: String
        let sql: String
        let message: String
        var testDescription: String { label }
    }

    static let mismatches: [Mismatch] = [
        Mismatch(
            label: "missing column", sql: "ALTER TABLE ZSAMPLE DROP COLUMN ZWHEN",
            message: "table 'ZSAMPLE' has no column 'ZWHEN' for attribute 'when' of entity 'Sample'"),
        Mismatch(label: "missing table", sql: "DROP TABLE ZFOLDER", message: "no table 'ZFOLDER' for entity 'Folder'"),
        Mismatch(
            label: "entity the model lacks", sql: "INSERT INTO Z_PRIMARYKEY VALUES (3, 'Tag', 0, 0)",
            message: "table 'Z_PRIMARYKEY' names entity 'Tag', which the model does not define"),
        Mismatch(
            label: "entity the store lacks", sql: "DELETE FROM Z_PRIMARYKEY WHERE Z_NAME = 'Folder'",
            message: "table 'Z_PRIMARYKEY' has no row for entity 'Folder'"),
        Mismatch(
            label: "not a Core Data store", sql: "DROP TABLE Z_METADATA",
            message: "no table 'Z_METADATA': not a Core Data store"),
        Mismatch(
            label: "unknown Z_ENT", sql: "INSERT INTO ZFOLDER VALUES (9, 5, 1, 'Odd')",
            message:
                "row Z_PK 9 of table 'ZFOLDER' has Z_ENT 5, which is no concrete entity of the model's 'Folder' hierarchy"
        ),
        Mismatch(
            label: "value of another type",
            sql: "INSERT INTO ZSAMPLE (Z_PK, Z_ENT, Z_OPT, ZLARGE) VALUES (1, 2, 1, 'many')",
            message:
                "row Z_PK 1 of table 'ZSAMPLE': column 'ZLARGE' holds \"many\", which is not a value of type 'Integer 64'"
        ),
        Mismatch(
            label: "dangling foreign key",
            sql: "INSERT INTO ZSAMPLE (Z_PK, Z_ENT, Z_OPT, ZFOLDER) VALUES (1, 2, 1, 44)",
            message: "Sample object of Z_PK 1: relationship 'folder' names Z_PK 44, which table 'ZFOLDER' does not hold"
        ),
    ]

    @Test(arguments: mismatches)
    func refusesAStoreThatDoesNotMatch(_ mismatch: Mismatch) throws {
        let directory = try TemporaryDirectory()
        let path = try Self.store(Self.everyTypeTables + mismatch.sql + ";", in: directory)
        let error = #expect(throws: CoreDataFileError.self) { try Self.read(path, ModelFixtures.everyType) }
        #expect(error?.description == path + ": does not match the model: " + mismatch.message)
    }

    @Test func refusesAFileThatIsNotADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("just text, not SQLite\n", to: "App.sqlite")
        let error = #expect(throws: CoreDataFileError.self) { try Self.read(path, ModelFixtures.everyType) }
        #expect(error?.description == path + ": not a SQLite database")
        #expect(throws: CoreDataFileError(file: directory.path + "/none.sqlite", "no such file")) {
            try Self.read(directory.path + "/none.sqlite", ModelFixtures.everyType)
        }
    }

    @Test func neverWritesToTheStore() throws {
        let directory = try TemporaryDirectory()
        // Core Data opens its stores in WAL mode; a read must still leave no -wal or -shm behind.
        let path = try Self.store(Self.everyTypeTables, in: directory, journal: "WAL")
        let manager = FileManager.default
        #expect(!manager.fileExists(atPath: path + "-wal"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let modified = try manager.attributesOfItem(atPath: path)[.modificationDate] as? Date
        let (_, contents) = try Self.read(path, ModelFixtures.everyType)
        #expect(contents.objects.count == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try manager.attributesOfItem(atPath: path)[.modificationDate] as? Date == modified)
        #expect(try manager.contentsOfDirectory(atPath: directory.path).sorted() == ["App.sqlite"])
    }

    @Test func readsCommittedTransactionsStillInTheWAL() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.store(Self.everyTypeTables, in: directory, journal: "WAL")
        // A writer still open (the app running) keeps its last transaction in App.sqlite-wal.
        let writer = try DatabaseQueue(path: path)
        try writer.write { try $0.execute(sql: "INSERT INTO ZFOLDER VALUES (3, 1, 1, 'Later')") }
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        let (_, contents) = try Self.read(path, ModelFixtures.everyType)
        #expect(contents.objects.map(\.values) == [[.string("Home")], [.string("Work")], [.string("Later")]])
        try writer.close()
    }
}
