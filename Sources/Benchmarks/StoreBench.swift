import FetchSimCore
import FetchedResults
import Foundation
import Interpreter
import ObjectGraph
import SQLiteStore

/// The store scenario of `fetchsim bench --store`: write N objects to a new SQLite store in one
/// save, then — as a user reopening it — open the file (checks and load of every object) and
/// fetch them all, sorted and sectioned.
package struct StoreBench {
    package var sizes: [Int]
    package var seed: UInt64

    package init(sizes: [Int], seed: UInt64 = 7) {
        self.sizes = sizes
        self.seed = seed
    }

    /// One size's figures.
    package struct Result: Sendable {
        package let size: Int
        package let saveMilliseconds: Double
        package let openMilliseconds: Double
        package let fetchMilliseconds: Double
        package let fileBytes: Int
        /// The same three stages in CPU time of the process (steadier than wall time on a busy host).
        package let saveCPUMilliseconds: Double
        package let openCPUMilliseconds: Double
        package let fetchCPUMilliseconds: Double
        /// Resident bytes per object added by opening the store (the context's objects) and by
        /// the fetch (the controller), and the process's peak resident bytes while opening and
        /// fetching (the peak is reset after the write when the kernel allows; `peakIsReset`).
        package var contextBytesPerObject = 0
        package var controllerBytesPerObject = 0
        package var peakResidentBytes = 0
        package var peakIsReset = false
        /// Where the peak comes from: resident bytes at the phases of the open and the fetch
        /// (`StorePhases`).
        package var phases = StorePhases()

        /// `{"scenario":"store","size":…,"save_ms":…,"open_ms":…,"fetch_ms":…,"file_bytes":…}`.
        package var jsonLine: String {
            JSONValue.object(
                [
                    ("scenario", "store"), ("size", .int(size)), ("save_ms", .double(Self.round(saveMilliseconds))),
                    ("open_ms", .double(Self.round(openMilliseconds))),
                    ("fetch_ms", .double(Self.round(fetchMilliseconds))),
                    ("file_bytes", .int(fileBytes)), ("save_cpu_ms", .double(Self.round(saveCPUMilliseconds))),
                    ("open_cpu_ms", .double(Self.round(openCPUMilliseconds))),
                    ("fetch_cpu_ms", .double(Self.round(fetchCPUMilliseconds))),
                    ("context_bytes_per_object", .int(contextBytesPerObject)),
                    ("controller_bytes_per_object", .int(controllerBytesPerObject)),
                    ("peak_rss_bytes", .int(peakResidentBytes)),
                    ("peak_rss_mb", .double(Self.round(Double(peakResidentBytes) / 1_048_576))),
                    ("peak_is_reset", .bool(peakIsReset)),
                ] + phases.jsonFields
            ).description
        }

        static func round(_ value: Double) -> Double { (value * 10).rounded() / 10 }

        /// The plain table of results.
        package static func table(_ results: [Result]) -> [String] {
            let header =
                "     size   save ms   open ms  fetch ms   file MB   save cpu   open cpu  fetch cpu  ctx B/obj  ctl B/obj  peak MB"
            return [header]
                + results.map { r in
                    let size = NumberText.grouped(r.size)
                    return String(repeating: " ", count: max(0, 9 - size.count)) + size
                        + String(
                            format: " %9.1f %9.1f %9.1f %9.1f %10.1f %10.1f %10.1f %10d %10d %8.1f", r.saveMilliseconds,
                            r.openMilliseconds,
                            r.fetchMilliseconds, Double(r.fileBytes) / 1_048_576, r.saveCPUMilliseconds,
                            r.openCPUMilliseconds, r.fetchCPUMilliseconds, r.contextBytesPerObject,
                            r.controllerBytesPerObject,
                            Double(r.peakResidentBytes) / 1_048_576)
                }
        }

        /// What the columns mean, printed under the table.
        package static let legend = [
            "save: one save of N new objects (3 attributes); open: the store's checks and the load of every object;",
            "fetch: performFetch() of all N, sorted and sectioned; cpu: the process's CPU time of the same stage",
            "ctx B/obj, ctl B/obj: resident bytes per object added by the open (the context) and by the fetch (the",
            "  controller); peak MB: the process's peak resident memory while opening and fetching",
        ]
    }

    /// Runs every size in a fresh temporary folder, removed afterwards.
    package func run(progress: (String) -> Void, report: (Result) -> Void) throws {
        for size in sizes {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "fetchsim-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("bench.fetchsim").path
            progress("store \(size): writing")
            let save = try write(size: size, to: path)
            progress("store \(size): opening and fetching")
            var phases = StorePhases()
            phases.beforeOpenUntrimmed = BenchMemory.untrimmedResidentBytes()
            let beforeOpen = BenchClock.residentBytes()
            phases.beforeOpen = beforeOpen
            // The peak from here on is what holding N fetched objects needs, not what writing them
            // did: reset after the trim above, or the peak would start at the write's freed memory
            // that malloc still keeps (hundreds of megabytes at 1M).
            let peakIsReset = BenchMemory.resetPeak()
            var fetched = 0
            var context: ObjectContext?
            let open = try BenchClock.wallAndCPUMilliseconds {
                context = try ObjectContext(store: try SQLiteStore(path: path))
            }
            phases.peakOpen = BenchMemory.peakResidentBytes()
            phases.afterOpenUntrimmed = BenchMemory.untrimmedResidentBytes()
            let afterOpen = BenchClock.residentBytes()
            phases.afterOpen = afterOpen
            guard let context else { throw BenchError(description: "the store did not open") }
            let request = FetchRequest(
                entityName: "Note", sortDescriptors: [SortDescriptor(key: "group"), SortDescriptor(key: "order")],
                sectionNameKeyPath: "group")
            let controller = try FetchedResultsController(fetchRequest: request, context: context)
            let fetch = try BenchClock.wallAndCPUMilliseconds {
                try controller.performFetch()
                fetched = controller.numberOfFetchedObjects
            }
            guard fetched == size else { throw BenchError(description: "fetched \(fetched) of \(size) objects") }
            phases.afterFetchUntrimmed = BenchMemory.untrimmedResidentBytes()
            let afterFetch = BenchClock.residentBytes()
            phases.afterFetch = afterFetch
            let peak = BenchMemory.peakResidentBytes() ?? 0
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            func perObject(_ from: Int?, _ to: Int?) -> Int {
                guard let from, let to, size > 0 else { return 0 }
                return max(to - from, 0) / size
            }
            var result = Result(
                size: size, saveMilliseconds: save.wall, openMilliseconds: open.wall, fetchMilliseconds: fetch.wall,
                fileBytes: bytes, saveCPUMilliseconds: save.cpu, openCPUMilliseconds: open.cpu,
                fetchCPUMilliseconds: fetch.cpu)
            result.contextBytesPerObject = perObject(beforeOpen, afterOpen)
            result.controllerBytesPerObject = perObject(afterOpen, afterFetch)
            result.peakResidentBytes = peak
            result.peakIsReset = peakIsReset
            result.phases = phases
            report(result)
            withExtendedLifetime((context, controller)) {}
        }
    }

    /// Inserts `size` notes in a new store and saves them in one transaction; returns the save's
    /// wall and CPU time.
    private func write(size: Int, to path: String) throws -> (wall: Double, cpu: Double) {
        let context = try ObjectContext(store: try SQLiteStore(path: path))
        try context.define(
            Entity(
                name: "Note",
                attributes: [
                    Attribute("title", .string), Attribute("group", .string), Attribute("order", .int),
                ]))
        var random = SeededGenerator(seed: seed)
        let groups = (0..<200).map { "group \($0)" }
        for i in 0..<size {
            try context.insert(
                "Note",
                values: [
                    ("title", .string("note \(i)")),
                    ("group", .string(groups[Int.random(in: 0..<groups.count, using: &random)])),
                    ("order", .int(Int.random(in: 0..<size, using: &random))),
                ])
        }
        try context.processPendingChanges()
        return try BenchClock.wallAndCPUMilliseconds { try context.save() }
    }
}

/// Resident memory at the phases of `bench --store`'s open and fetch, to see what the peak is
/// made of: *untrimmed* readings are `VmRSS` as it stands, the others are taken after
/// `malloc_trim(0)` (`BenchClock.residentBytes()`), so their difference is freed memory that
/// malloc kept. `peakOpen` is the peak at the end of the open; the run's peak after the fetch is
/// `Result.peakResidentBytes`.
package struct StorePhases: Sendable {
    package var beforeOpenUntrimmed: Int?
    package var beforeOpen: Int?
    package var peakOpen: Int?
    package var afterOpenUntrimmed: Int?
    package var afterOpen: Int?
    package var afterFetchUntrimmed: Int?
    package var afterFetch: Int?

    /// The readings in megabytes, as JSON fields (0 where unavailable).
    var jsonFields: [(String, JSONValue)] {
        [
            ("rss_before_open_untrimmed_mb", beforeOpenUntrimmed), ("rss_before_open_mb", beforeOpen),
            ("peak_open_mb", peakOpen),
            ("rss_after_open_untrimmed_mb", afterOpenUntrimmed), ("rss_after_open_mb", afterOpen),
            ("rss_after_fetch_untrimmed_mb", afterFetchUntrimmed), ("rss_after_fetch_mb", afterFetch),
        ].map { name, bytes in
            (name, .double(StoreBench.Result.round(Double(bytes ?? 0) / 1_048_576)))
        }
    }
}
