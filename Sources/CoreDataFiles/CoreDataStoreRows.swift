import Foundation
import GRDB
import ObjectGraph

/// The committed values of a Core Data store's objects, read back from its file one row at a
/// time, so that `CoreDataSnapshotStore` need not keep a copy of every object in memory — as
/// FetchSim's own store reads committed values back from its file. The file is only read.
///
/// A store file that changed since it was read (its app saved) is refused rather than read: its
/// rows are no longer the ones the objects came from.
///
/// ```swift
/// let contents = try CoreDataStoreReader.read(path: "Notes.sqlite", through: mapped)
/// if let layout = contents.rows {
///     let rows = CoreDataStoreRows(layout)
///     try rows.object(at: 0) == contents.objects[0]   // true: the first object's row, read again
/// }
/// ```
package final class CoreDataStoreRows {
    /// Where the read found each object: the tables in the order they were read, each with its
    /// rows' `Z_PK`s, and the file as it was then.
    package struct Layout: Sendable {
        let path: String
        let mapped: ModelSchema
        let firstObjectID: Int
        let tables: [(root: String, keys: TableKeys)]
        let file: StoreFileStamp

        /// The number of objects read.
        var count: Int { tables.reduce(0) { $0 + $1.keys.count } }
    }

    let layout: Layout
    /// The read-only connection and each root table's plan, made on the first read back.
    private var connection: (queue: DatabaseQueue, plans: [String: StoreRead.TablePlan])?
    /// Each entity's root, for foreign keys.
    private let roots: [String: String]

    package init(_ layout: Layout) {
        self.layout = layout
        var roots: [String: String] = [:]
        for entity in layout.mapped.model.entities { roots[entity.name] = layout.mapped.model.root(of: entity).name }
        self.roots = roots
    }

    /// The object at position `index` of the read (its ID is `firstObjectID + index`), with its
    /// values as the file holds them. An object with a to-many relationship is refused: its
    /// objects are gathered from other rows, so `CoreDataSnapshotStore` keeps such objects itself.
    func object(at index: Int) throws(CoreDataFileError) -> StoredObject {
        try checkUnchanged()
        guard let (root, keys) = layout.tables.first(where: { $0.keys.contains(index) }) else {
            throw CoreDataFileError(file: layout.path, "holds no object \(layout.firstObjectID + index)")
        }
        let key = keys.key(at: index)
        do {
            let (queue, plans) = try open()
            guard let plan = plans[root] else { throw changed() }
            return try queue.read { db in
                let read = StoreRead(
                    db: db, path: layout.path, mapped: layout.mapped, firstObjectID: layout.firstObjectID)
                let statement = try db.cachedStatement(sql: plan.select("WHERE Z_PK = ?"))
                guard let row = try Row.fetchOne(statement, arguments: [key]) else { throw changed() }
                var foreignKeys: [StoreRead.ForeignKey] = []
                let decoded = try read.decode(row, plan) { foreignKeys.append($0) }
                let entity = decoded.entity
                var values = decoded.values
                if layout.mapped.schema.entity(named: entity)?.attributes.contains(where: \.isToMany) ?? false {
                    throw CoreDataFileError(
                        file: layout.path,
                        "cannot read back \(entity) object of Z_PK \(key) alone: its to-many relationships are kept in other rows"
                    )
                }
                for foreignKey in foreignKeys {
                    let destination = roots[foreignKey.destination] ?? foreignKey.destination
                    guard
                        let target = layout.tables.first(where: { $0.root == destination })?.keys.index(
                            of: foreignKey.key)
                    else { throw changed() }
                    values[foreignKey.attribute] = .object(ObjectID(layout.firstObjectID + target))
                }
                return StoredObject(id: ObjectID(layout.firstObjectID + index), entity: entity, values: values)
            }
        } catch let error as CoreDataFileError {
            throw error
        } catch {
            throw CoreDataFileError(file: layout.path, "cannot read the store: \(error)")
        }
    }

    /// Every object, read again from the file as `CoreDataStoreReader` first read them.
    func all() throws(CoreDataFileError) -> [StoredObject] {
        try checkUnchanged()
        let objects = try CoreDataStoreReader.read(
            path: layout.path, through: layout.mapped, firstObjectID: layout.firstObjectID
        ).objects
        guard objects.count == layout.count else { throw changed() }
        return objects
    }

    private func open() throws -> (queue: DatabaseQueue, plans: [String: StoreRead.TablePlan]) {
        if let connection { return connection }
        let queue = try CoreDataStoreReader.open(layout.path)
        let plans = try queue.read { db in
            try StoreRead(db: db, path: layout.path, mapped: layout.mapped, firstObjectID: layout.firstObjectID).plans()
        }
        var byRoot: [String: StoreRead.TablePlan] = [:]
        for plan in plans.tables { byRoot[plan.table.root] = plan }
        connection = (queue, byRoot)
        return (queue, byRoot)
    }

    private func checkUnchanged() throws(CoreDataFileError) {
        guard StoreFileStamp(path: layout.path) == layout.file else { throw changed() }
    }

    private func changed() -> CoreDataFileError {
        CoreDataFileError(
            file: layout.path,
            "changed since it was read (its app saved?): the committed values cannot be read back; open it again")
    }
}

/// A store file's size and modification time, and its `-wal` file's (where Core Data's saves
/// go first): what tells that the file is still the one that was read. Checked before every
/// read back, so it asks `stat` directly: Foundation's `attributesOfItem` also looks up the
/// owner's names and takes about nine times as long.
struct StoreFileStamp: Equatable, Sendable {
    /// Size and modification time in nanoseconds, or nil when there is no such file.
    let file: [Int]?
    let wal: [Int]?

    init(path: String) {
        file = Self.stamp(path)
        wal = Self.stamp(path + "-wal")
    }

    private static func stamp(_ path: String) -> [Int]? {
        #if canImport(Glibc)
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_size), Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)]
        #else
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSinceReferenceDate ?? 0
        return [attributes[.size] as? Int ?? 0, Int(modified * 1_000_000_000)]
        #endif
    }
}
