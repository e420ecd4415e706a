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

    @OptionGroup var start: StartOptions

    @Argument(help: ArgumentHelp("Script files to run before the spreadsheet opens.", valueName: "script"))
    var scripts: [String] = []

    func run() throws {
        var launcher = start.launcher(scripts: scripts)
        launcher.startsInFullScreen = true
        let status = launcher.run()
        if status != 0 { throw ExitCode(status) }
    }
}
