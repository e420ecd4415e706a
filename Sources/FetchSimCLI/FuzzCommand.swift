import Adapters
import ArgumentParser
import CTerminal
import Foundation
import Fuzzing
import Interpreter
import SessionPages
import Transcripts

/// `fetchsim fuzz`: random edit sessions checked after every batch; the first failure is shrunk
/// to a short transcript.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract:
            "Run random edit sessions, check the table after every batch, and shrink the first failure to a transcript.",
        discussion: """
            Exits with 0 when every batch stayed consistent, 1 when one failed (the shrunk session \
            is written to --out and replays with 'fetchsim replay'), 2 when the fuzzer went wrong, \
            130 when Ctrl-C stopped the run (after a summary of the batches run).
            """
    )

    @Option(parsing: .unconditional, help: "The random seed; the same seed and options give the same run.")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "How many batches (edit lines) to run in all.")
    var batches = 10_000

    @Option(parsing: .unconditional, help: "The list size the edits keep close to.")
    var rows = 20

    @Option(parsing: .unconditional, help: "How many section names the edits use (1-26).")
    var sections = 4

    @Option(
        help: ArgumentHelp(
            "The adapter under test: one of FetchSim's, or an app's view controller this executable registers.",
            valueName: "name"))
    var adapter: FuzzAdapterChoice = .kind(.coordinator)

    @Option(
        help: ArgumentHelp(
            "With an app's adapter: lines to run first (its 'entity' lines, first objects).", valueName: "file"))
    var setup: String?

    @Option(help: ArgumentHelp("The adapter's user-driven policy (default: the adapter's).", valueName: "policy"))
    var userdriven: UserDrivenPolicy?

    @Option(help: ArgumentHelp("How the adapter shows moves (default: the adapter's).", valueName: "policy"))
    var moves: MovePolicy?

    @Option(help: ArgumentHelp("How the adapter shows updates (default: the adapter's).", valueName: "policy"))
    var updates: UpdatePolicy?

    @Option(help: ArgumentHelp("The compatibility profile.", valueName: "name"))
    var profile: CompatibilityProfile = .modern

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The share of drags, in percent, made without the user-driven flag (the app's bug).", valueName: "percent"))
    var unflagged = 0

    @Option(help: ArgumentHelp("How drags renumber the index attribute.", valueName: "strategy"))
    var reorder: ReorderStrategy = .dense

    @Option(help: ArgumentHelp("The direction of the index attribute in the sort.", valueName: "direction"))
    var sort: FuzzSortDirection = .asc

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The share of rows, in percent, hidden by the predicate; 0 fetches without one. With --model: the fetch's predicate.",
            valueName: "percent|predicate"))
    var filter = FilterArgument()

    @OptionGroup var schema: SchemaOptions

    @Option(
        help: ArgumentHelp(
            "The simulated view: a table, or a collection view with UIKit's collection-view messages.",
            valueName: "view"))
    var table: TableViewStyle = .table

    @Option(
        help: ArgumentHelp(
            "With '--adapter diffable': the field whose value identifies an item (the app's duplicate-identifier bug).",
            valueName: "field"))
    var items: FuzzField?

    @Option(
        help: ArgumentHelp(
            "With '--adapter diffable': apply the controller's snapshot as it is, or rebuild one without its reloads (the app's bug).",
            valueName: "use"))
    var snapshot: DiffableSnapshotUse?

    @Option(
        help: ArgumentHelp(
            "The share of drags, in percent, made with other edits in the same change event (default 0).",
            valueName: "percent"))
    var mixed = 0

    @Option(help: ArgumentHelp("Where to write the shrunk session (default: fuzz-<seed>.session).", valueName: "file"))
    var out: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Fuzz the full-screen editor instead: this many random keys (arrows, drags, edits, ':' lines, mouse, resizes from 1x1), checking the screen and that the lines replay to the same workspace after every key.",
            valueName: "n"))
    var keys: Int?

    @Option(
        help: ArgumentHelp(
            "Run the K-th of N disjoint parts of the campaign: seed S becomes S×N+K−1, so N machines with the same --seed and options cover N different runs (merge their --json output with 'fetchsim fuzz-report').",
            valueName: "K/N"))
    var shard: Shard?

    @Option(
        help: ArgumentHelp(
            "Also write a JUnit XML report (one test case, the shrunk session in its failure) for CI.",
            valueName: "file"))
    var junit: String?

    @Option(
        help: ArgumentHelp("Also write the shrunk session, when there is one, as an HTML page here.", valueName: "file")
    )
    var html: String?

    @Flag(help: "Print one JSON object with the numbers and the outcome instead of a summary line.")
    var json = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Controllers on the main context, each with its own table and adapter (1-4).", valueName: "n"))
    var controllers = 1

    @Flag(help: "The other controllers drive the first one's table (the bug).")
    var shareTable = false

    @Flag(help: "The second controller's table is closed with its delegate left attached (the bug).")
    var leaveDelegate = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The share of batches, in percent, made in a fresh background context or as a batch request.",
            valueName: "percent"))
    var background = 0

    @Option(
        help: ArgumentHelp(
            "How the main context merges background saves and batch requests (only auto is correct).", valueName: "mode"
        ))
    var merge: FuzzMergeMode = .auto

    /// Checks the options here, not in `run()`: a validation error then prints this command's
    /// usage, not the top-level one.
    func validate() throws {
        if let keys {
            guard keys >= 1 else { throw ValidationError("'--keys' must be at least 1, not '\(keys)'") }
            do { try schemaArguments.checkKeys() } catch { throw ValidationError(error.description) }
            if html != nil { throw ValidationError("--html draws a shrunk session; '--keys' does not write one") }
            return
        }
        if let html, let problem = FileErrorReason.problem(writing: html) {
            throw ValidationError("cannot write the page to '\(html)': \(problem)")
        }
        // The shrunk session is written after the whole campaign: a path that cannot take it
        // is refused before the first batch.
        var launcher = FuzzLauncher(configuration: try configuration())
        launcher.outputPath = out
        let path = launcher.path
        if let problem = FileErrorReason.problem(writing: path) {
            throw ValidationError("cannot write the shrunk session to '\(path)': \(problem)")
        }
        if let junit, let problem = FileErrorReason.problem(writing: junit) {
            throw ValidationError("cannot write the JUnit report to '\(junit)': \(problem)")
        }
    }

    private func configuration() throws -> FuzzConfiguration {
        guard (0...100).contains(mixed) else {
            throw ValidationError("'--mixed' must be a percentage between 0 and 100, not '\(mixed)'")
        }
        do {
            var configuration = try FuzzConfiguration(
                seed: shard.map { $0.seed(from: seed) } ?? seed, batches: batches, rows: rows, sections: sections,
                adapter: adapter.kind, userDriven: userdriven,
                moves: moves, updates: updates, profile: profile, unflaggedPercent: unflagged,
                reorder: reorder, sort: sort, tableStyle: table)
            configuration.mixedPercent = mixed
            configuration.workspaceOptions = try FuzzWorkspaceOptions(
                controllers: controllers, sharesTable: shareTable, leavesDelegate: leaveDelegate,
                backgroundPercent: background, merge: merge)
            configuration.itemKey = items
            configuration.snapshot = snapshot
            try schemaArguments.apply(to: &configuration)
            return configuration
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The options that choose the schema, checked together in `Fuzzing`.
    private var schemaArguments: FuzzSchemaArguments { schema.arguments(filter: filter.given) }

    func run() throws {
        if let keys {
            var launcher = KeyFuzzLauncher(fuzzer: KeyFuzzer(seed: seed, keys: keys))
            launcher.isJSON = json
            if fetchsim_interrupt_install() == 0 { launcher.isInterrupted = { fetchsim_interrupt_take() != 0 } }
            defer { fetchsim_interrupt_uninstall() }
            let status = launcher.run()
            if status != 0 { throw ExitCode(status) }
            return
        }
        if case .app(let name) = adapter {
            // The app's view controller is the main actor's; the command line runs there.
            let launcher = AppFuzzLauncher(
                adapter: name, seed: seed, batches: batches, rows: rows, setupPath: setup, outputPath: out)
            let status = MainActor.assumeIsolated { launcher.run() }
            if status != 0 { throw ExitCode(status) }
            return
        }
        let configuration = try configuration()
        var launcher = FuzzLauncher(configuration: configuration)
        launcher.outputPath = out
        launcher.isJSON = json
        launcher.junitPath = junit
        launcher.campaignName = shard.map { "shard \($0.index)/\($0.count) of seed \(seed)" }
        // Ctrl-C stops the campaign between batches, with a summary, instead of ending the
        // process under its progress bar.
        if fetchsim_interrupt_install() == 0 {
            launcher.isInterrupted = { fetchsim_interrupt_take() != 0 }
        }
        defer { fetchsim_interrupt_uninstall() }
        let status = launcher.run()
        // 1: a failure was found and its shrunk session written at the launcher's path.
        if status == 1, let html { try writePage(of: launcher.path, to: html) }
        if status != 0 { throw ExitCode(status) }
    }

    /// The page of the shrunk session, beside it.
    private func writePage(of path: String, to output: String) throws {
        do {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw TranscriptError(line: 0, "cannot read '\(path)'")
            }
            var transcript = try Transcript.parse(data: data)
            // `# model:` (fuzz --model) is relative to the session's directory, as replay reads it.
            if let model = transcript.header.model, !model.hasPrefix("/") {
                transcript.header.model = ((path as NSString).deletingLastPathComponent as NSString)
                    .appendingPathComponent(model)
            }
            let summary = try SessionPage(title: URL(fileURLWithPath: path).lastPathComponent).write(
                transcript, toFile: output)
            FileHandle.standardError.write(Data("fetchsim: fuzz: page '\(output)': \(summary)\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("fetchsim: fuzz: cannot write the page '\(output)': \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}

/// `--filter`: a percentage on the built-in Item (10 when not given), a predicate with `--model`.
struct FilterArgument: ExpressibleByArgument {
    /// The text typed; nil when the option was not given.
    var given: String?

    init() {}

    init?(argument: String) {
        given = argument
    }

    var defaultValueDescription: String { given ?? "10" }
}

/// `--shard K/N`: the K-th (1-based) of N parts of a campaign.
struct Shard: ExpressibleByArgument {
    var index: Int
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.index = index
        self.count = count
    }

    /// The seed this part runs: disjoint from every other part's, and from other campaigns'
    /// parts with the same N.
    func seed(from seed: UInt64) -> UInt64 {
        seed &* UInt64(count) &+ UInt64(index - 1)
    }
}
