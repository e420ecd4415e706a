import FetchSimCore

extension CommandHelp {
    /// The `help` overview: one line per command with its summary, then how to combine edits.
    package static func renderOverview(width: Int = 80) -> [String] {
        let nameWidth = (all.map(\.name.rawValue.count).max() ?? 0) + 2
        var lines = ["Commands:"]
        for entry in all {
            let name = entry.name.rawValue.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            lines += wrap(
                entry.summary, width: width, firstPrefix: "  " + name,
                prefix: String(repeating: " ", count: nameWidth + 2))
        }
        lines.append("")
        lines += wrap(
            "Edits (insert, set, delete, move) can share a line as one change event: a ; b ; c.",
            width: width, firstPrefix: "", prefix: "")
        lines += wrap("Type 'help COMMAND' for its syntax and an example.", width: width, firstPrefix: "", prefix: "")
        return lines
    }

    /// `help COMMAND`: the syntax, the summary, any details and an example.
    package func render(width: Int = 80) -> [String] {
        var lines = Self.wrap(syntax, width: width, firstPrefix: "usage: ", prefix: "         ")
        lines += Self.wrap(summary, width: width, firstPrefix: "  ", prefix: "  ")
        for line in details {
            // A list item (leading spaces) keeps them, and its continuation lines hang under its text.
            let indent = String(line.prefix { $0 == " " })
            let text = String(line.dropFirst(indent.count))
            lines += Self.wrap(
                text, width: width, firstPrefix: "  " + indent, prefix: "  " + indent + (indent.isEmpty ? "" : "  "))
        }
        lines += Self.wrap(example, width: width, firstPrefix: "example: ", prefix: "           ")
        return lines
    }

    /// Breaks `text` at spaces into lines of at most `width` columns where the words allow
    /// (no word is broken); a last line of a single word takes the previous line's last word
    /// with it when that fits, so that no word stands alone.
    package static func wrap(_ text: String, width: Int, firstPrefix: String, prefix: String) -> [String] {
        var lines = greedyWrap(text, width: width, firstPrefix: firstPrefix, prefix: prefix)
        guard lines.count >= 2 else { return lines }
        let last = lines[lines.count - 1]
        let previous = lines[lines.count - 2]
        let previousPrefix = lines.count == 2 ? firstPrefix : prefix
        let lastWords = last.dropFirst(prefix.count).split(separator: " ")
        let previousWords = previous.dropFirst(previousPrefix.count).split(separator: " ")
        guard lastWords.count == 1, previousWords.count >= 3, let moved = previousWords.last else { return lines }
        let newLast = prefix + moved + " " + lastWords[0]
        guard TextWidth.displayWidth(of: newLast) <= width else { return lines }
        lines[lines.count - 2] = previousPrefix + previousWords.dropLast().joined(separator: " ")
        lines[lines.count - 1] = newLast
        return lines
    }

    private static func greedyWrap(_ text: String, width: Int, firstPrefix: String, prefix: String) -> [String] {
        var lines: [String] = []
        var line = firstPrefix
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = lineHasWord ? line + " " + word : line + word
            if lineHasWord, TextWidth.displayWidth(of: candidate) > width {
                lines.append(line)
                line = prefix + word
            } else {
                line = candidate
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }
}
