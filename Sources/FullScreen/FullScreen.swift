import Foundation
import Interpreter
import SheetEditor

/// Runs the full-screen spreadsheet on the terminal until the user leaves it.
package enum FullScreen {
    /// Takes over the terminal, feeds keys to `editor` and draws its screen after each, until a
    /// key ends the mode (`q`, `Esc`, `:quit`); then gives the terminal back as it was.
    /// - Throws: `FullScreenError` when the terminal cannot be driven (a `dumb` or unknown `TERM`).
    package static func run(_ editor: SheetEditor, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(FullScreenError)
    {
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty, term != "dumb", let terminal = CursesTerminal(environment: environment) else {
            throw FullScreenError(
                description:
                    "the full-screen spreadsheet cannot drive this terminal (TERM='\(term)'); the REPL works everywhere"
            )
        }
        // The check after each event reads the rows on screen and the changed ones, not all n
        // (the same table/controller differences; ':check' still reads everything).
        let workspace = editor.interpreter.workspace
        let scope = workspace.eventCheckScope
        workspace.eventCheckScope = .incremental
        defer {
            workspace.eventCheckScope = scope
            terminal.close()
        }
        let size = terminal.size
        editor.handle(.resize(rows: size.rows, columns: size.columns))
        while true {
            terminal.draw(editor.screen())
            guard let key = terminal.readKey() else { continue }
            if case .resize = key { terminal.invalidate() }
            if key == .control("z") {
                terminal.suspend()
                editor.handle(.resize(rows: terminal.size.rows, columns: terminal.size.columns))
                continue
            }
            guard editor.handle(key) else { return }
        }
    }
}

/// Why the full-screen mode could not start.
package struct FullScreenError: Error, Equatable, CustomStringConvertible {
    package let description: String
}
