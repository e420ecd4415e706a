import Foundation
import ObjectGraph
import SQLiteStore
import Testing

/// Every file the store refuses: one clear line naming the file, and the file left byte for byte.
@Suite struct OpenErrorTests {
    /// A prepared folder: the path to open, and whatever must stay alive while opening it.
    final class Setup {
        let path: String
        var holder: AnyObject?
        var release: () throws -> Void = {}
        init(path: String) { self.path = path }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// The expected message; `{path}` and `{folder}` stand for the test's paths, and a
        /// trailing `*` accepts any detail (SQLite's wording of damage).
        let message: String
        let prepare: @Sendable (String) throws -> Setup
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "text file", message: "store file '{path}' is not a SQLite database") { folder in
            let setup = Setup(path: folder + "/notes.txt")
            try "title,order\nMilk,1\n".write(toFile: setup.path, atomically: false, encoding: .utf8)
            return setup
        },
        Case(
            name: "another program's database",
            message: "store file '{path}' is a SQLite database but not a FetchSim store"
        ) { folder in
            let setup = Setup(path: folder + "/other.sqlite")
            try RawFile.execute(setup.path, "CREATE TABLE t(x); INSERT INTO t VALUES (1)")
            return setup
        },
        Case(name: "damaged pages", message: "store file '{path}' is damaged: *") { folder in
            let setup = Setup(path: folder + "/damaged.fetchsim")
            try makeStore(setup.path, objects: 400)
            let handle = try #require(FileHandle(forUpdatingAtPath: setup.path))
            let size = try handle.seekToEnd()
            var offset: UInt64 = 4096 * 2  // keep the header page; scribble over every other page
            while offset < size {
                try handle.seek(toOffset: offset + 100)
                handle.write(Data(repeating: 0xA5, count: 900))
                offset += 4096 * 2
            }
            try handle.close()
            return setup
        },
        Case(
            name: "unknown format version",
            message: "store file '{path}' has format version 99; this fetchsim reads version 1 only"
        ) { folder in
            let setup = Setup(path: folder + "/future.fetchsim")
            try makeStore(setup.path, objects: 3)
            try RawFile.execute(setup.path, "PRAGMA user_version = 99")
            return setup
        },
        Case(name: "held by another store", message: "store file '{path}' is locked by another process") { folder in
            let setup = Setup(path: folder + "/busy.fetchsim")
            try makeStore(setup.path, objects: 3)
            let other = try SQLiteStore(path: setup.path)
            setup.holder = other
            setup.release = { try other.close() }
            return setup
        },
        Case(
            name: "exclusive transaction of another connection",
            message: "store file '{path}' is locked by another process"
        ) { folder in
            let setup = Setup(path: folder + "/locked.fetchsim")
            try makeStore(setup.path, objects: 3)
            let lock = try RawFile.ExclusiveLock(setup.path)
            setup.holder = lock
            setup.release = { try lock.release() }
            return setup
        },
        Case(
            name: "new store in a read-only folder",
            message: "store file '{path}' cannot be written in read-only folder '{folder}/locked'"
        ) { folder in
            try FileManager.default.createDirectory(atPath: folder + "/locked", withIntermediateDirectories: false)
            chmod(folder + "/locked", 0o555)
            return Setup(path: folder + "/locked/new.fetchsim")
        },
        Case(name: "a folder", message: "store file '{path}' is a folder") { folder in
            try FileManager.default.createDirectory(
                atPath: folder + "/notes.fetchsim", withIntermediateDirectories: false)
            return Setup(path: folder + "/notes.fetchsim")
        },
        Case(
            name: "missing folder",
            message: "store file '{path}' cannot be opened: folder '{folder}/nowhere' does not exist"
        ) { folder in
            Setup(path: folder + "/nowhere/notes.fetchsim")
        },
    ]

    @Test(arguments: cases)
    func refusedFileIsNamedAndLeftUntouched(_ test: Case) throws {
        try withTemporaryFolder { folder in
            let setup = try test.prepare(folder)
            let before = bytes(of: setup.path)
            let error = #expect(throws: ObjectGraphError.self) { _ = try SQLiteStore(path: setup.path) }
            let expected = test.message.replacingOccurrences(of: "{path}", with: setup.path)
                .replacingOccurrences(of: "{folder}", with: folder)
            let message = error?.description ?? ""
            if expected.hasSuffix("*") {
                #expect(message.hasPrefix(expected.dropLast()) && message.count > expected.count, "\(message)")
            } else {
                #expect(message == expected)
            }
            #expect(!message.contains("\n"), "one line")
            #expect(bytes(of: setup.path) == before, "the file is left byte for byte")
            try setup.release()
            withExtendedLifetime(setup) {}
        }
    }

    @Test func aLockedStoreOpensOnceReleased() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/s.fetchsim"
            let first = try SQLiteStore(path: path)
            expectStoreError(path, .locked) { _ = try SQLiteStore(path: path) }
            try first.close()
            _ = try SQLiteStore(path: path)
        }
    }
}

/// A closed store at `path` holding `objects` notes.
func makeStore(_ path: String, objects count: Int) throws {
    let store = try SQLiteStore(path: path)
    let objects = (0..<count).map { i in
        StoredObject(
            id: ObjectID(i + 1), entity: "Note",
            values: [.string("note \(i)"), .int(i), .null, .null, .null, .string("t")])
    }
    try store.save(
        StoreChanges(schema: Schema(entities: [noteEntity()]), upserted: objects, deleted: [], nextObjectID: count + 1))
    try store.close()
}
