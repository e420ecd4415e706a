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

    @OptionGroup var start: StartOptions

    @Flag(help: "Answer every input line with exactly one JSON object on one line.")
    var json = false

    @Flag(help: "Print each input line before its output, as sqlite3's -echo (not with --json).")
    var echo = false

    @Flag(
        name: [.short, .long], help: "After the script files, stay in the REPL (standard input) with what they built.")
    var interactive = false

    @Argument(help: ArgumentHelp("Script files to run instead of standard input.", valueName: "script"))
    var scripts: [String] = []

    func validate() throws {
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
        var launcher = start.launcher(scripts: scripts)
        launcher.isJSON = json
        launcher.echoesInput = echo
        launcher.staysInteractive = interactive
        let status = launcher.run()
        if status != 0 { throw ExitCode(status) }
    }
}
