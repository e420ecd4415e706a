import ArgumentParser

/// `fetchsim`: the command tree; `FetchSimCLI.main` runs it.
struct FetchSimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetchsim",
        abstract: "Simulates NSFetchedResultsController driving a UITableView, deterministically.",
        usage: """
            fetchsim [--empty] [--json] [--store <file>] [--record <file>] [<script> ...]
              fetchsim --model <model> [--coredata-store <file>] [<script> ...]
              fetchsim tui [--empty] [--store <file>] [--record <file>] [<script> ...]
              fetchsim replay [--update] [--keep-going] <file> ...
            """,
        discussion: """
            With no arguments, opens a REPL on a demo list; 'help' lists the commands. Lines piped \
            on standard input, or script files given as arguments, run the same commands; a script \
            exits with status 1 when any line failed or left the table inconsistent.
            """,
        version: "0.1.0",
        subcommands: [
            RunCommand.self, TUICommand.self, ReplayCommand.self, FuzzCommand.self, FuzzReportCommand.self,
            BenchCommand.self,
            StoreStressCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )
}

extension FetchSimCommand {
    /// The subcommands' names, for "did you mean" when a mistyped one reads as a script.
    static var subcommandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName }
    }
}
