import FetchSimCore

/// One line of a sheet as plain text pieces, each with the role it is styled with.
///
/// Widths are measured on the plain pieces; styling happens last, in `rendered(style:)`, so
/// escape codes never count towards a width.
struct SheetLine: Equatable {
    /// A piece of plain text and its role (`nil`: drawn unstyled, such as padding).
    struct Span: Equatable {
        var text: String
        var role: SheetStyleRole?
    }

    private(set) var spans: [Span] = []

    init(_ spans: [Span] = []) {
        self.spans = spans
    }

    /// A line of one piece.
    init(_ text: String, role: SheetStyleRole? = nil) {
        spans = [Span(text: text, role: role)]
    }

    /// Appends `text` with `role`.
    mutating func append(_ text: String, role: SheetStyleRole? = nil) {
        spans.append(Span(text: text, role: role))
    }

    /// The line without styling.
    var plainText: String { spans.map(\.text).joined() }

    /// The line without trailing spaces, cut to at most `width` columns and ending in `…` (in
    /// the cut piece's role) when anything was cut.
    func fitted(to width: Int) -> SheetLine {
        let spans = trimmed().spans
        guard TextWidth.displayWidth(of: spans.map(\.text).joined()) > width else { return SheetLine(spans) }
        guard width > 0 else { return SheetLine() }
        var fitted = SheetLine()
        var budget = width - 1
        for span in spans {
            var kept = ""
            for character in span.text {
                let characterWidth = TextWidth.displayWidth(of: character)
                if characterWidth > budget {
                    fitted.append(kept + "…", role: span.role)
                    return fitted
                }
                kept.append(character)
                budget -= characterWidth
            }
            fitted.append(kept, role: span.role)
        }
        return fitted
    }

    /// The finished line: trailing spaces removed, then each run of pieces with the same role
    /// (with only spaces between them) styled by one call of `style`.
    func rendered(style: (SheetStyleRole, String) -> String) -> String {
        var output = ""
        var run: (role: SheetStyleRole, text: String)?
        var pendingSpaces = ""
        func flushRun() {
            if let current = run { output += style(current.role, current.text) }
            run = nil
        }
        for span in trimmed().spans where !span.text.isEmpty {
            guard let role = span.role else {
                if span.text.allSatisfy({ $0 == " " }) {
                    pendingSpaces += span.text
                } else {
                    flushRun()
                    output += pendingSpaces + span.text
                    pendingSpaces = ""
                }
                continue
            }
            if let current = run, current.role == role {
                run = (role, current.text + pendingSpaces + span.text)
            } else {
                flushRun()
                output += pendingSpaces
                run = (role, span.text)
            }
            pendingSpaces = ""
        }
        flushRun()
        return output
    }

    /// The line without trailing spaces, and without pieces left empty by that.
    func trimmed() -> SheetLine {
        var spans = self.spans
        while let last = spans.last {
            let text = String(last.text.reversed().drop { $0 == " " }.reversed())
            if text.isEmpty {
                spans.removeLast()
            } else {
                spans[spans.count - 1].text = text
                break
            }
        }
        return SheetLine(spans)
    }
}
