import FetchSimCore
import FetchedResults
import Fuzzing
import ObjectGraph

/// What went wrong while benchmarking.
package struct BenchError: Error, CustomStringConvertible {
    package let description: String
}

/// Runs `fetchsim bench`: for every size, builds the lists once, then for every change count
/// replays the same seeded events through the controller alone, the baseline, and the pipeline.
package struct BenchRunner {
    package var sizes: [Int]
    package var changes: [Int]
    package var seed: UInt64
    /// Overrides the number of measured events per pair (nil: chosen from the change count).
    package var repetitions: Int?
    /// The controllers' change path (`.automatic` unless measuring one path alone).
    package var path: ChangePath
    /// Measures the controller alone: no pipeline and no baseline are built or timed (their
    /// figures are 0). For profiling the controller (docs/performance.md, "Reproducing the figures").
    package var controllerOnly: Bool
    /// `.apple` also replays every event through the Apple-shaped layer (`AppleStack`).
    package var stack: BenchStack
    /// A user's entity to measure instead of the built-in `Item` (`bench --model`): its list as
    /// `fuzz --model` fetches it, and events of the built-in mix with the fuzzer's values.
    package var schema: FuzzSchema?

    package init(
        sizes: [Int], changes: [Int], seed: UInt64 = 7, repetitions: Int? = nil, path: ChangePath = .automatic,
        controllerOnly: Bool = false, stack: BenchStack = .engine
    ) {
        self.sizes = sizes
        self.changes = changes
        self.seed = seed
        self.repetitions = repetitions
        self.path = path
        self.controllerOnly = controllerOnly
        self.stack = stack
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
    package func run(progress: (String) -> Void, report: (BenchResult) -> Void) throws {
        if stack == .apple, schema != nil {
            throw BenchError(
                description: "the Apple-shaped stack is written for the built-in Item list, not a model's entity")
        }
        for size in sizes {
            try run(size: size, progress: progress, report: report)
        }
    }

    private func run(size: Int, progress: (String) -> Void, report: (BenchResult) -> Void) throws {
        progress("size \(NumberText.grouped(size)): building the lists")
        var workload: any BenchEventSource = BenchWorkload(seed: seed)
        if let schema { workload = try SchemaBenchWorkload(schema: schema, rows: size, seed: seed) }
        let store = try workload.makeStore(count: size)
        let (request, entity) = (workload.request, workload.request.entityName)

        // Resident memory is read around each build; the differences are per fetched object.
        let beforeContext = BenchClock.residentBytes()
        let controllerStack = try ControllerStack(store: store, request: request, path: path)
        let beforeFetch = BenchClock.residentBytes()
        let fetchMs = try BenchClock.milliseconds { try controllerStack.fetch() }
        let afterFetch = BenchClock.residentBytes()
        progress("size \(NumberText.grouped(size)): fetched in \(BenchResult.decimal(fetchMs, places: 1)) ms")

        let pipelineContext = controllerOnly ? nil : try ObjectContext(store: store)
        let beforePipeline = BenchClock.residentBytes()
        let pipeline = try pipelineContext.map {
            try PipelineStack(context: $0, request: request, indexKey: workload.indexKey, path: path)
        }
        let afterPipeline = BenchClock.residentBytes()
        func perObject(_ from: Int?, _ to: Int?) -> Int {
            guard let from, let to, size > 0 else { return 0 }
            return max(to - from, 0) / size
        }
        let controllerBytes = perObject(beforeFetch, afterFetch)
        let pipelineBytes = pipeline == nil ? 0 : perObject(beforePipeline, afterPipeline)
        progress(
            "size \(NumberText.grouped(size)): \(perObject(beforeContext, beforeFetch)) B per object in a context, "
                + "\(controllerBytes) B per object for the controller, \(pipelineBytes) B with the data source and the table"
        )
        // The Apple stack gets a store of its own, made from the same seed (the same objects and
        // IDs): its types live on the main actor, and the engine's store stays with the others.
        let seed = seed
        let apple =
            stack == .apple && !controllerOnly
            ? try Self.onMainActor {
                var workload = BenchWorkload(seed: seed)
                return try AppleStack(store: workload.makeStore(count: size))
            } : nil
        if apple != nil { progress("size \(NumberText.grouped(size)): the Apple-shaped stack is built") }
        // The baseline works on a context of its own, with nothing observing it.
        var baseline = controllerOnly ? nil : try BenchBaseline(context: ObjectContext(store: store), request: request)

        for k in changes {
            let measured = measuredEvents(changes: k)
            progress("size \(NumberText.grouped(size)), \(NumberText.grouped(k)) changes: \(measured) events")
            // Each stage replays the same events back to back, so none measures another's cache misses.
            let events = (0..<(Self.warmUpEvents + measured)).map { _ in workload.nextEvent(changes: k) }
            let controllerSamples = try Self.measure(events) { edits in
                try BenchWorkload.apply(edits, to: controllerStack.context, entity: entity)
                return try BenchClock.milliseconds { try controllerStack.context.processPendingChanges() }
            }
            let pipelineSamples =
                try pipeline.map { pipeline in
                    try Self.measure(events) { edits in
                        try BenchWorkload.apply(edits, to: pipeline.context, entity: entity)
                        var problems: [String] = []
                        let ms = try BenchClock.milliseconds { problems = try pipeline.processEvent() }
                        guard problems.isEmpty else {
                            throw BenchError(
                                description:
                                    "the pipeline became inconsistent at size \(size), \(k) changes: \(problems.prefix(3))"
                            )
                        }
                        return ms
                    }
                } ?? []
            let appleSamples = try apple.map { apple in
                try Self.measure(events) { edits in
                    try Self.onMainActor {
                        try apple.apply(edits)
                        var problems: [String] = []
                        let ms = BenchClock.milliseconds { problems = apple.processEvent() }
                        guard problems.isEmpty else {
                            throw BenchError(
                                description:
                                    "the Apple-shaped pipeline became inconsistent at size \(size), \(k) changes: \(problems.prefix(3))"
                            )
                        }
                        return ms
                    }
                }
            }
            let baselineSamples =
                try baseline?.measure(
                    events, warmUp: Self.warmUpEvents,
                    count: baselineEvents(size: size, changes: k, measured: measured)) ?? []
            report(
                BenchResult(
                    size: size, changes: k,
                    controllerMs: BenchClock.median(controllerSamples), pipelineMs: BenchClock.median(pipelineSamples),
                    baselineMs: BenchClock.median(baselineSamples.map { $0.refetch + $0.difference }),
                    refetchMs: BenchClock.median(baselineSamples.map(\.refetch)),
                    differenceMs: BenchClock.median(baselineSamples.map(\.difference)),
                    heckelMs: BenchClock.median(baselineSamples.map(\.heckel)), fetchMs: fetchMs,
                    bytesPerObject: pipelineBytes, controllerBytesPerObject: controllerBytes,
                    events: measured, baselineEvents: baselineSamples.count,
                    contextBytesPerObject: perObject(beforeContext, beforeFetch),
                    peakResidentBytes: BenchMemory.peakResidentBytes() ?? 0,
                    contextMs: BenchClock.median(baselineSamples.map(\.context)),
                    appleMs: appleSamples.map(BenchClock.median)))
        }
        // The incremental check vouched for every event; the full one confirms the end state.
        let problems = pipeline?.check.run(scope: .full) ?? []
        guard problems.isEmpty else {
            throw BenchError(description: "the full check disagrees at size \(size): \(problems.prefix(3))")
        }
    }

    /// Runs `body` on the main actor: UIKit's types live there, and `fetchsim bench` and the
    /// tests that run the Apple stack call the runner from the main thread.
    private static func onMainActor<T: Sendable>(_ body: @MainActor () throws -> T) throws -> T {
        try MainActor.assumeIsolated { try body() }
    }

    /// Runs `body` for every event and returns its timings after the warm-up events.
    private static func measure(_ events: [[BenchEdit]], _ body: ([BenchEdit]) throws -> Double) rethrows -> [Double] {
        var samples: [Double] = []
        for (index, edits) in events.enumerated() {
            let ms = try body(edits)
            if index >= warmUpEvents { samples.append(ms) }
        }
        return samples
    }
}
