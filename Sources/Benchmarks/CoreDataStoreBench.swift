import CoreDataFiles
import FetchSimCore
import FetchedResults
import Foundation
import GRDB
import Interpreter
import ObjectGraph

/// `fetchsim bench --store --coredata`: the store scenario on a Core Data store — write N notes
/// in Core Data's layout (docs/store.md, "Core Data stores"), then, as `--coredata-store` does,
/// read them through the model, open a context on them and fetch them all, sorted and
/// sectioned. Its figures sit beside `bench --store`'s, which saves the same rows in
/// FetchSim's own store.
package struct CoreDataStoreBench {
    package var sizes: [Int]
    package var seed: UInt64
    /// Gives each note one of 200 folders (`bench --store --coredata --to-many`): the model's
    /// `Folder.notes` is a to-many relationship whose inverse is `Note.folder`, so the read also
    /// gathers every folder's notes from the notes' foreign keys.
    package var hasToMany: Bool

    package init(sizes: [Int], seed: UInt64 = 7, hasToMany: Bool = false) {
        self.sizes = sizes
        self.seed = seed
        self.hasToMany = hasToMany
    }

    /// The number of folders the notes are spread over with `hasToMany`.
    static let folderCount = 200

    /// The model of the rows: the three attributes `bench --store` saves.
    static let model = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift">
            <entity name="Note" representedClassName="Note" syncable="YES">
                <attribute name="group" attributeType="String"/>
                <attribute name="order" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="title" attributeType="String"/>
            </entity>
        </model>
        """

    /// One size's figures.
    package struct Result: Sendable {
        package let size: Int
        package let readMilliseconds: Double
        package let openMilliseconds: Double
        package let fetchMilliseconds: Double
        package let fileBytes: Int
        package let readCPUMilliseconds: Double
        package let openCPUMilliseconds: Double
        package let fetchCPUMilliseconds: Double
        /// Resident bytes per object added by the read and the open together, and by the fetch;
        /// the process's peak resident bytes while reading, opening and fetching.
        package var contextBytesPerObject = 0
        package var controllerBytesPerObject = 0
        package var peakResidentBytes = 0
        package var peakIsReset = false

        /// `{"scenario":"coredata-store","size":…,"read_ms":…,"open_ms":…,"fetch_ms":…,…}`.
        package var jsonLine: String {
            JSONValue.object([
                ("scenario", "coredata-store"), ("size", .int(size)),
                ("read_ms", .double(StoreBench.Result.round(readMilliseconds))),
                ("open_ms", .double(StoreBench.Result.round(openMilliseconds))),
                ("fetch_ms", .double(StoreBench.Result.round(fetchMilliseconds))),
                ("file_bytes", .int(fileBytes)), ("read_cpu_ms", .double(StoreBench.Result.round(readCPUMilliseconds))),
                ("open_cpu_ms", .double(StoreBench.Result.round(openCPUMilliseconds))),
                ("fetch_cpu_ms", .double(StoreBench.Result.round(fetchCPUMilliseconds))),
                ("context_bytes_per_object", .int(contextBytesPerObject)),
                ("controller_bytes_per_object", .int(controllerBytesPerObject)),
                ("peak_rss_bytes", .int(peakResidentBytes)), ("peak_is_reset", .bool(peakIsReset)),
            ]).description
        }

        /// The plain table of results.
        package static func table(_ results: [Result]) -> [String] {
            let header =
                "     size   read ms   open ms  fetch ms   file MB   read cpu   open cpu  fetch cpu  ctx B/obj  ctl B/obj  peak MB"
            return [header]
                + results.map { r in
                    let size = NumberText.grouped(r.size)
                    return String(repeating: " ", count: max(0, 9 - size.count)) + size
                        + String(
                            format: " %9.1f %9.1f %9.1f %9.1f %10.1f %10.1f %10.1f %10d %10d %8.1f", r.readMilliseconds,
                            r.openMilliseconds,
                            r.fetchMilliseconds, Double(r.fileBytes) / 1_048_576, r.readCPUMilliseconds,
                            r.openCPUMilliseconds,
                            r.fetchCPUMilliseconds, r.contextBytesPerObject, r.controllerBytesPerObject,
                            Double(r.peakResidentBytes) / 1_048_576)
                }
        }

        /// What the columns mean, printed under the table.
        /// The legend's line for `--to-many`.
        package static let toManyLegend =
            "--to-many: each note has one of 200 folders; Folder.notes (to-many, inverse Note.folder) is read too"

        package static let legend = [
            "read: the Core Data store's N rows read through the model (checks, rows, values); open: a context on them;",
            "fetch: performFetch() of all N, sorted and sectioned; cpu: the process's CPU time of the same stage",
            "ctx B/obj, ctl B/obj: resident bytes per object added by the read and open together, and by the fetch;",
            "  peak MB: the process's peak resident memory while reading, opening and fetching",
        ]
    }

    /// Runs every size in a fresh temporary folder, removed afterwards.
    package func run(progress: (String) -> Void, report: (Result) -> Void) throws {
        let mapped = try ModelFileReader.parse(
            Data((hasToMany ? Self.toManyModel : Self.model).utf8), file: "bench model"
        )
        .schema()
        for size in sizes {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "fetchsim-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("Notes.sqlite").path
            progress("coredata store \(size): writing")
            try write(size: size, to: path)
            progress("coredata store \(size): reading, opening and fetching")
            let before = BenchClock.residentBytes()
            let peakIsReset = BenchMemory.resetPeak()
            var contents: CoreDataStoreContents?
            let read = try BenchClock.wallAndCPUMilliseconds {
                contents = try CoreDataStoreReader.read(path: path, through: mapped)
            }
            var context: ObjectContext?
            let open = try BenchClock.wallAndCPUMilliseconds {
                // Taken, not copied: the store lets the objects read go once the context holds
                // them, as `--coredata-store` does.
                guard let read = contents.take() else { throw BenchError(description: "the store was not read") }
                context = try ObjectContext(store: CoreDataSnapshotStore(schema: mapped.schema, contents: read))
            }
            guard let context else { throw BenchError(description: "the context did not open") }
            let afterOpen = BenchClock.residentBytes()
            let request = FetchRequest(
                entityName: "Note", sortDescriptors: [SortDescriptor(key: "group"), SortDescriptor(key: "order")],
                sectionNameKeyPath: "group")
            let controller = try FetchedResultsController(fetchRequest: request, context: context)
            var fetched = 0
            let fetch = try BenchClock.wallAndCPUMilliseconds {
                try controller.performFetch()
                fetched = controller.numberOfFetchedObjects
            }
            guard fetched == size else { throw BenchError(description: "fetched \(fetched) of \(size) objects") }
            if hasToMany { try checkFolders(in: context, notes: size) }
            let afterFetch = BenchClock.residentBytes()
            func perObject(_ from: Int?, _ to: Int?) -> Int {
                guard let from, let to, size > 0 else { return 0 }
                return max(to - from, 0) / size
            }
            var result = Result(
                size: size, readMilliseconds: read.wall, openMilliseconds: open.wall, fetchMilliseconds: fetch.wall,
                fileBytes: (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0,
                readCPUMilliseconds: read.cpu, openCPUMilliseconds: open.cpu, fetchCPUMilliseconds: fetch.cpu)
            result.contextBytesPerObject = perObject(before, afterOpen)
            result.controllerBytesPerObject = perObject(afterOpen, afterFetch)
            result.peakResidentBytes = BenchMemory.peakResidentBytes() ?? 0
            result.peakIsReset = peakIsReset
            report(result)
            withExtendedLifetime((context, controller)) {}
        }
    }

    /// The model of `--to-many`: the notes of `model`, each in a folder.
    static let toManyModel = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift">
            <entity name="Folder" representedClassName="Folder" syncable="YES">
                <attribute name="name" attributeType="String"/>
                <relationship name="notes" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
            </entity>
            <entity name="Note" representedClassName="Note" syncable="YES">
                <attribute name="group" attributeType="String"/>
                <attribute name="order" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="title" attributeType="String"/>
                <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>
            </entity>
        </model>
        """

    /// Every note is in exactly one folder's to-many relationship: note `i` (from 0) is in folder
    /// `i % folderCount`, as `write` puts it.
    private func checkFolders(in context: ObjectContext, notes: Int) throws {
        let folders = context.objects(ofEntity: "Folder")
        var total = 0
        for folder in folders {
            guard case .objects(let ids)? = folder.value(forKey: "notes") else {
                throw BenchError(description: "folder \(folder.objectID.rawValue) has no notes relationship")
            }
            total += ids.count
        }
        guard folders.count == Self.folderCount, total == notes else {
            throw BenchError(description: "\(folders.count) folders hold \(total) of \(notes) notes")
        }
    }

    /// Writes `size` notes in Core Data's layout, in one transaction: the catalog tables, then
    /// `ZNOTE` with the rows `bench --store` saves (200 groups, random orders); with
    /// `hasToMany`, `ZFOLDER` first and each note's folder in `ZNOTE.ZFOLDER`.
    private func write(size: Int, to path: String) throws {
        guard !hasToMany else { return try writeWithFolders(size: size, to: path) }
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
                    CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
                    CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZORDER INTEGER, ZGROUP VARCHAR, ZTITLE VARCHAR);
                    INSERT INTO Z_METADATA VALUES (1, 'BENCH', NULL);
                    """)
            try db.execute(sql: "INSERT INTO Z_PRIMARYKEY VALUES (1, 'Note', 0, ?)", arguments: [size])
            var random = SeededGenerator(seed: seed)
            let groups = (0..<200).map { "group \($0)" }
            let insert = try db.makeStatement(sql: "INSERT INTO ZNOTE VALUES (?, 1, 1, ?, ?, ?)")
            for i in 0..<size {
                let group = groups[Int.random(in: 0..<groups.count, using: &random)]
                try insert.execute(arguments: [i + 1, Int.random(in: 0..<size, using: &random), group, "note \(i)"])
            }
        }
        try queue.close()
    }

    /// `write` for `toManyModel`: Folder is entity 1 and Note entity 2 (model order), the
    /// one-to-many kept in the notes' foreign key column `ZFOLDER` (docs/store.md, "To-many
    /// relationships").
    private func writeWithFolders(size: Int, to path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
                    CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
                    CREATE TABLE ZFOLDER (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
                    CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZORDER INTEGER, ZFOLDER INTEGER, ZGROUP VARCHAR, ZTITLE VARCHAR);
                    INSERT INTO Z_METADATA VALUES (1, 'BENCH', NULL);
                    """)
            try db.execute(
                sql: "INSERT INTO Z_PRIMARYKEY VALUES (1, 'Folder', 0, ?), (2, 'Note', 0, ?)",
                arguments: [Self.folderCount, size])
            let folder = try db.makeStatement(sql: "INSERT INTO ZFOLDER VALUES (?, 1, 1, ?)")
            for i in 0..<Self.folderCount { try folder.execute(arguments: [i + 1, "folder \(i)"]) }
            var random = SeededGenerator(seed: seed)
            let groups = (0..<200).map { "group \($0)" }
            let insert = try db.makeStatement(sql: "INSERT INTO ZNOTE VALUES (?, 2, 1, ?, ?, ?, ?)")
            for i in 0..<size {
                let group = groups[Int.random(in: 0..<groups.count, using: &random)]
                try insert.execute(arguments: [
                    i + 1, Int.random(in: 0..<size, using: &random), i % Self.folderCount + 1, group, "note \(i)",
                ])
            }
        }
        try queue.close()
    }
}
