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
        guard let report = interpreter.lastReport else { return (ScreenLine([ScreenSpan("? keys · q quit", .dim)]), nil) }
        var spans = [ScreenSpan(report.summary, .dim)]
        let deleted = deletedRows(report)
        if !deleted.isEmpty { spans.append(ScreenSpan(" · deleted: " + deleted.joined(separator: ", "), .dim)) }
        if let error = report.event.tableError { spans.append(ScreenSpan(" · " + (report.event.exceptionReason ?? error.description), .error)) }
        return (ScreenLine(spans), nil)
    }

    /// `#3 Bread (was 0.2)` for each row the event deleted, and `section Home` for each section.
    func deletedRows(_ report: EventReport) -> [String] {
        report.event.entries.compactMap { entry in
            switch entry.callback {
            case .object(let change) where change.type == .delete:
                let first = change.object.values.first.map { " " + $0.description } ?? ""
                return "\(change.object.objectID)\(first)" + (change.indexPath.map { " (was \($0.section).\($0.row))" } ?? "")
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
        let problems = interpreter.lastReport.map { $0.problems.count + ($0.event.tableError == nil ? 0 : 1) } ?? 0
        let isOutOfStep = workspace.table?.isOutOfStep ?? false
        let verdict = problems == 0 && !isOutOfStep ? "✓ consistent" : "✗ \(max(problems, 1)) problem\(max(problems, 1) == 1 ? "" : "s")"
        let right = "event \(workspace.eventCount) · "
        let rightWidth = TextWidth.displayWidth(of: right + verdict) + 1
        let leftText = TextWidth.pad(TextWidth.truncate(left, toWidth: max(0, columns - rightWidth - 1)), toWidth: max(0, columns - rightWidth))
        return [fetchLine,
                ScreenLine([ScreenSpan(leftText + right, .status),
                            ScreenSpan(verdict, problems == 0 && !isOutOfStep ? .consistent : .inconsistent),
                            ScreenSpan(" ", .status)])]
    }

    /// The pane: a title rule, then the log, the keys or a command's output, cut to its height.
    func paneLines() -> [ScreenLine] {
        guard let pane else { return [] }
        let title: String
        let body: [String]
        switch pane {
        case .log:
            title = "── log (L hides) "
            var quiet = interpreter.execute("log")
            quiet.json = .null
            body = quiet.renderText(width: columns)
        case .help:
            title = "── keys (any key closes) "
            body = Self.keyHelp
        case .output(let lines):
            title = "── output (any key closes) "
            body = lines
        }
        let rule = title + String(repeating: "─", count: max(0, columns - TextWidth.displayWidth(of: title)))
        var lines = [ScreenLine([ScreenSpan(rule, .paneTitle)])]
        let room = paneHeight - 1
        guard room > 0 else { return [] }
        let shown = body.count > room ? Array(body.prefix(room - 1)) + ["… \(body.count - room + 1) more lines"] : body
        lines += shown.map { ScreenLine([ScreenSpan($0)]) }
        while lines.count < paneHeight { lines.append(ScreenLine()) }
        return lines
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
        "L                 the last event's callbacks       ? these keys     q or Esc quit",
        "mouse             press a row, drag, release drops it; click selects a cell",
    ]
}
