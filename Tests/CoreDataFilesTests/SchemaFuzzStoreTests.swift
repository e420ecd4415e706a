import CoreDataFiles
import Foundation
import Fuzzing
import ObjectGraph
import Testing

/// `fuzz --model M --coredata-store App.sqlite`: each session starts with the entity's rows read
/// from a store built in Core Data's layout (`ImportCoreDataTests.notesStore`), and the store is
/// never written.
@Suite struct SchemaFuzzStoreTests {
    static func configuration(store: String) throws -> FuzzConfiguration {
        var configuration = FuzzConfiguration()
        configuration.batches = 400
        var arguments = FuzzSchemaArguments()
        (arguments.model, arguments.entity, arguments.section, arguments.index) = (
            ImportCoreDataTests.exampleModel, "Note", "group", "order"
        )
        arguments.coreDataStore = store
        try arguments.apply(to: &configuration)
        return configuration
    }

    @Test func sessionsStartWithTheStoresRows() throws {
        let directory = try TemporaryDirectory()
        let store = try ImportCoreDataTests.notesStore(in: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let configuration = try Self.configuration(store: store)
        let schema = try #require(configuration.schema)
        // Work has two notes, Home one; then the first letters not among them.
        #expect(schema.sectionValues == [.string("Work"), .string("Home"), .string("A"), .string("B")])
        #expect(schema.seedRows.count == 3)
        var generator = FuzzGenerator(configuration: configuration, seed: 1)
        let executor = try FuzzExecutor(schema: schema)
        // Z_PK order; created 0 is 2001-01-01, done 0/1/NULL are false, true and nil; the folder
        // relationship is left out.
        let first = executor.run(generator.setup()[0])
        #expect(
            first.text
                == "insert Note created=2001-01-01T00:00:00Z done=false group=\"Work\" order=0 title=\"Plan sprint\""
                + " ; insert Note created=nil done=true group=\"Work\" order=1 title=\"Review PR\""
                + " ; insert Note created=nil done=nil group=\"Home\" order=0 title=\"Pay rent\"")
        let result = try Fuzzer(configuration: configuration).run()
        guard case .passed = result.outcome else {
            Issue.record("\(result.outcome)")
            return
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test func aStoreThatDoesNotMatchTheModelIsRefused() throws {
        let directory = try TemporaryDirectory()
        let store = try CoreDataStoreTests.store(
            CoreDataStoreTests.catalog + """
                INSERT INTO Z_PRIMARYKEY VALUES (1, 'Folder', 0, 0), (2, 'Note', 0, 0);
                CREATE TABLE ZFOLDER (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
                CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZDONE INTEGER, ZORDER INTEGER,
                    ZFOLDER INTEGER, ZCREATED TIMESTAMP, ZGROUP VARCHAR);
                """, in: directory)
        #expect(throws: FuzzConfigurationError.self) { try Self.configuration(store: store) }
        do {
            _ = try Self.configuration(store: store)
        } catch {
            #expect("\(error)".hasPrefix("--coredata-store: \(store): "), "\(error)")
            #expect("\(error)".contains("ZTITLE"), "\(error)")
        }
    }

    @Test func aRequiredAttributeThatIsNilInTheStoreIsRefused() throws {
        let directory = try TemporaryDirectory()
        let store = try CoreDataStoreTests.store(
            CoreDataStoreTests.catalog + """
                INSERT INTO Z_PRIMARYKEY VALUES (1, 'Folder', 0, 0), (2, 'Note', 0, 2);
                CREATE TABLE ZFOLDER (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
                CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZDONE INTEGER, ZORDER INTEGER,
                    ZFOLDER INTEGER, ZCREATED TIMESTAMP, ZGROUP VARCHAR, ZTITLE VARCHAR);
                INSERT INTO ZNOTE VALUES (1, 2, 1, 0, 0, NULL, NULL, 'Work', 'Plan sprint');
                INSERT INTO ZNOTE VALUES (2, 2, 1, 0, 1, NULL, NULL, 'Work', NULL);
                """, in: directory)
        do {
            _ = try Self.configuration(store: store)
            Issue.record("accepted a store with a nil title")
        } catch {
            #expect(
                "\(error)"
                    == "--coredata-store: \(store): required attribute 'title' is nil in the 2nd Note row (by Z_PK), which no insert accepts"
            )
        }
    }
}
