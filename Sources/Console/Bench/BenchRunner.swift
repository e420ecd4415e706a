import FetchSimCore
import ObjectGraph

/// What went wrong while benchmarking.
public struct BenchError: Error, CustomStringConvertible {
    public let description: String
}

/// Runs `fetchsim bench`: for every size, builds the lists once, then for every change count
/// replays the same seeded events through the controller alone, the baseline, and the pipeline.
public struct BenchRunner {
    public var sizes: [Int]
    public var changes: [Int]
    public var seed: UInt64
    /// Overrides the number of measured events per pair (nil: chosen from the change count).
    public var repetitions: Int?

    public init(sizes: [Int], changes: [Int], seed: UInt64 = 7, repetitions: Int? = nil) {
        self.sizes = sizes
        self.changes = changes
        self.seed = seed
        self.repetitions = repetitions
    }

    /// Events measured per pair: enough for a stable median, few enough for a short run.
    func measuredEvents(changes: Int) -> Int {
        if let repetitions { return max(repetitions, 1) }
        return changes <= 10 ? 201 : changes <= 1_000 ? 101 : 9
    }

    /// Baseline events measured per pair: it costs about a microsecond per object and more per
    /// change, so big lists get the minimum of three.
    func baselineEvents(size: Int, changes: Int, measured: Int) -> Int {
        let affordable = changes >= 10_000 ? 3 : max(3, 3_000_000 / max(size, 1))
        return min(measured, affordable)
    }

    static let warmUpEvents = 3

    /// Runs every pair; `progress` gets human-readable steps, `report` each pair's figures.
    public func run(progress: (String) -> Void, report: (BenchResult) -> Void) throws {
        for size in sizes {
            try run(size: size, progress: progress, report: report)
        }
    }

    private func run(size: Int, progress: (String) -> Void, report: (BenchResult) -> Void) throws {
        progress("size \(BenchResult.grouped(size)): building the lists")
        var workload = BenchWorkload(seed: seed)
        let store = try workload.makeStore(count: size)

        // Resident memory is read around each build; the differences are per fetched object.
        let beforeContext = BenchClock.residentBytes()
        let controllerStack = try ControllerStack(store: store)
        let beforeFetch = BenchClock.residentBytes()
        let fetchMs = try BenchClock.milliseconds { try controllerStack.fetch() }
        let afterFetch = BenchClock.residentBytes()
        var baseline = try BenchBaseline(context: controllerStack.context)
        progress("size \(BenchResult.grouped(size)): fetched in \(BenchResult.decimal(fetchMs, places: 1)) ms")

        let pipelineContext = try ObjectContext(store: store)
        let beforePipeline = BenchClock.residentBytes()
        let pipeline = try PipelineStack(context: pipelineContext)
        let afterPipeline = BenchClock.residentBytes()
        func perObject(_ from: Int?, _ to: Int?) -> Int {
            guard let from, let to, size > 0 else { return 0 }
            return max(to - from, 0) / size
        }
        let controllerBytes = perObject(beforeFetch, afterFetch)
        let pipelineBytes = perObject(beforePipeline, afterPipeline)
        progress("size \(BenchResult.grouped(size)): \(perObject(beforeContext, beforeFetch)) B per object in a context, "
            + "\(controllerBytes) B per object for the controller, \(pipelineBytes) B with the data source and the table")

        for k in changes {
            let measured = measuredEvents(changes: k)
            let baselineCount = baselineEvents(size: size, changes: k, measured: measured)
            var controllerSamples: [Double] = [], pipelineSamples: [Double] = [], baselineSamples: [Double] = []
            progress("size \(BenchResult.grouped(size)), \(BenchResult.grouped(k)) changes: \(measured) events")
            for event in 0..<(Self.warmUpEvents + measured) {
                let edits = workload.nextEvent(changes: k)
                let isMeasured = event >= Self.warmUpEvents
                try BenchWorkload.apply(edits, to: controllerStack.context)
                let controllerMs = try BenchClock.milliseconds { try controllerStack.context.processPendingChanges() }
                if isMeasured { controllerSamples.append(controllerMs) }
                if event == Self.warmUpEvents - 1 {
                    baseline.resynchronise()
                } else if isMeasured, baselineSamples.count < baselineCount {
                    baselineSamples.append(BenchClock.milliseconds { baseline.refresh() })
                }
                try BenchWorkload.apply(edits, to: pipeline.context)
                var problems: [String] = []
                let pipelineMs = try BenchClock.milliseconds { problems = try pipeline.processEvent() }
                guard problems.isEmpty else {
                    throw BenchError(description: "the pipeline became inconsistent at size \(size), \(k) changes: \(problems.prefix(3))")
                }
                if isMeasured { pipelineSamples.append(pipelineMs) }
            }
            report(BenchResult(
                size: size, changes: k,
                controllerMs: BenchClock.median(controllerSamples), pipelineMs: BenchClock.median(pipelineSamples),
                baselineMs: BenchClock.median(baselineSamples), fetchMs: fetchMs,
                bytesPerObject: pipelineBytes, controllerBytesPerObject: controllerBytes,
                events: measured, baselineEvents: baselineSamples.count))
        }
        // The incremental check vouched for every event; the full one confirms the end state.
        let problems = pipeline.check.run(scope: .full)
        guard problems.isEmpty else {
            throw BenchError(description: "the full check disagrees at size \(size): \(problems.prefix(3))")
        }
    }
}
