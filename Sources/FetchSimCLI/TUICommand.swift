import ArgumentParser
import Console

/// `fetchsim tui`: the full-screen spreadsheet (the REPL's `sheet` opens the same).
struct TUICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Open the full-screen spreadsheet: drag rows with keys or the mouse, edit cells in place.",
        discussion:
            "Every key that changes something runs one REPL command line; --record writes them as a transcript that 'fetchsim replay' verifies. '?' lists the keys."
    )

    @Flag(help: "Start with an empty workspace instead of the demo list.")
    var empty = false

    @Option(help: ArgumentHelp("Record the session as a transcript to this file.", valueName: "file"))
    var record: String?

    @Option(
        help: ArgumentHelp(
            "Keep the objects in this SQLite file (created when missing); 's' saves to it.", valueName: "file"))
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

    @Argument(help: ArgumentHelp("Script files to run before the spreadsheet opens.", valueName: "script"))
    var scripts: [String] = []

    func validate() throws {
        try ModelOptions.validate(model: model, coreDataStore: coreDataStore, store: store)
    }

    func run() throws {
        var launcher = SessionLauncher()
        launcher.start = empty ? .empty : .demo
        launcher.recordPath = record
        launcher.scripts = scripts
        launcher.storePath = store
        launcher.modelPath = model
        launcher.coreDataStorePath = coreDataStore
        launcher.adapter = adapter
        launcher.startsInFullScreen = true
        launcher.sheetOpener = { SheetOpener.open($0, storePath: $1, endsSession: $2) }
        let status = launcher.run()
        if status != 0 { throw ExitCode(status) }
    }
}
