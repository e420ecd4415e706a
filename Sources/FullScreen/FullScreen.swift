import Foundation
import SheetEditor

/// Runs the full-screen spreadsheet on the terminal until the user leaves it.
public enum FullScreen {
    /// Whether standard input and output are a terminal (full-screen mode needs one).
    public static var isAvailable: Bool { isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 }

    /// Takes over the terminal, feeds keys to `editor` and draws its screen after each, until a
    /// key ends the mode (`q`, `Esc`, `:quit`); then gives the terminal back as it was.
    public static func run(_ editor: SheetEditor, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let terminal = CursesTerminal(environment: environment)
        defer { terminal.close() }
        let size = terminal.size
        editor.handle(.resize(rows: size.rows, columns: size.columns))
        while true {
            terminal.draw(editor.screen())
            guard let key = terminal.readKey() else { continue }
            if case .resize = key { terminal.invalidate() }
            guard editor.handle(key) else { return }
        }
    }
}
