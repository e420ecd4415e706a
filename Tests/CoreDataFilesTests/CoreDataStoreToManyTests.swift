import CoreDataFiles
import Foundation
import GRDB
import Interpreter
import ObjectGraph
import Testing

/// To-many relationships read from stores built in Core Data's layout (docs/store.md, "To-many
/// relationships"): a one-to-many is its inverse's foreign key `Z<INVERSE>` in the destination's
/// table, ordered by `Z_FOK_<INVERSE>`; a many-to-many is a join table `Z_<n><RELATIONSHIP>` with
/// the columns `Z_<n><RELATIONSHIP POINTING TO THAT SIDE>` and, for an ordered side,
/// `Z_FOK_<its destination column without Z_>` — the names public readers of Apple's own stores
/// use (Photos' `Z_26ASSETS` with `Z_26ALBUMS`, `Z_34ASSETS`, `Z_FOK_34ASSETS`).
@Suite struct CoreDataStoreToManyTests {
    /// Folder.notes (ordered, cascade) ↔ Note.folder (to-one).
    static let oneToManyStore =
        CoreDataStoreTests.catalog + """
            INSERT INTO Z_PRIMARYKEY VALUES (1, 'Folder', 0, 2), (2, 'Note', 0, 4);
            CREATE TABLE ZFOLDER (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
            CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZFOLDER INTEGER, Z_FOK_FOLDER INTEGER, ZTITLE VARCHAR);
            INSERT INTO ZFOLDER VALUES (1, 1, 1, 'Home'), (2, 1, 1, 'Work');
            INSERT INTO ZNOTE VALUES (1, 2, 1, 1, 3072, 'Milk'), (2, 2, 1, 2, 1024, 'Plan'), (3, 2, 1, 1, 1024, 'Bread'), (4, 2, 1, NULL, NULL, 'Loose');
            """

    @Test func readsAnOrderedOneToManyFromTheInversesForeignKeyAndOrderColumn() throws {
        let directory = try TemporaryDirectory()
        let path = try CoreDataStoreTests.store(Self.oneToManyStore, in: directory)
        let (mapped, contents) = try CoreDataStoreTests.read(path, ModelFixtures.toMany)
        // IDs: Home 1, Work 2, then the notes in Z_PK order: Milk 3, Plan 4, Bread 5, Loose 6.
        #expect(contents.objects.map(\.entity) == ["Folder", "Folder", "Note", "Note", "Note", "Note"])
        // Home holds Bread (Z_FOK 1024) before Milk (3072), though Milk's Z_PK comes first.
        #expect(contents.objects[0].values == [.string("Home"), .objects([ObjectID(5), ObjectID(3)])])
        #expect(contents.objects[1].values == [.string("Work"), .objects([ObjectID(4)])])
        #expect(contents.objects[2].values == [.string("Milk"), .object(ObjectID(1))])
        #expect(contents.objects[5].values == [.string("Loose"), .null])

        // In a context the delete rules hold: deleting Home cascades to its two notes.
        let context = try ObjectContext(store: InMemoryStore(schema: mapped.schema, objects: contents.objects))
        try context.delete(ObjectID(1))
        try context.processPendingChanges()
        #expect(context.objects(ofEntity: "Note").map(\.objectID.rawValue) == [4, 6])
    }

    @Test func importCoredataAndTheSnapshotStoreKeepTheToManyValues() throws {
        let directory = try TemporaryDirectory()
        let path = try CoreDataStoreTests.store(Self.oneToManyStore, in: directory)
        let mapped = try ModelSchemaTests.mapped(ModelFixtures.toMany)
        // `import coredata`: objects get new IDs, the relationships follow them, in the store's order.
        let importing = try Interpreter(model: mapped)
        _ = ImportCoreDataTests.lines(importing, "insert Folder name=\"First\"")
        #expect(
            ImportCoreDataTests.lines(importing, "import coredata \(path)").first
                == "imported 2 Folder, 4 Note (#2…#7) from '\(path)'")
        let context = importing.workspace.context
        // Home is #2, Milk #4, Bread #6: Home's ordered notes are Bread then Milk.
        #expect(context.object(with: ObjectID(2))?.value(forKey: "notes") == .objects([ObjectID(6), ObjectID(4)]))
        #expect(context.object(with: ObjectID(6))?.value(forKey: "folder") == .object(ObjectID(2)))
        // `--coredata-store`: the objects as read, committed.
        let contents = try CoreDataStoreReader.read(path: path, through: mapped)
        let opened = try Interpreter(model: mapped, contents: contents).workspace.context
        #expect(opened.object(with: ObjectID(1))?.value(forKey: "notes") == .objects([ObjectID(5), ObjectID(3)]))
        #expect(!opened.hasChanges)
    }

    @Test func refusesAnOrderedOneToManyWithoutItsOrderColumn() throws {
        let directory = try TemporaryDirectory()
        let path = try CoreDataStoreTests.store(
            Self.oneToManyStore + "ALTER TABLE ZNOTE DROP COLUMN Z_FOK_FOLDER;", in: directory)
        let error = #expect(throws: CoreDataFileError.self) { try CoreDataStoreTests.read(path, ModelFixtures.toMany) }
        #expect(
            error?.description == path
                + ": does not match the model: table 'ZNOTE' has no column 'Z_FOK_FOLDER' for the order of ordered relationship 'notes' of entity 'Folder'"
        )
    }

    /// Note.tags ↔ Tag.notes, both to-many and unordered; Playlist.songs (ordered) ↔ Song.playlists.
    static let manyToManyModel =
        ModelFixtures.header + """

                <entity name="Note" representedClassName="Note" syncable="YES">
                    <attribute name="title" attributeType="String"/>
                    <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag" inverseName="notes" inverseEntity="Tag"/>
                </entity>
                <entity name="Playlist" representedClassName="Playlist" syncable="YES">
                    <attribute name="name" attributeType="String"/>
                    <relationship name="songs" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="Song" inverseName="playlists" inverseEntity="Song"/>
                </entity>
                <entity name="Song" representedClassName="Song" syncable="YES">
                    <attribute name="name" attributeType="String"/>
                    <relationship name="playlists" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Playlist" inverseName="songs" inverseEntity="Playlist"/>
                </entity>
                <entity name="Tag" representedClassName="Tag" syncable="YES">
                    <attribute name="name" attributeType="String"/>
                    <relationship name="notes" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Note" inverseName="tags" inverseEntity="Note"/>
                </entity>
            </model>
            """

    /// Entities 1 Note, 2 Playlist, 3 Song, 4 Tag; the join tables named after the side whose
    /// relationship name sorts last (TAGS after NOTES, SONGS after PLAYLISTS), as in the public
    /// stores named above.
    static let manyToManyStore =
        CoreDataStoreTests.catalog + """
            INSERT INTO Z_PRIMARYKEY VALUES (1, 'Note', 0, 2), (2, 'Playlist', 0, 1), (3, 'Song', 0, 3), (4, 'Tag', 0, 2);
            CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR);
            CREATE TABLE ZPLAYLIST (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
            CREATE TABLE ZSONG (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
            CREATE TABLE ZTAG (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
            CREATE TABLE Z_1TAGS (Z_1NOTES INTEGER, Z_4TAGS INTEGER, PRIMARY KEY (Z_1NOTES, Z_4TAGS));
            CREATE TABLE Z_2SONGS (Z_2PLAYLISTS INTEGER, Z_3SONGS INTEGER, Z_FOK_3SONGS INTEGER, PRIMARY KEY (Z_2PLAYLISTS, Z_3SONGS));
            INSERT INTO ZNOTE VALUES (1, 1, 1, 'Milk'), (2, 1, 1, 'Plan');
            INSERT INTO ZPLAYLIST VALUES (1, 2, 1, 'Road');
            INSERT INTO ZSONG VALUES (1, 3, 1, 'Alpha'), (2, 3, 1, 'Beta'), (3, 3, 1, 'Gamma');
            INSERT INTO ZTAG VALUES (1, 4, 1, 'shop'), (2, 4, 1, 'home');
            INSERT INTO Z_1TAGS VALUES (1, 1), (1, 2), (2, 2);
            INSERT INTO Z_2SONGS VALUES (1, 1, 2048), (1, 2, 4096), (1, 3, 1024);
            """

    @Test func readsManyToManyJoinTablesForBothSides() throws {
        let directory = try TemporaryDirectory()
        let path = try CoreDataStoreTests.store(Self.manyToManyStore, in: directory)
        let (mapped, contents) = try CoreDataStoreTests.read(path, Self.manyToManyModel)
        // IDs: Milk 1, Plan 2, Road 3, Alpha 4, Beta 5, Gamma 6, shop 7, home 8.
        #expect(
            contents.objects.map { $0.values[0] }
                == ["Milk", "Plan", "Road", "Alpha", "Beta", "Gamma", "shop", "home"].map(Value.string))
        #expect(contents.objects[0].values[1] == .objects([ObjectID(7), ObjectID(8)]))  // Milk: shop, home
        #expect(contents.objects[1].values[1] == .objects([ObjectID(8)]))  // Plan: home
        #expect(contents.objects[6].values[1] == .objects([ObjectID(1)]))  // shop: Milk
        #expect(contents.objects[7].values[1] == .objects([ObjectID(1), ObjectID(2)]))  // home: Milk, Plan
        // Road's songs in Z_FOK order: Gamma (1024), Alpha (2048), Beta (4096).
        #expect(contents.objects[2].values[1] == .objects([ObjectID(6), ObjectID(4), ObjectID(5)]))
        #expect(contents.objects[3].values[1] == .objects([ObjectID(3)]))

        // Predicates through the to-many relationship work on what was read.
        let context = try ObjectContext(store: InMemoryStore(schema: mapped.schema, objects: contents.objects))
        #expect(
            context.objects(ofEntity: "Note").filter { $0.value(forKeyPath: "tags.@count") == .int(2) }.map(
                \.objectID.rawValue) == [1])
    }

    @Test func findsAJoinTableNamedAfterEitherSide() throws {
        let directory = try TemporaryDirectory()
        let store = Self.manyToManyStore.replacingOccurrences(of: "Z_1TAGS", with: "Z_4NOTES")
        let path = try CoreDataStoreTests.store(store, in: directory)
        let (_, contents) = try CoreDataStoreTests.read(path, Self.manyToManyModel)
        #expect(contents.objects[7].values[1] == .objects([ObjectID(1), ObjectID(2)]))
    }

    @Test func refusesAMissingJoinTableOrAPairToNowhere() throws {
        let directory = try TemporaryDirectory()
        let missing = try CoreDataStoreTests.store(Self.manyToManyStore + "DROP TABLE Z_1TAGS;", in: directory)
        let error = #expect(throws: CoreDataFileError.self) {
            try CoreDataStoreTests.read(missing, Self.manyToManyModel)
        }
        #expect(
            error?.description == missing
                + ": does not match the model: no join table 'Z_1TAGS' or 'Z_4NOTES' for many-to-many relationship 'tags' of entity 'Note'"
        )

        let other = try TemporaryDirectory()
        let dangling = try CoreDataStoreTests.store(
            Self.manyToManyStore + "INSERT INTO Z_1TAGS VALUES (2, 9);", in: other)
        let second = #expect(throws: CoreDataFileError.self) {
            try CoreDataStoreTests.read(dangling, Self.manyToManyModel)
        }
        #expect(
            second?.description == dangling
                + ": does not match the model: join table 'Z_1TAGS': column 'Z_4TAGS' names Z_PK 9, which is no 'Tag' object of table 'ZTAG'"
        )
    }
}
