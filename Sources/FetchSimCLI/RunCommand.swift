import ArgumentParser
import Console
import FetchSimCore
import Foundation

/// `fetchsim [run]`: the REPL, a script run, or the JSON protocol.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the REPL (the default), script files, or the JSON protocol."
    )

    @Flag(help: "Start with an empty workspace instead of the demo list.")
    var empty = false

    @Flag(help: "Answer every input line with exactly one JSON object on one line.")
    var json = false

    @Flag(help: "Print each input line before its output, as sqlite3's -echo (not with --json).")
    var echo = false

    @Flag(
        name: [.short, .long], help: "After the script files, stay in the REPL (standard input) with what they built.")
    var interactive = false

    @Option(help: ArgumentHelp("Record the session as a transcript to this file.", valueName: "file"))
    var record: String?

    @Option(
        help: ArgumentHelp(
            "Keep the objects in this SQLite file (created when missing); 'save' writes to it.", valueName: "file"))
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

    @Argument(help: ArgumentHelp("Script files to run instead of standard input.", valueName: "script"))
    var scripts: [String] = []

    func validate() throws {
        try ModelOptions.validate(model: model, coreDataStore: coreDataStore, store: store)
        if echo, json {
            throw ValidationError(
                "--echo cannot be combined with --json (every input line answers exactly one JSON object)")
        }
        // `fetchsim repaly x` reads as a script named 'repaly': a first argument that is no file
        // but nearly a subcommand's name was meant as that subcommand.
        if let first = scripts.first, !FileManager.default.fileExists(atPath: first),
            let meant = Suggestion.closest(to: first, among: FetchSimCommand.subcommandNames)
        {
            throw ValidationError("no such script '\(first)'; did you mean 'fetchsim \(meant)'?")
        }
    }

    func run() throws {
        var launcher = SessionLauncher()
        launcher.start = empty ? .empty : .demo
        launcher.isJSON = json
        launcher.recordPath = record
        launcher.scripts = scripts
        launcher.echoesInput = echo
        launcher.staysInteractive = interactive
        launcher.storePath = store
        launcher.modelPath = model
        launcher.coreDataStorePath = coreDataStore
        launcher.adapter = adapter
        launcher.sheetOpener = { SheetOpener.open($0, storePath: $1, endsSession: $2) }
        let status = launcher.run()
        if status != 0 { throw ExitCode(status) }
    }
}
