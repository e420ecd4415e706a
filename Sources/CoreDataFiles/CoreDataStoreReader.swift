import Foundation
import GRDB

/// The objects of a Core Data store, read through a model.
package struct CoreDataStoreContents: Sendable {
    /// Every object, with IDs handed out in table order then `Z_PK` order; a to-one
    /// relationship's value is the ID of the object its foreign key names.
    package var objects: [StoredObject]
    /// The number of objects of each schema entity, in schema order (entities without any too).
    package var counts: [(entity: String, count: Int)]
    /// `Z_UUID` of `Z_METADATA`: the store's identifier.
    package var storeIdentifier: String?
    /// Where each object's row is in the store file, for reading its committed values back
    /// (`CoreDataSnapshotStore`); nil for contents that did not come from a file (a transcript's
    /// embedded text).
    package var rows: CoreDataStoreRows.Layout?

    /// Contents of `objects`, read from the file `rows` describes, if any.
    package init(
        objects: [StoredObject], counts: [(entity: String, count: Int)], storeIdentifier: String?,
        rows: CoreDataStoreRows.Layout? = nil
    ) {
        self.objects = objects
        self.counts = counts
        self.storeIdentifier = storeIdentifier
        self.rows = rows
    }
}

/// Reads a SQLite store that Core Data wrote, through its model, without ever writing to it
/// (docs/store.md, "Core Data stores").
///
/// ```swift
/// let mapped = try ModelFileReader.read(path: "Notes.xcdatamodeld").schema()
/// let contents = try CoreDataStoreReader.read(path: "Notes.sqlite", through: mapped)
/// let context = try ObjectContext(store: InMemoryStore(schema: mapped.schema, objects: contents.objects))
/// ```
package enum CoreDataStoreReader {
    /// Reads every object of `path`; the first object gets `firstObjectID`. A store that does not
    /// match the model is refused with the first table or column that differs; nothing is read
    /// until all of them match.
    package static func read(path: String, through mapped: ModelSchema, firstObjectID: Int = 1)
        throws(CoreDataFileError)
        -> CoreDataStoreContents
    {
        let queue = try open(path)
        do {
            return try queue.read { db in
                try StoreRead(db: db, path: path, mapped: mapped, firstObjectID: firstObjectID).run()
            }
        } catch let error as CoreDataFileError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw CoreDataFileError(file: path, "not a SQLite database")
        } catch {
            throw CoreDataFileError(file: path, "cannot read the store: \(error)")
        }
    }

    /// Opens `path` read-only. Without a `-wal` file beside it the file is opened immutable, so
    /// that SQLite creates no `-wal` or `-shm` file and takes no lock; with one (an app still
    /// running, or a store not checkpointed) it is opened read-only so that the committed
    /// transactions in the WAL are read too.
    static func open(_ path: String) throws(CoreDataFileError) -> DatabaseQueue {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CoreDataFileError(file: path, "no such file")
        }
        guard !isDirectory.boolValue else { throw CoreDataFileError(file: path, "is a directory, not a store file") }
        var configuration = Configuration()
        configuration.readonly = true
        var target = path
        if !manager.fileExists(atPath: path + "-wal") {
            let absolute = path.hasPrefix("/") ? path : manager.currentDirectoryPath + "/" + path
            let encoded =
                absolute.addingPercentEncoding(
                    withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%"))) ?? absolute
            target = "file:" + encoded + "?immutable=1"
        }
        do {
            return try DatabaseQueue(path: target, configuration: configuration)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw CoreDataFileError(file: path, "not a SQLite database")
        } catch {
            throw CoreDataFileError(file: path, "cannot open the store: \(error)")
        }
    }
}
