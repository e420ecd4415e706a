import FetchSimCore

/// What the keys currently do in the full-screen spreadsheet.
package enum EditorMode: Equatable, Sendable {
    /// Moving the cursor; single keys act on the row or cell under it.
    case browsing
    /// A row picked up and carried (`Space`, `m`, or a mouse press): nothing is written until the
    /// drop, which is one `move` — flagged unless `isFlagged` is false.
    case carrying(TableLayout.Carry, isFlagged: Bool, isMouse: Bool)
    /// A cell edited in place: `Enter` commits one `set`, `Esc` abandons.
    case editing(CellEdit)
    /// The `:` command line: any REPL command.
    case commandLine(LineEditor)
    /// The `/` search field.
    case searching(LineEditor)
    /// `q` with unsaved changes: `y` saves then quits, `n` quits, `Esc` stays.
    case confirmingQuit
}

/// A cell being edited: which row (the table's path), which attribute, and the field.
package struct CellEdit: Equatable, Sendable {
    package var path: IndexPath
    package var attribute: String
    package var field: LineEditor
    /// The text the cell showed when editing began (committing it unchanged writes nothing).
    package var original: String

    package init(path: IndexPath, attribute: String, text: String) {
        self.path = path
        self.attribute = attribute
        field = LineEditor(text)
        original = text
    }
}

/// What the lower pane shows, if anything.
package enum EditorPane: Equatable, Sendable {
    /// The last event's callbacks and what the adapter did with each (`L`).
    case log
    /// The keys (`?`).
    case help
    /// What a `:` command printed.
    case output([String])
}

/// A one-line message in the message line: the result of the last action.
package struct EditorMessage: Equatable, Sendable {
    package var text: String
    package var isError: Bool

    package init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}
