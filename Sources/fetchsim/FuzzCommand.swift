import Adapters
import ArgumentParser
import Fuzzing

/// `fetchsim fuzz`: random edit sessions checked after every batch; the first failure is shrunk
/// to a short transcript.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Run random edit sessions, check the table after every batch, and shrink the first failure to a transcript.",
        discussion: """
            Exits with 0 when every batch stayed consistent, 1 when one failed (the shrunk session \
            is written to --out and replays with 'fetchsim replay'), 2 when the fuzzer went wrong.
            """
    )

    @Option(help: "The random seed; the same seed and options give the same run.")
    var seed: UInt64 = 1

    @Option(help: "How many batches (edit lines) to run in all.")
    var batches = 10_000

    @Option(help: "The list size the edits keep close to.")
    var rows = 20

    @Option(help: "How many section names the edits use (1-26).")
    var sections = 4

    @Option(help: ArgumentHelp("The adapter under test.", valueName: "name"))
    var adapter: AdapterKind = .coordinator

    @Option(help: ArgumentHelp("The adapter's user-driven policy (default: the adapter's).", valueName: "policy"))
    var userdriven: UserDrivenPolicy?

    @Option(help: ArgumentHelp("How the adapter shows moves (default: the adapter's).", valueName: "policy"))
    var moves: MovePolicy?

    @Option(help: ArgumentHelp("How the adapter shows updates (default: the adapter's).", valueName: "policy"))
    var updates: UpdatePolicy?

    @Option(help: ArgumentHelp("The compatibility profile.", valueName: "name"))
    var profile: CompatibilityProfile = .modern

    @Option(help: ArgumentHelp("The share of drags, in percent, made without the user-driven flag (the app's bug).", valueName: "percent"))
    var unflagged = 0

    @Option(help: ArgumentHelp("How drags renumber the index attribute.", valueName: "strategy"))
    var reorder: ReorderStrategy = .dense

    @Option(help: ArgumentHelp("The direction of the index attribute in the sort.", valueName: "direction"))
    var sort: FuzzSortDirection = .asc

    @Option(help: ArgumentHelp("The share of rows, in percent, hidden by the predicate; 0 fetches without one (default 10).", valueName: "percent"))
    var filter = 10

    @Option(help: ArgumentHelp("The simulated view: a table, or a collection view with UIKit's collection-view messages.", valueName: "view"))
    var table: TableViewStyle = .table

    @Option(help: ArgumentHelp("With '--adapter diffable': the field whose value identifies an item (the app's duplicate-identifier bug).", valueName: "field"))
    var items: FuzzField?

    @Option(help: ArgumentHelp("With '--adapter diffable': apply the controller's snapshot as it is, or rebuild one without its reloads (the app's bug).", valueName: "use"))
    var snapshot: DiffableSnapshotUse?

    @Option(help: ArgumentHelp("The share of drags, in percent, made with other edits in the same change event (default 0).", valueName: "percent"))
    var mixed = 0

    @Option(help: ArgumentHelp("Where to write the shrunk session (default: fuzz-<seed>.session).", valueName: "file"))
    var out: String?

    @Flag(help: "Print one JSON object with the numbers and the outcome instead of a summary line.")
    var json = false

    @Option(help: ArgumentHelp("Controllers on the main context, each with its own table and adapter (1-4).", valueName: "n"))
    var controllers = 1

    @Flag(help: "The other controllers drive the first one's table (the bug).")
    var shareTable = false

    @Flag(help: "The second controller's table is closed with its delegate left attached (the bug).")
    var leaveDelegate = false

    @Option(help: ArgumentHelp("The share of batches, in percent, made in a fresh background context or as a batch request.", valueName: "percent"))
    var background = 0

    @Option(help: ArgumentHelp("How the main context merges background saves and batch requests (only auto is correct).", valueName: "mode"))
    var merge: FuzzMergeMode = .auto

    /// Checks the options here, not in `run()`: a validation error then prints this command's
    /// usage, not the top-level one.
    func validate() throws {
        _ = try configuration()
    }

    private func configuration() throws -> FuzzConfiguration {
        guard (0...100).contains(mixed) else { throw ValidationError("'--mixed' must be a percentage between 0 and 100, not '\(mixed)'") }
        do {
            var configuration = try FuzzConfiguration(
                seed: seed, batches: batches, rows: rows, sections: sections, adapter: adapter, userDriven: userdriven,
                moves: moves, updates: updates, profile: profile, unflaggedPercent: unflagged,
                reorder: reorder, sort: sort, filterPercent: filter, tableStyle: table)
            configuration.mixedPercent = mixed
            configuration.workspaceOptions = try FuzzWorkspaceOptions(
                controllers: controllers, sharesTable: shareTable, leavesDelegate: leaveDelegate,
                backgroundPercent: background, merge: merge)
            return configuration
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        var configuration = try configuration()
        configuration.itemKey = items
        configuration.snapshot = snapshot
        var launcher = FuzzLauncher(configuration: configuration)
        launcher.outputPath = out
        launcher.isJSON = json
        let status = launcher.run()
        if status != 0 { throw ExitCode(status) }
    }
}
