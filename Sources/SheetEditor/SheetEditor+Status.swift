import CommandLanguage
import FetchSimCore
import Interpreter

extension SheetEditor {
    /// The message line: the `:` or `/` field, the last action's message, or the last event's
    /// summary with the rows it deleted. Returns the terminal cursor's column for a field.
    func messageLine() -> (ScreenLine, Int?) {
        switch mode {
        case .commandLine(let field):
            return (ScreenLine([ScreenSpan(":" + field.string)]), 1 + field.cursorColumn)
        case .searching(let field):
            return (ScreenLine([ScreenSpan("/" + field.string)]), 1 + field.cursorColumn)
        default:
            break
        }
        if let message { return (ScreenLine([ScreenSpan(message.text, message.isError ? .error : .plain)]), nil) }
        guard let report = interpreter.lastReport else {
            return (ScreenLine([ScreenSpan("? keys · q quit", .dim)]), nil)
        }
        if let error = report.event.tableError {
            // The exception comes first, whole when it fits; else cut, saying where to read it.
            let text = "✗ " + (report.event.exceptionReason ?? error.description)
            guard TextWidth.displayWidth(of: text) > columns else {
                return (ScreenLine([ScreenSpan(text, .error)]), nil)
            }
            let hint = " (L shows it all)"
            let room = max(0, columns - TextWidth.displayWidth(of: hint))
            return (
                ScreenLine([ScreenSpan(TextWidth.truncate(text, toWidth: room), .error), ScreenSpan(hint, .dim)]), nil
            )
        }
        var spans = [ScreenSpan(report.summary, .dim)]
        let deleted = deletedRows(report)
        if !deleted.isEmpty { spans.append(ScreenSpan(" · deleted: " + deleted.joined(separator: ", "), .dim)) }
        return (ScreenLine(spans), nil)
    }

    /// `#3 Bread (was 0.2)` for each row the event deleted, and `section Home` for each section.
    func deletedRows(_ report: EventReport) -> [String] {
        report.event.entries.compactMap { entry in
            switch entry.callback {
            case .object(let change) where change.type == .delete:
                let first = change.object.values.first.map { " " + $0.description } ?? ""
                return "\(change.object.objectID)\(first)"
                    + (change.indexPath.map { " (was \($0.section).\($0.row))" } ?? "")
            case .section(let change) where change.type == .delete:
                return "section \(change.name)"
            default:
                return nil
            }
        }
    }

    /// The status bar, two lines: `fetch Note … │ profile modern`, then `coordinator moves=… ·
    /// event 4 · ✓ consistent` — the setup on the left (cut when it does not fit), the event
    /// number and the verdict on the right.
    func statusLines() -> [ScreenLine] {
        var fetch = " "
        if let spec = interpreter.fetchSpec {
            fetch += Command.fetch(spec).description
        } else {
            fetch += "nothing fetched: ':fetch ENTITY …'"
        }
        fetch += " │ profile \(workspace.profile.rawValue) │ reorder \(workspace.reorderStrategy.rawValue)"
        let fetchLine = ScreenLine([ScreenSpan(TextWidth.pad(fetch, toWidth: columns), .status)])
        let left = " \(workspace.adapterKind.rawValue) \(workspace.adapterOptions)"
        // The check's problems, counted as `check` counts them, and UIKit's exception beside
        // them (it is no problem of the check's, and `check` does not count it).
        let problems = interpreter.lastReport?.problems.count ?? 0
        let hasException = interpreter.lastReport?.event.tableError != nil
        let isOutOfStep = workspace.table?.isOutOfStep ?? false
        var faults: [String] = []
        if problems > 0 || (isOutOfStep && !hasException) {
            let count = max(problems, 1)
            faults.append("\(count) problem\(count == 1 ? "" : "s")")
        }
        if hasException { faults.append("UIKit exception") }
        let isConsistent = faults.isEmpty
        let verdict = isConsistent ? "✓ consistent" : "✗ " + faults.joined(separator: " + ")
        let right = "event \(workspace.eventCount) · "
        let rightWidth = TextWidth.displayWidth(of: right + verdict) + 1
        let leftText = TextWidth.pad(
            TextWidth.truncate(left, toWidth: max(0, columns - rightWidth - 1)), toWidth: max(0, columns - rightWidth))
        return [
            fetchLine,
            ScreenLine([
                ScreenSpan(leftText + right, .status),
                ScreenSpan(verdict, isConsistent ? .consistent : .inconsistent),
                ScreenSpan(" ", .status),
            ]),
        ]
    }

    /// What the pane shows, wrapped to the screen's width: the log, the keys or a command's output.
    package func paneBody() -> [String] {
        guard let pane else { return [] }
        let raw: [String]
        switch pane {
        case .log:
            var quiet = interpreter.execute("log")
            quiet.json = .null
            raw = quiet.renderText(width: columns)
        case .help:
            raw = Self.keyHelp
        case .output(let lines):
            raw = lines
        }
        return raw.flatMap { Self.wrapped($0, width: columns) }
    }

    /// Lines the pane's body has room for (its title takes one line of `paneHeight`).
    var paneRoom: Int { max(0, paneHeight - 1) }

    /// Whether the pane holds more than it shows, so that the scrolling keys are the pane's.
    var paneOverflows: Bool { paneBody().count > paneRoom }

    /// The pane: a title rule (with which lines show when not all fit), then its body from
    /// `paneScroll`, cut to its height.
    func paneLines() -> [ScreenLine] {
        guard let pane else { return [] }
        let room = paneRoom
        guard room > 0 else { return [] }
        let body = paneBody()
        let first = min(paneScroll, max(0, body.count - room))
        let shown = body[first..<min(body.count, first + room)]
        var title: String
        switch pane {
        case .log: title = "── log (L hides"
        case .help: title = "── keys (any key closes"
        case .output: title = "── output (any key closes"
        }
        if body.count > room {
            let scrollKeys = pane == .log ? "J K scroll" : "j k PgUp PgDn scroll"
            title += "; \(scrollKeys)) lines \(first + 1)–\(first + shown.count) of \(body.count) "
        } else {
            title += ") "
        }
        let rule = title + String(repeating: "─", count: max(0, columns - TextWidth.displayWidth(of: title)))
        var lines = [ScreenLine([ScreenSpan(rule, .paneTitle)])]
        lines += shown.map { ScreenLine([ScreenSpan($0)]) }
        while lines.count < paneHeight { lines.append(ScreenLine()) }
        return lines
    }

    /// Scrolls the pane by `delta` lines (negative: up), within its body.
    func scrollPane(by delta: Int) {
        let most = max(0, paneBody().count - paneRoom)
        paneScroll = min(max(0, paneScroll + delta), most)
    }

    /// `line` broken at spaces into lines of at most `width` columns, continuation lines
    /// indented two more than the first; a word wider than the screen is broken where it must.
    static func wrapped(_ line: String, width: Int) -> [String] {
        guard width > 0, TextWidth.displayWidth(of: line) > width else { return [line] }
        let indent = String(repeating: " ", count: min(line.prefix { $0 == " " }.count + 2, width / 2))
        return CommandHelp.wrap(
            String(line.drop { $0 == " " }), width: width,
            firstPrefix: String(line.prefix { $0 == " " }), prefix: indent
        )
        .flatMap { hardSplit($0, width: width) }
    }

    /// `line` cut into pieces of at most `width` display columns (a wide character never split).
    static func hardSplit(_ line: String, width: Int) -> [String] {
        guard TextWidth.displayWidth(of: line) > width else { return [line] }
        var pieces: [String] = []
        var piece = ""
        var pieceWidth = 0
        for character in line {
            let characterWidth = TextWidth.displayWidth(of: String(character))
            if pieceWidth + characterWidth > width, !piece.isEmpty {
                pieces.append(piece)
                piece = ""
                pieceWidth = 0
            }
            piece.append(character)
            pieceWidth += characterWidth
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    /// The keys, as `?` lists them (docs/tui.md has the same list).
    static let keyHelp = [
        "↑↓←→ or h j k l   move the cursor      PgUp PgDn, g G   page, first and last row",
        "Space             pick up the row; ↑↓ carry it; Space/Enter drops: one 'move S.R S.R'",
        "m (Shift+Space)   the same, unflagged: 'move --unflagged S.R S.R'    Esc cancels a drag",
        "Enter or i        edit the cell in place (←→ Home End Backspace Ctrl-U); Enter writes 'set'",
        "o                 insert a row after this one ('insert … at S.R') and edit it",
        "d d               delete the row        u undo    Ctrl-R redo    s save",
        ":                 a REPL command (Tab completes)    / search, n next",
        "L                 the last event's callbacks (J K scroll)   ? these keys   q or Esc quit",
        "mouse             press a row, drag, release drops it; click selects a cell",
    ]
}
