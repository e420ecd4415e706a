import Adapters
import ArgumentParser
import CommandLanguage
import FetchSimCoreData
import FetchSimUIKit
import Foundation
import Interpreter
import ObjectGraph

/// All of `fetchsim` — the REPL, `tui`, `replay`, `fuzz`, `bench` — as a library entry point,
/// for an executable of an app's own that registers its view controllers as adapters.
///
/// `adapter notes` then selects the app's view controller: the session's edits go through its
/// `NSManagedObjectContext`, `move` is the user's drag through UIKit's path, and `show`, `check`
/// and `log` read its table. Recordings name it (`# adapter: notes`) and replay in this
/// executable (docs/apple-api.md, "Your view controller in the CLI").
///
/// ```swift
/// import FetchSimCLI
/// import NotesApp
///
/// FetchSimCLI.main(adapters: [
///     "notes": { NotesViewController(context: $0, usesUserDrivenFlag: true) },
/// ])
/// ```
public enum FetchSimCLI {
    /// Makes an app's view controller over the session's context: a `UITableViewController`, or
    /// a view controller with a table or collection view among its view's subviews.
    public typealias ViewControllerFactory = @MainActor @Sendable (NSManagedObjectContext) -> UIViewController

    /// Registers `adapters` by name, parses the process's arguments and runs the command they
    /// name; exits the process. The shipped `fetchsim` calls it with none.
    @MainActor
    public static func main(adapters: [String: ViewControllerFactory] = [:]) {
        withAdapters(adapters) { FetchSimCommand.main() }
    }

    /// Runs the command `arguments` name (without the executable's own name) as `main` does, with
    /// `adapters`, and returns its exit status instead of exiting: for tests, and for a program
    /// that runs several. Errors and usage go to standard error as `main` prints them.
    ///
    /// ```swift
    /// let status = FetchSimCLI.run(arguments: ["replay", "Sessions/notes.session"], adapters: adapters)
    /// ```
    @MainActor
    public static func run(
        arguments: [String], adapters: [String: ViewControllerFactory] = [:], executable: String? = nil
    ) -> Int32 {
        withAdapters(adapters, executable: executable) {
            do {
                var command = try FetchSimCommand.parseAsRoot(arguments)
                try command.run()
                return 0
            } catch {
                let code = FetchSimCommand.exitCode(for: error)
                let message = FetchSimCommand.fullMessage(for: error)
                if !message.isEmpty {
                    (code == .success ? FileHandle.standardOutput : FileHandle.standardError).write(
                        Data((message + "\n").utf8))
                }
                return code.rawValue
            }
        }
    }

    /// Runs `operation` with `adapters` registered for `adapter NAME`, naming `executable`
    /// (default: this process's) in transcripts and errors. The registration holds for the
    /// sessions made inside `operation`, on its task or thread, and nowhere else — so tests that
    /// run side by side in one process do not see each other's. A name of one of FetchSim's own
    /// adapters (`coordinator`, …) or options (`items`, …) is refused, named, on standard error.
    ///
    /// ```swift
    /// FetchSimCLI.withAdapters(["notes": { NotesViewController(context: $0) }], executable: "tests") {
    ///     let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
    ///     …
    /// }
    /// ```
    @MainActor
    public static func withAdapters<T>(
        _ adapters: [String: ViewControllerFactory], executable: String? = nil,
        _ operation: () throws -> T
    ) rethrows -> T {
        let executable = executable ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "fetchsim").lastPathComponent
        var factories: [String: UserAdapters.Factory] = [:]
        for (name, factory) in adapters.sorted(by: { $0.key < $1.key }) {
            guard isValidName(name) else {
                FileHandle.standardError.write(
                    Data("\(executable): adapter '\(name)' is not registered: \(invalidNameReason(name))\n".utf8))
                continue
            }
            factories[name] = { engine in
                // UIKit's types are the main actor's, as on iOS. Every session that can select an
                // app's adapter runs there: the command line's (its `main` is the main actor's), and
                // a `@MainActor` test's.
                let handoff = MainThreadContext(context: engine)
                return try MainActor.assumeIsolated {
                    try ViewControllerList(name: name, factory: factory, engine: handoff.context)
                }
            }
        }
        guard !factories.isEmpty else { return try operation() }
        return try UserAdapters.with(factories, executable: executable, operation)
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !AdapterKindNames.all.contains(name) && !AdapterKindNames.options.contains(name)
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
    }

    static func invalidNameReason(_ name: String) -> String {
        AdapterKindNames.all.contains(name)
            ? "it is the name of one of FetchSim's own adapters"
            : AdapterKindNames.options.contains(name)
                ? "it is the name of an adapter option ('\(name)=…')"
                : "a name is letters, digits, '-' and '_'"
    }
}

/// The session's context handed to the main actor on the thread it already runs on.
private struct MainThreadContext: @unchecked Sendable {
    // `@unchecked`: made and read on the main actor only (the session's thread, asserted by `assumeIsolated`).
    let context: ObjectContext
}

/// The names of FetchSim's own adapters, which an app's cannot take.
enum AdapterKindNames {
    static var all: [String] { AdapterKind.allCases.map(\.rawValue) }
    /// The options `adapter` takes (`items=…`): a name among them would read as an option.
    static var options: [String] { Command.AdapterOption.Key.allCases.map(\.rawValue) }
}
