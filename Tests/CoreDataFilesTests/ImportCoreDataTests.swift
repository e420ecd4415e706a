import CoreDataFiles
import Foundation
import GRDB
import Interpreter
import Testing
import Transcripts

/// `import coredata` and the workspace of `--model`, on the shipped example model and a store
/// built in Core Data's layout (see CoreDataStoreTests).
@Suite struct ImportCoreDataTests {
    static var exampleModel: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .path + "/Examples/NotesApp/Notes.xcdatamodeld"
    }

    static func notesStore(in directory: TemporaryDirectory) throws -> String {
        try CoreDataStoreTests.store(
            CoreDataStoreTests.catalog + """
                INSERT INTO Z_PRIMARYKEY VALUES (1, 'Folder', 0, 1), (2, 'Note', 0, 3);
                CREATE TABLE ZFOLDER (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
                CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZDONE INTEGER, ZORDER INTEGER,
                    ZFOLDER INTEGER, ZCREATED TIMESTAMP, ZGROUP VARCHAR, ZTITLE VARCHAR);
                INSERT INTO ZFOLDER VALUES (1, 1, 1, 'Work');
                INSERT INTO ZNOTE VALUES (1, 2, 1, 0, 0, 1, 0, 'Work', 'Plan sprint');
                INSERT INTO ZNOTE VALUES (2, 2, 2, 1, 1, 1, NULL, 'Work', 'Review PR');
                INSERT INTO ZNOTE VALUES (3, 2, 1, NULL, 0, NULL, NULL, 'Home', 'Pay rent');
                """, in: directory)
    }

    static func lines(_ interpreter: Interpreter, _ line: String) -> [String] {
        interpreter.execute(line).renderText(width: 1_000)
    }

    @Test func importsAStoreInOneEvent() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.notesStore(in: directory)
        let interpreter = try Interpreter(model: Interpreter.readModel(at: Self.exampleModel))
        _ = Self.lines(interpreter, "fetch Note sort group, order section group index order")
        let output = Self.lines(interpreter, "import coredata \"\(store)\"")
        #expect(output.first == "imported 1 Folder, 3 Note (#1…#4) from '\(store)'")
        // One event: the two new sections, their three rows inside them (the folder is not fetched).
        #expect(
            output.contains("event 1 · 2 section inserts applied, 3 inserts filtered · table: insertSections [0, 1]"))
        // The folder is #1, the notes #2… in Z_PK order; the relationships name the new IDs.
        // '+' marks the rows of the last event. Created 0 is Core Data's reference date; done 0/1/NULL
        // are false, true and nil.
        #expect(
            Self.lines(interpreter, "show all").map { $0.replacingOccurrences(of: "─", with: "") } == [
                "  path  id  created               done   group  order  title        folder",
                " Home (H) · 1 row ",
                "+ 0.0   #4  nil                   nil    Home   0      Pay rent     nil",
                " Work (W) · 2 rows ",
                "+ 1.0   #2  2001-01-01T00:00:00Z  false  Work   0      Plan sprint  #1",
                "+ 1.1   #3  nil                   true   Work   1      Review PR    #1",
            ])
    }

    @Test func refusesWithoutAModel() throws {
        let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
        #expect(
            Self.lines(interpreter, "import coredata App.sqlite")
                == [
                    "error: no model: 'import coredata' reads a store through the model the session started with (fetchsim --model PATH)"
                ])
    }

    @Test func refusesAStoreThatDoesNotMatchAndInsertsNothing() throws {
        let directory = try TemporaryDirectory()
        let store = try CoreDataStoreTests.store(CoreDataStoreTests.everyTypeTables, in: directory)
        let interpreter = try Interpreter(model: Interpreter.readModel(at: Self.exampleModel))
        #expect(
            Self.lines(interpreter, "import coredata \(store)")
                == [
                    "error: \(store): does not match the model: table 'Z_PRIMARYKEY' names entity 'Sample', which the model does not define"
                ])
        #expect(interpreter.workspace.context.objectCount == 0)
    }
}

/// The workspace `--model M --coredata-store FILE` starts with.
@Suite struct CoreDataStoreWorkspaceTests {
    @Test func startsWithTheStoresObjectsCommittedAndSavesInMemory() throws {
        let directory = try TemporaryDirectory()
        let store = try ImportCoreDataTests.notesStore(in: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let model = try Interpreter.readModel(at: ImportCoreDataTests.exampleModel)
        let contents = try CoreDataStoreReader.read(path: store, through: model)
        let interpreter = try Interpreter(model: model, contents: contents)
        let context = interpreter.workspace.context
        #expect(context.objectCount == 4)
        #expect(!context.hasChanges)
        _ = ImportCoreDataTests.lines(interpreter, "fetch Note sort title")
        #expect(
            ImportCoreDataTests.lines(interpreter, "show all").map { $0.replacingOccurrences(of: "─", with: "") } == [
                "  path  id  created               done   group  order  title        folder",
                " 3 rows ",
                "  0.0   #4  nil                   nil    Home   0      Pay rent     nil",
                "  0.1   #2  2001-01-01T00:00:00Z  false  Work   0      Plan sprint  #1",
                "  0.2   #3  nil                   true   Work   1      Review PR    #1",
            ])
        // Edits save to the snapshot in memory; rollback returns to what was saved, never to the file.
        _ = ImportCoreDataTests.lines(interpreter, "set 0.0 title=\"Pay the rent\"")
        _ = ImportCoreDataTests.lines(interpreter, "insert Note title=\"New\" group=\"Home\"")
        #expect(ImportCoreDataTests.lines(interpreter, "save").first?.hasPrefix("saved") == true)
        _ = ImportCoreDataTests.lines(interpreter, "delete #5")
        _ = ImportCoreDataTests.lines(interpreter, "rollback")
        #expect(
            context.objects(ofEntity: "Note").map { $0.value(forKey: "title") }.compactMap { $0?.stringValue }.sorted()
                == ["New", "Pay the rent", "Plan sprint", "Review PR"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }
}

/// A session on `--coredata-store` records the store's objects as a snapshot (docs/sessions.md,
/// `# store:`): the model's entities, as the `entity` command writes them, and the objects read
/// back to the same schema and values.
@Suite struct CoreDataStoreSnapshotTests {
    @Test func aCoreDataStoreSnapshotReadsBackToTheSameState() throws {
        let directory = try TemporaryDirectory()
        let store = try ImportCoreDataTests.notesStore(in: directory)
        let model = try Interpreter.readModel(at: ImportCoreDataTests.exampleModel)
        let interpreter = try Interpreter(
            model: model, contents: try CoreDataStoreReader.read(path: store, through: model))
        let original = interpreter.workspace.context.store
        let copy = try StoreSnapshot.store(from: try StoreSnapshot.text(of: original), name: "Notes.sqlite")
        let (before, after) = (try original.load(), copy.load())
        #expect(after.schema == before.schema)
        #expect(after.objects == before.objects)
        #expect(after.nextObjectID == before.nextObjectID)
    }
}
