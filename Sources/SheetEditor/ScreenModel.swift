import FetchSimCore

/// What a piece of the screen is, for the terminal layer to map to attributes and colours.
package enum ScreenRole: Equatable, Sendable {
    case plain
    /// The column titles.
    case header
    /// A section header line.
    case sectionHeader
    /// Rows the last event inserted, moved or updated.
    case inserted, moved, updated
    /// A cell that shows something else than its object's current values (a stale cell).
    case stale
    /// A row without a configured cell (outside the table's viewport).
    case placeholder
    /// The row under the cursor, and the cell under it.
    case cursorRow, cursorCell
    /// The row being carried.
    case carried
    /// The text field of an in-place edit.
    case field
    /// The status bar, and its verdict.
    case status, consistent, inconsistent
    /// An error in the message line.
    case error
    /// The title rule of the pane.
    case paneTitle
    case dim
}

/// A piece of a screen line in one role.
package struct ScreenSpan: Equatable, Sendable {
    package var text: String
    package var role: ScreenRole

    package init(_ text: String, _ role: ScreenRole = .plain) {
        self.text = text
        self.role = role
    }
}

/// One line of the screen, at most the screen's width.
package struct ScreenLine: Equatable, Sendable {
    package var spans: [ScreenSpan]

    package init(_ spans: [ScreenSpan] = []) {
        self.spans = spans
    }

    /// The line without roles.
    package var text: String { spans.map(\.text).joined() }

    /// The line cut to `width` display columns (wide characters count two).
    package func fitted(to width: Int) -> ScreenLine {
        var budget = width
        var kept: [ScreenSpan] = []
        for span in spans {
            guard budget > 0 else { break }
            let spanWidth = TextWidth.displayWidth(of: span.text)
            if spanWidth <= budget {
                kept.append(span)
                budget -= spanWidth
            } else {
                kept.append(ScreenSpan(TextWidth.truncate(span.text, toWidth: budget), span.role))
                budget = 0
            }
        }
        return ScreenLine(kept)
    }
}

/// Everything on the screen: exactly `rows` lines, and where the terminal cursor goes (shown only
/// while a field is edited).
package struct ScreenModel: Equatable, Sendable {
    package var rows: Int
    package var columns: Int
    package var lines: [ScreenLine]
    /// The terminal cursor's line and column, or `nil` to hide it.
    package var cursor: ScreenPoint?

    package init(rows: Int, columns: Int, lines: [ScreenLine], cursor: ScreenPoint? = nil) {
        self.rows = rows
        self.columns = columns
        self.lines = lines
        self.cursor = cursor
    }

    /// The screen as plain text, one string per line (trailing spaces removed).
    package var text: [String] {
        lines.map { String($0.text.reversed().drop { $0 == " " }.reversed()) }
    }

    /// The lines that differ from `previous` (every line when the size changed): what a redraw
    /// has to write.
    package func changedLines(since previous: ScreenModel?) -> [Int] {
        guard let previous, previous.rows == rows, previous.columns == columns else { return Array(lines.indices) }
        return lines.indices.filter { $0 >= previous.lines.count || previous.lines[$0] != lines[$0] }
    }
}

/// A screen cell position (zero-based).
package struct ScreenPoint: Equatable, Sendable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
