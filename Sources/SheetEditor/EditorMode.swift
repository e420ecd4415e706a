import FetchSimCore

/// What the keys currently do in the full-screen spreadsheet.
public enum EditorMode: Equatable, Sendable {
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
public struct CellEdit: Equatable, Sendable {
    public var path: IndexPath
    public var attribute: String
    public var field: LineEditor
    /// The text the cell showed when editing began (committing it unchanged writes nothing).
    public var original: String

    public init(path: IndexPath, attribute: String, text: String) {
        self.path = path
        self.attribute = attribute
        field = LineEditor(text)
        original = text
    }
}

/// What the lower pane shows, if anything.
public enum EditorPane: Equatable, Sendable {
    /// The last event's callbacks and what the adapter did with each (`L`).
    case log
    /// The keys (`?`).
    case help
    /// What a `:` command printed.
    case output([String])
}

/// A one-line message in the message line: the result of the last action.
public struct EditorMessage: Equatable, Sendable {
    public var text: String
    public var isError: Bool

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}
