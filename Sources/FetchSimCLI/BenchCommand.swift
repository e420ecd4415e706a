import ArgumentParser
import Benchmarks
import FetchedResults
import Foundation
import Fuzzing
import Interpreter
import SessionPages

/// `fetchsim bench`: the cost of one change event against list size, and a baseline.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the cost of one change event for growing lists (use a release build).",
        discussion: """
            For every size and change count, replays the same seeded events through the controller \
            with a no-op delegate, through the whole pipeline (controller, coordinator adapter, \
            simulated table, consistency check), and through a baseline that refetches, sorts and \
            diffs. Reports medians per event in milliseconds, the initial fetch time and the \
            resident bytes per fetched object; a legend under the table says what each column \
            measures. Run it as 'swift run -c release fetchsim bench' (a debug build warns). \
            --html and --svg also draw the figures on log axes (the default scenario and --reorder). \
            --model M --entity E --section KEY --index KEY measures the same pipeline on a model's entity, \
            its list fetched and edited as 'fetchsim fuzz --model' fetches and edits it, starting from the \
            rows of --data or --coredata-store when given.
            """
    )

    @Option(
        help: ArgumentHelp(
            "List sizes, comma-separated (default 10000,100000,1000000; with --data or --coredata-store, the number of the data's rows).",
            valueName: "n,n,…"))
    var sizes: String?

    /// The sizes when `--sizes` is not given (and no data gives them).
    static let defaultSizes = "10000,100000,1000000"

    @Option(help: ArgumentHelp("Changes per event, comma-separated.", valueName: "k,k,…"))
    var changes = "1,100,10000"

    @Option(help: "The workload's random seed.")
    var seed: UInt64 = 7

    @Option(help: "Events measured per pair (default: chosen from the change count).")
    var repetitions: Int?

    @Option(
        help: ArgumentHelp(
            "The controllers' change path: automatic, incremental or linear (to measure one alone).", valueName: "path")
    )
    var path: ChangePath = .automatic

    @Option(
        help: ArgumentHelp(
            "engine, or apple: also run the pipeline through the Apple-shaped layer and report apple / engine.",
            valueName: "stack"))
    var stack: BenchStack = .engine

    @Flag(help: "Measure the controller alone (no pipeline, no baseline): for profiling it.")
    var controllerOnly = false

    @Flag(help: "Print one JSON object per line per (size, changes) pair.")
    var json = false

    @Flag(help: "Run the store scenario instead: save N objects to a SQLite file, reopen it and fetch them all.")
    var store = false

    @Flag(
        help:
            "With --store: the same rows in a Core Data store, read through a model as --coredata-store does, opened and fetched."
    )
    var coredata = false

    @Flag(
        name: .customLong("to-many"),
        help: "With --store --coredata: each note in one of 200 folders, whose to-many relationship is read too.")
    var toMany = false

    @Flag(
        help:
            "Run the full-screen scenario instead: a cursor move, a page scroll and a drop, each with its redraw to an off-screen screen."
    )
    var tui = false

    @Flag(
        help:
            "Run the reorder scenario instead: random drags in one section of N rows, per strategy (writes and time per drag)."
    )
    var reorder = false

    @Option(
        help: "Drags measured per strategy and size with --reorder (default: 1,000; dense 200 at 10,000 rows, 5 above)."
    )
    var drags: Int?

    @Option(
        help: ArgumentHelp(
            "Run an app's view controller instead: this registered adapter under fuzz --adapter's random turns, in turns per second.",
            valueName: "name"))
    var adapter: String?

    @Option(help: ArgumentHelp("With --adapter: lines to run first (its 'entity' lines).", valueName: "file"))
    var setup: String?

    @Option(help: ArgumentHelp("With --adapter: the list size the turns keep close to (default 100).", valueName: "n"))
    var rows = 100

    @OptionGroup var schema: SchemaOptions

    @Option(help: ArgumentHelp("With --model: the fetch's predicate (an NSPredicate format).", valueName: "predicate"))
    var filter: String?

    @Option(help: ArgumentHelp("Also write the plots and the figures as an HTML page here.", valueName: "file"))
    var html: String?

    @Option(help: ArgumentHelp("Also write the plots as one SVG file here.", valueName: "file"))
    var svg: String?

    func validate() throws {
        if html != nil || svg != nil, store || tui {
            throw ValidationError(
                "--html and --svg draw the default scenario and --reorder, not --\(store ? "store" : "tui")")
        }
        for (option, path) in [("html", html), ("svg", svg)] {
            if let path, let problem = FileErrorReason.problem(writing: path) {
                throw ValidationError("cannot write --\(option) to '\(path)': \(problem)")
            }
        }
        guard Self.parseList(sizes ?? Self.defaultSizes) != nil else {
            throw ValidationError("invalid sizes '\(sizes ?? "")': expected whole numbers separated by commas")
        }
        guard Self.parseList(changes) != nil else {
            throw ValidationError("invalid changes '\(changes)': expected whole numbers separated by commas")
        }
        if coredata, !store { throw ValidationError("--coredata is a case of --store: use 'bench --store --coredata'") }
        if toMany, !coredata {
            throw ValidationError("--to-many is a case of --store --coredata: use 'bench --store --coredata --to-many'")
        }
        if stack == .apple, store || tui || reorder || controllerOnly {
            throw ValidationError("--stack apple measures the default scenario's pipeline")
        }
        let needModel = schema.givenWithoutModel + (filter == nil ? [] : ["--filter"])
        if schema.model == nil, let option = needModel.first {
            throw ValidationError("'\(option)' needs '--model': it names part of the model's entity to measure")
        }
        if schema.model != nil,
            let other = [("--store", store), ("--tui", tui), ("--reorder", reorder), ("--adapter", adapter != nil)]
                .first(where: { $0.1 })?.0 ?? (stack == .apple ? "--stack apple" : nil)
        {
            throw ValidationError(
                "'--model' measures the default scenario's pipeline on a model's entity; it cannot be combined with '\(other)'"
            )
        }
        if let repetitions, repetitions < 1 {
            throw ValidationError("invalid repetitions '\(repetitions)': expected at least 1")
        }
    }

    func run() throws {
        #if DEBUG
        Self.write(
            "fetchsim bench: warning: this is a debug build; its timings are many times slower than a release "
                + "build's and say nothing about the targets. Run 'swift run -c release fetchsim bench'.",
            to: .standardError)
        #endif
        if let adapter {
            let bench = AppBench(
                adapter: adapter, setupPath: setup, rows: rows, turns: repetitions ?? 10_000, seed: seed)
            let status = MainActor.assumeIsolated { bench.run() }
            if status != 0 { throw ExitCode(status) }
        } else if tui {
            let bench = TUIBench(
                sizes: Self.parseList(sizes ?? Self.defaultSizes) ?? [], seed: seed, repetitions: repetitions ?? 200)
            try measure(bench.run, jsonLine: \.jsonLine, table: TUIBench.Result.table)
        } else if reorder {
            let sizes = Self.parseList(sizes ?? Self.defaultSizes) ?? []
            let bench = ReorderBench(
                sizes: sizes == [10_000, 100_000, 1_000_000] ? [10_000, 1_000_000] : sizes, seed: seed, drags: drags)
            try measure(bench.run, jsonLine: \.jsonLine, table: ReorderBench.Result.table, plots: BenchPlots.page)
        } else if store, coredata {
            let bench = CoreDataStoreBench(
                sizes: Self.parseList(sizes ?? Self.defaultSizes) ?? [], seed: seed, hasToMany: toMany)
            let legend = CoreDataStoreBench.Result.legend + (toMany ? [CoreDataStoreBench.Result.toManyLegend] : [])
            try measure(bench.run, jsonLine: \.jsonLine, table: { CoreDataStoreBench.Result.table($0) + [""] + legend })
        } else if store {
            let bench = StoreBench(sizes: Self.parseList(sizes ?? Self.defaultSizes) ?? [], seed: seed)
            try measure(
                bench.run, jsonLine: \.jsonLine,
                table: { StoreBench.Result.table($0) + [""] + StoreBench.Result.legend })
        } else {
            var runner = BenchRunner(
                sizes: Self.parseList(sizes ?? Self.defaultSizes) ?? [], changes: Self.parseList(changes) ?? [],
                seed: seed,
                repetitions: repetitions,
                path: path, controllerOnly: controllerOnly, stack: stack)
            if schema.model != nil {
                // The model, the entity, its keys and the data are read and checked before any list is built.
                do {
                    let schema = try BenchRunner.schema(schemaArguments)
                    runner.schema = schema
                    runner.sizes = try BenchRunner.sizes(
                        on: schema, asked: sizes.flatMap(Self.parseList), defaults: runner.sizes)
                } catch {
                    Self.write("fetchsim bench: \(error)", to: .standardError)
                    throw ExitCode(2)
                }
            }
            try measure(
                runner.run, jsonLine: \.jsonLine, table: { BenchResult.table($0) + [""] + BenchResult.legend(for: $0) },
                plots: BenchPlots.page)
        }
    }

    /// `--model` and the options naming its entity, checked together as `fuzz --model` checks them.
    private var schemaArguments: FuzzSchemaArguments { schema.arguments(filter: filter) }

    /// Runs a benchmark: progress to standard error on a terminal, each result as a JSON line
    /// as it comes (`--json`) or all of them as a table at the end, then the plots (`--html`,
    /// `--svg`); a failure exits with 1.
    private func measure<Result>(
        _ benchmark: (_ progress: (String) -> Void, _ report: (Result) -> Void) throws -> Void,
        jsonLine: @escaping (Result) -> String,
        table: ([Result]) -> [String],
        plots: (([Result]) -> PlotPage)? = nil
    ) throws {
        let showsProgress = isatty(STDERR_FILENO) != 0
        var results: [Result] = []
        do {
            try benchmark(
                { line in if showsProgress { Self.write(line, to: .standardError) } },
                { result in
                    results.append(result)
                    if json { Self.write(jsonLine(result), to: .standardOutput) }
                })
        } catch {
            Self.write("fetchsim bench: \(error)", to: .standardError)
            throw ExitCode(1)
        }
        if !json { table(results).forEach { print($0) } }
        guard let plots, html != nil || svg != nil else { return }
        let page = plots(results)
        for (path, text) in [(html, page.html()), (svg, page.svg())] {
            guard let path else { continue }
            do {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                Self.write(
                    "fetchsim bench: cannot write '\(path)': \(FileErrorReason.text(for: error))", to: .standardError)
                throw ExitCode(2)
            }
        }
    }

    /// Writes `line` at once, unbuffered, so progress and results appear as they happen.
    static func write(_ line: String, to handle: FileHandle) {
        handle.write(Data((line + "\n").utf8))
    }

    /// `10000,1_000_000` → [10000, 1000000]; nil if any item is not a positive whole number.
    static func parseList(_ text: String) -> [Int]? {
        let items = text.split(separator: ",").map {
            Int($0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: ""))
        }
        guard !items.isEmpty, items.allSatisfy({ ($0 ?? 0) > 0 }) else { return nil }
        return items.compactMap { $0 }
    }
}

extension ChangePath: ExpressibleByArgument {}
extension BenchStack: ExpressibleByArgument {}
