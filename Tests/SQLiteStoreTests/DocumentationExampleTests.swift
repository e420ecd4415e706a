import Foundation
import SQLiteStore
import Testing

/// The example in SQLiteStore's doc comment, as written there (in a temporary folder), with what
/// it claims checked: a saved object is read back by a store opened later on the same file, and
/// a file that is not SQLite is refused with an error naming it.
@Suite struct SQLiteStoreDocumentationExampleTests {
    @Test func sqliteStore() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/Notes.sqlite"
            let store = try SQLiteStore(path: path)
            let context = try ObjectContext(store: store)
            try context.define(Entity(name: "Note", attributes: [Attribute("title", .string)]))
            try context.insert("Note", values: [("title", .string("Milk"))])
            try context.save()
            try store.close()

            let reopened = try ObjectContext(store: SQLiteStore(path: path))
            #expect(reopened.objects(ofEntity: "Note").map { $0["title"] } == [.string("Milk")])
            #expect(reopened.store.storeType == "SQLite")
        }
    }

    @Test func aFileThatIsNotSQLiteIsRefused() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/README.md"
            try "# Notes\n".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(throws: ObjectGraphError.storeFile(path: path, problem: .notSQLite)) {
                try SQLiteStore(path: path)
            }
        }
    }
}
