import Foundation
import ObjectGraph
import SQLiteStore
import Testing

/// A store whose file or folder may not be written opens read-only, as `sqlite3 -readonly`
/// does: its objects load, `save` is refused with one clear line, and the file stays byte for byte.
@Suite struct ReadOnlyStoreTests {
    @Test func aReadOnlyFileOpensReadOnlyAndRefusesSaves() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/readonly.fetchsim"
            try makeStore(path, objects: 3)
            chmod(path, 0o444)
            let before = bytes(of: path)
            let store = try SQLiteStore(path: path)
            #expect(store.isReadOnly)
            let contents = try store.load()
            #expect(contents.objects.map(\.id) == [ObjectID(1), ObjectID(2), ObjectID(3)])
            #expect(contents.objects[1].values.first == .string("note 1"))
            let error = #expect(throws: ObjectGraphError.self) {
                try store.save(
                    StoreChanges(schema: contents.schema, upserted: [], deleted: [ObjectID(1)], nextObjectID: 4))
            }
            #expect(
                error?.description
                    == "store file '\(path)' is open read-only (the file cannot be written): nothing was saved")
            #expect(throws: ObjectGraphError.self) { try store.saveSessionSettings(["fetch": "Note"]) }
            try store.close()
            #expect(bytes(of: path) == before)
        }
    }

    @Test func aStoreInAReadOnlyFolderOpensReadOnly() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/locked", withIntermediateDirectories: false)
            let path = folder + "/locked/notes.fetchsim"
            try makeStore(path, objects: 2)
            chmod(folder + "/locked", 0o555)
            defer { chmod(folder + "/locked", 0o755) }
            let store = try SQLiteStore(path: path)
            #expect(store.isReadOnly)
            #expect(try store.load().objects.count == 2)
            try store.close()
        }
    }

    /// An empty database is not a store until the format is written, which a read-only file forbids.
    @Test func anEmptyReadOnlyDatabaseIsRefused() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/empty.sqlite"
            FileManager.default.createFile(atPath: path, contents: Data())
            chmod(path, 0o444)
            let error = #expect(throws: ObjectGraphError.self) { _ = try SQLiteStore(path: path) }
            #expect(error?.description == "store file '\(path)' is read-only")
        }
    }

    @Test func sessionSettingsAreKeptAcrossOpensAndReplacedWhole() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/notes.fetchsim"
            try makeStore(path, objects: 1)
            var store = try SQLiteStore(path: path)
            #expect(try store.sessionSettings() == [:])
            try store.saveSessionSettings([
                "fetch": "Note sort order", "profile": "ios10", "adapter": "coordinator moves=move-row",
            ])
            try store.saveSessionSettings(["fetch": "Note sort title", "profile": "modern"])
            try store.close()
            store = try SQLiteStore(path: path)
            #expect(try store.sessionSettings() == ["fetch": "Note sort title", "profile": "modern"])
            #expect(try store.load().objects.count == 1, "settings are not objects")
            try store.close()
        }
    }
}
