import Interpreter
import ObjectGraph
import SheetEditor

/// An editor on the demo workspace (12 notes: Groceries 0.0–0.3, Home 1.0–1.3, Work 2.0–2.3,
/// sorted by group then order), recording every command line it performs.
final class Fixture {
    let interpreter: Interpreter
    let editor: SheetEditor
    private(set) var lines: [String] = []

    init(rows: Int = 24, columns: Int = 100, storePath: String? = nil) throws {
        interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
        try SessionStart.demo.prepare(interpreter)
        editor = SheetEditor(interpreter: interpreter, rows: rows, columns: columns)
        editor.storePath = storePath
        let interpreter = interpreter
        editor.perform = { [unowned self] line in
            lines.append(line)
            return interpreter.execute(line)
        }
    }

    /// Presses each key in turn; returns whether the editor still runs after the last.
    @discardableResult
    func press(_ keys: Key...) -> Bool {
        var running = true
        for key in keys { running = editor.handle(key) }
        return running
    }

    /// Types `text` one character at a time.
    func type(_ text: String) {
        for character in text { editor.handle(.character(character)) }
    }

    /// The table's rows by object ID, section by section.
    var tableIDs: [[Int]] { interpreter.workspace.table?.rowIdentifiersBySection ?? [] }

    /// The screen as plain text.
    var screenText: [String] { editor.screen().text }
}
