import ArgumentParser

@main
struct FetchSimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetchsim",
        abstract: "Simulates NSFetchedResultsController driving a UITableView, deterministically.",
        version: "0.1.0",
        subcommands: [StoreStressCommand.self]
    )

    func run() throws {
        print("fetchsim: the REPL is not built yet; see 'fetchsim --help'")
    }
}
