import ArgumentParser
import Console

/// What a session starts from, shared by `fetchsim [run]` and `fetchsim tui`: the demo or an
/// empty workspace, a store file, a model and a Core Data store, an adapter, a recording.
struct StartOptions: ParsableArguments {
    @Flag(help: "Start with an empty workspace instead of the demo list.")
    var empty = false

    @Option(help: ArgumentHelp("Record the session as a transcript to this file.", valueName: "file"))
    var record: String?

    @Option(
        help: ArgumentHelp(
            "Keep the objects in this SQLite file (created when missing); 'save' (in the spreadsheet, 's') writes to it.",
            valueName: "file"))
    var store: String?

    @Option(
        help: ArgumentHelp(
            "Start with the entities of this Xcode model (.xcdatamodeld or .xcdatamodel), no objects.",
            valueName: "model"))
    var model: String?

    @Option(
        help: ArgumentHelp(
            "Start with this adapter: one of FetchSim's, or an app's view controller this executable registers.",
            valueName: "name"))
    var adapter: String?

    @Option(
        name: .customLong("coredata-store"),
        help: ArgumentHelp(
            "With --model: start with the objects of this Core Data SQLite store (read, never written).",
            valueName: "file"))
    var coreDataStore: String?

    func validate() throws {
        if coreDataStore != nil, model == nil {
            throw ValidationError("--coredata-store needs --model: a Core Data store is read through its model")
        }
        if model != nil, store != nil {
            throw ValidationError(
                "--model cannot be combined with --store (a FetchSim store file keeps its own schema)")
        }
    }

    /// A launcher that starts from these options and runs `scripts` first.
    ///
    /// - Parameter scripts: The script files named on the command line.
    /// - Returns: The launcher, to which the command adds its own settings.
    func launcher(scripts: [String]) -> SessionLauncher {
        var launcher = SessionLauncher()
        launcher.start = empty ? .empty : .demo
        launcher.recordPath = record
        launcher.scripts = scripts
        launcher.storePath = store
        launcher.modelPath = model
        launcher.coreDataStorePath = coreDataStore
        launcher.adapter = adapter
        launcher.sheetOpener = { SheetOpener.open($0, storePath: $1, endsSession: $2) }
        return launcher
    }
}
