import CommandLanguage
import FetchSimCore
import Interpreter
import ObjectGraph
import TableSimulation

/// The full-screen spreadsheet's key handling: a state machine with keys in, REPL command lines
/// and a screen model out. No I/O: the terminal layer decodes keys and draws `screen()`.
///
/// Every action that changes anything is exactly one command line, run through `perform` (the
/// caller's hook: the interpreter, plus the session recorder), so a full-screen session records
/// as an ordinary transcript. The only state kept here is the cursor, the scroll position, the
/// mode (a carried row, a field being edited) and what the message line and pane show.
package final class SheetEditor {
    package let interpreter: Interpreter
    /// Runs one REPL command line and returns what it produced.
    package var perform: (String) -> LineOutcome
    /// The store file whose unsaved changes `q` asks about; `nil`: quit without asking.
    package var storePath: String?
    package internal(set) var mode: EditorMode = .browsing
    /// The row under the cursor, as shown (the table's path except while a row is carried).
    package internal(set) var cursor: IndexPath?
    /// The attribute column under the cursor (0 = the first attribute).
    package internal(set) var column = 0
    /// The first display line of the table area.
    package internal(set) var top = 0
    package internal(set) var rows: Int
    package internal(set) var columns: Int
    package internal(set) var pane: EditorPane? {
        didSet { if pane != oldValue { paneScroll = 0 } }
    }
    /// The first line of the pane's body shown.
    package internal(set) var paneScroll = 0
    package internal(set) var message: EditorMessage?
    /// `d` was pressed once: a second `d` deletes the row.
    var isDeletePending = false
    /// The `:` lines typed, oldest first (at most `historyCapacity`), and the one recalled.
    var commandHistory: [String] = []
    var historyPosition: Int?
    /// The `:` line being typed when recall began, given back after the newest history line.
    var draftLine = ""
    static let historyCapacity = 200
    /// Whether leaving ends the whole session (`fetchsim tui`) rather than returning to the
    /// REPL (`sheet`); then `q` asks the REPL's question before unsaved work is lost.
    package var quitConcern: (() -> String?)?
    /// The last `/` query, for `n`.
    var lastSearch: String?
    /// A mouse press waiting to become a drag or a click.
    var pressedRow: IndexPath?
    /// Where each attribute column started on the last screen built (for mouse clicks).
    var columnStarts: [Int] = []

    /// An editor on `interpreter`'s workspace for a screen of `rows` × `columns` cells; `perform`
    /// defaults to the interpreter itself.
    package init(interpreter: Interpreter, rows: Int, columns: Int, perform: ((String) -> LineOutcome)? = nil) {
        self.interpreter = interpreter
        self.perform = perform ?? { interpreter.execute($0) }
        self.rows = max(rows, 1)
        self.columns = max(columns, 1)
        cursor = layout().firstRow
        syncViewport()
    }

    var workspace: Workspace { interpreter.workspace }

    /// The layout of the table as shown now (with the carried row, if any).
    package func layout() -> TableLayout {
        guard let table = workspace.shownTable else { return TableLayout(tableCounts: []) }
        let counts = (0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) }
        if case .carrying(let carry, _, _) = mode { return TableLayout(tableCounts: counts, carry: carry) }
        return TableLayout(tableCounts: counts)
    }

    /// The attribute names of the fetched entity, in column order.
    var attributes: [Attribute] {
        // An app's view controller: its cells' texts, as `show` names them.
        if workspace.userList != nil { return [Attribute("text", .string), Attribute("detail", .string)] }
        guard let name = workspace.controller?.fetchRequest.entityName else { return [] }
        return workspace.context.schema.entity(named: name)?.attributes ?? []
    }

    /// Puts the cursor on the shown row nearest to `path` and scrolls to it (as a click would).
    package func placeCursor(at path: IndexPath) {
        cursor = layout().clamped(path)
        scrollToCursor()
    }

    /// Handles one key; returns false when the full-screen mode should end.
    @discardableResult
    package func handle(_ key: Key) -> Bool {
        if case .resize(let newRows, let newColumns) = key {
            // The model is the terminal's real size, however small: drawing more lines than the
            // terminal has is what curses cannot do.
            rows = max(newRows, 1)
            columns = max(newColumns, 1)
            scrollToCursor()
            return true
        }
        let keepsRunning: Bool
        switch mode {
        case .browsing: keepsRunning = browse(key)
        case .carrying(let carried, let isFlagged, let isMouse):
            keepsRunning = carry(key, carried, isFlagged: isFlagged, isMouse: isMouse)
        case .editing(let edit): keepsRunning = editCell(key, edit)
        case .commandLine(let field): keepsRunning = commandLine(key, field)
        case .searching(let field): keepsRunning = search(key, field)
        case .confirmingQuit: keepsRunning = confirmQuit(key)
        }
        scrollToCursor()
        return keepsRunning
    }

    // MARK: Running lines

    /// Runs `line`, shows its error (or `successMessage`), and puts the cursor back on a row
    /// that exists. Returns the outcome.
    @discardableResult
    func run(_ line: String, showsFirstLine: Bool = false, isTyped: Bool = false) -> LineOutcome {
        let outcome = perform(line)
        if let error = outcome.errorMessage {
            // A line a key made was never seen: its error names no column of it.
            let shown = isTyped ? error : Self.withoutColumn(error)
            message = EditorMessage("error: \(shown)", isError: true)
        } else if showsFirstLine, let first = outcome.renderText(width: columns).first {
            message = EditorMessage(first)
        } else {
            message = nil
        }
        if case .output = pane { pane = nil }
        cursor = cursor.flatMap { layout().clamped($0) } ?? layout().firstRow
        return outcome
    }

    /// Runs `command`, printed as its line (`Command.description`): what a key does.
    @discardableResult
    func run(_ command: Command, showsFirstLine: Bool = false) -> LineOutcome {
        run(command.description, showsFirstLine: showsFirstLine)
    }

    /// `message` without the ` at column N` the interpreter adds for a typed line.
    static func withoutColumn(_ message: String) -> String {
        message.replacing(/\ at column \d+/, with: "")
    }

    // MARK: Scrolling

    /// The lines the screen keeps below the table: the message line and the two status lines.
    static let bottomLines = 3

    /// The lines the table's header, rows and the pane share: the screen less the bottom lines.
    var upperLines: Int { max(0, rows - Self.bottomLines) }

    /// Lines the table area has (the screen less the header, the pane, the message line and the
    /// two status lines); at least one, so that paging and scrolling always move — on a terminal
    /// too small to draw it, the rows are scrolled but not drawn.
    package var bodyHeight: Int { max(1, upperLines - 1 - paneHeight) }

    /// Lines the pane takes (its title rule included): what it shows, at most half the screen,
    /// and never so much that the table loses its header and one row; none when that leaves it
    /// no line besides its title.
    package var paneHeight: Int {
        guard let pane else { return 0 }
        let room = upperLines - 2
        guard room >= 2 else { return 0 }
        let wanted: Int
        switch pane {
        case .output(let lines): wanted = min(lines.count + 1, max(3, rows - 6))
        case .help: wanted = min(Self.keyHelp.count + 1, max(rows / 2 - 1, 3))
        case .log: wanted = max(rows / 2 - 1, 3)
        }
        return min(wanted, room)
    }

    /// Scrolls so that the cursor's line (and its section header when it is the first row) is on
    /// screen, then keeps the table's viewport over what is shown.
    func scrollToCursor() {
        let layout = layout()
        if let cursor {
            let line = layout.line(of: cursor)
            if line < top { top = cursor.row == 0 ? line - 1 : line }
            if line >= top + bodyHeight { top = line - bodyHeight + 1 }
            // A first row keeps its section header above it whenever there is room for both
            // (after a terminal grows back from a single line, say).
            if cursor.row == 0, top == line, bodyHeight >= 2 { top = line - 1 }
        }
        top = max(0, min(top, max(0, layout.lineCount - bodyHeight)))
        syncViewport()
    }

    /// Moves the table's viewport (as scrolling a `UITableView` does) when the rows on screen
    /// are not all inside it — with a `scroll S.R` line, so that a recording replays the same
    /// cells; the viewport keeps its 200 rows, so small tables never scroll it.
    func syncViewport() {
        guard workspace.shownTable != nil else { return }
        let layout = layout()
        let unmoved = TableLayout(tableCounts: layout.tableCounts)
        let flat = (top..<(top + bodyHeight)).compactMap { line -> Int? in
            guard case .row(_, let path)? = layout.item(atLine: line) else { return nil }
            return unmoved.flatRow(of: path)
        }
        guard let lower = flat.min(), let highest = flat.max() else { return }
        let upper = highest + 1
        let viewport = workspace.viewport
        guard lower < viewport.firstRow || upper > viewport.firstRow + viewport.height else { return }
        // The viewport's first row, with the screen in its middle, as an index path.
        var row = max(0, lower - max(0, viewport.height - bodyHeight) / 2)
        var section = 0
        let counts = layout.tableCounts
        guard !counts.isEmpty else { return }
        while section < counts.count - 1, row >= counts[section] {
            row -= counts[section]
            section += 1
        }
        _ = perform(Command.scroll(IndexPath(row: min(row, max(0, counts[section] - 1)), section: section)).description)
    }
}
