import FetchSimCore

/// The figures of one (size, changes) pair of `fetchsim bench`.
package struct BenchResult: Sendable {
    package var size: Int
    package var changes: Int
    /// Median milliseconds per event: pending changes → callbacks delivered to a no-op delegate.
    package var controllerMs: Double
    /// Median milliseconds per event: controller + coordinator adapter + table + consistency check.
    package var pipelineMs: Double
    /// Median milliseconds per event: refetch + sort + `difference(from:)`.
    package var baselineMs: Double
    /// Median milliseconds per event of the baseline's stages: the refetch and sort alone, the
    /// standard library's diff alone, and the sectioned Heckel-style diff alone (`HeckelDiff`).
    package var refetchMs: Double
    package var differenceMs: Double
    package var heckelMs: Double
    /// Milliseconds of the initial `performFetch()` of `size` objects.
    package var fetchMs: Double
    /// Resident bytes per fetched object added by the controller, the data source and the table.
    package var bytesPerObject: Int
    /// Resident bytes per fetched object added by the controller alone.
    package var controllerBytesPerObject: Int
    /// Events measured for the controller and pipeline medians, and for the baseline median.
    package var events: Int
    package var baselineEvents: Int
    /// Resident bytes per object added by opening a context on the store (its objects), and the
    /// process's peak resident bytes so far (every stack and the store of every size measured).
    package var contextBytesPerObject = 0
    package var peakResidentBytes = 0
    /// Median milliseconds per event of the baseline context's own `processPendingChanges()` (no
    /// observer): the change event an app using a diff pays too, which `controllerMs` includes.
    package var contextMs = 0.0
    /// Median milliseconds per event of the same pipeline on the Apple-shaped layer (`bench
    /// --stack apple`): context → fetched results controller → the delegate of Apple's documentation →
    /// `UITableView` → the check; nil when not measured.
    package var appleMs: Double?

    /// Baseline (refetch, sort, `difference(from:)`) over controller.
    package var ratio: Double { controllerMs > 0 ? baselineMs / controllerMs : 0 }

    /// The sectioned Heckel diff alone (no refetch) over controller: ≥ 1 means the controller
    /// costs less than diffing two lists that were already fetched.
    package var heckelRatio: Double { controllerMs > 0 ? heckelMs / controllerMs : 0 }

    /// The baseline context's event plus the Heckel diff, over controller (whose figure includes
    /// its context's event): the two sides paying for the same work. Reported beside
    /// `heckelRatio`, which stays the target.
    package var heckelContextRatio: Double { controllerMs > 0 ? (contextMs + heckelMs) / controllerMs : 0 }

    /// The Apple-shaped pipeline over the engine's pipeline, on the same events: 1.15 is 15 % more.
    package var appleRatio: Double? {
        appleMs.map { pipelineMs > 0 ? $0 / pipelineMs : 0 }
    }

    /// One line of JSON: `size`, `changes`, `controller_ms` and the other figures of the table.
    package var jsonLine: String {
        "{\"size\":\(size),\"changes\":\(changes),\"controller_ms\":\(Self.decimal(controllerMs)),"
            + "\"pipeline_ms\":\(Self.decimal(pipelineMs)),\"baseline_ms\":\(Self.decimal(baselineMs)),"
            + "\"ratio\":\(Self.decimal(ratio, places: 1)),\"refetch_ms\":\(Self.decimal(refetchMs)),"
            + "\"diff_ms\":\(Self.decimal(differenceMs)),\"heckel_ms\":\(Self.decimal(heckelMs)),"
            + "\"heckel_ratio\":\(Self.decimal(heckelRatio, places: 1)),\"fetch_ms\":\(Self.decimal(fetchMs, places: 1)),"
            + "\"bytes_per_object\":\(bytesPerObject)"
            + ",\"controller_bytes_per_object\":\(controllerBytesPerObject),\"context_bytes_per_object\":\(contextBytesPerObject),"
            + "\"peak_rss_bytes\":\(peakResidentBytes),\"context_ms\":\(Self.decimal(contextMs)),"
            + "\"heckel_context_ratio\":\(Self.decimal(heckelContextRatio, places: 1))"
            + (appleMs.map {
                ",\"apple_ms\":\(Self.decimal($0)),\"apple_ratio\":\(Self.decimal(appleRatio ?? 0, places: 3))"
            } ?? "") + "}"
    }

    /// The header of the plain table.
    package static let tableHeader = [
        "size", "changes", "controller ms", "pipeline ms", "baseline ms", "ratio", "heckel ms", "h ratio", "ctx ms",
        "hc ratio", "fetch ms",
        "B/obj", "ctl B/obj", "ctx B/obj", "peak MB",
    ]

    /// The Apple stack's columns, after the others when measured.
    package static let appleHeader = ["apple ms", "apple ratio"]

    /// The row of the plain table.
    package var tableRow: [String] {
        let apple = appleMs.map { [Self.decimal($0), Self.decimal(appleRatio ?? 0, places: 3)] } ?? []
        return [
            Self.grouped(size), Self.grouped(changes), Self.decimal(controllerMs), Self.decimal(pipelineMs),
            Self.decimal(baselineMs), Self.decimal(ratio, places: 1), Self.decimal(heckelMs),
            Self.decimal(heckelRatio, places: 1), Self.decimal(contextMs), Self.decimal(heckelContextRatio, places: 1),
            Self.decimal(fetchMs, places: 1),
            Self.grouped(bytesPerObject), Self.grouped(controllerBytesPerObject),
            Self.grouped(contextBytesPerObject), BenchMemory.megabytes(peakResidentBytes),
        ] + apple
    }

    /// What each column of the table means, printed under it.
    package static let legend = [
        "size: fetched objects; changes: objects changed per event (medians over many seeded events)",
        "controller ms: pending changes → callbacks delivered to a no-op delegate",
        "pipeline ms: controller + coordinator adapter + simulated table + consistency check",
        "baseline ms: refetch, sort and difference(from:) of the whole list; ratio: baseline / controller",
        "heckel ms: a sectioned Heckel diff of the two fetched lists alone; h ratio: heckel / controller",
        "ctx ms: the baseline context's own processPendingChanges() (the controller's figure includes",
        "  its context's); hc ratio: (ctx + heckel) / controller",
        "fetch ms: the initial performFetch(); B/obj: resident bytes per fetched object added by the",
        "  controller, data source and table; ctl B/obj: by the controller alone",
        "ctx B/obj: resident bytes per object of a context opened on the store (its objects and tables);",
        "  peak MB: the process's peak resident memory so far (three contexts, two pipelines and the store)",
    ]

    /// The legend's lines for the Apple stack's columns.
    package static let appleLegend = [
        "apple ms: the same events through the Apple-shaped layer (NSManagedObjectContext, NSFetchedResultsController,",
        "  the delegate of Apple's documentation, UITableView, the check); apple ratio: apple / pipeline",
    ]

    /// The legend for `results`: the Apple stack's lines when it was measured.
    package static func legend(for results: [BenchResult]) -> [String] {
        legend + (results.contains { $0.appleMs != nil } ? appleLegend : [])
    }

    /// Right-aligned columns, two spaces apart.
    package static func table(_ results: [BenchResult]) -> [String] {
        let header = tableHeader + (results.contains { $0.appleMs != nil } ? appleHeader : [])
        let rows = [header] + results.map(\.tableRow)
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).map { String(repeating: " ", count: $1 - $0.count) + $0 }.joined(separator: "  ")
        }
    }

    /// `value` with `places` decimals (four by default, enough for microseconds).
    static func decimal(_ value: Double, places: Int = 4) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(abs(scaled) - abs(Double(whole)) * scale)
        guard places > 0 else { return String(whole) }
        let digits = String(fraction)
        return "\(scaled < 0 && whole == 0 ? "-" : "")\(whole)." + String(repeating: "0", count: places - digits.count)
            + digits
    }

    /// `1,000,000`.
    static func grouped(_ value: Int) -> String { NumberText.grouped(value) }
}
