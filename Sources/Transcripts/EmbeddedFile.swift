import FetchSimCore

/// A file a recorded line read (`import csv FILE …`), kept in the transcript so that the
/// transcript alone replays — what a bug report needs when the file stays on its author's disk.
///
/// It is written as comment lines before the line that read it, so that a reader of the format
/// without this feature skips it:
///
/// ```
/// # file: tasks.csv
/// # | title,order
/// # | Milk,0
/// > import csv tasks.csv Task
/// ```
///
/// A file without a final line ending says so with `# (no newline at end of file)`. Lines end
/// as `\n` in the transcript: a file written with `\r\n` comes back with `\n`.
package struct EmbeddedFile: Equatable, Sendable {
    /// The path as the line named it.
    package var path: String
    package var contents: String

    package init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }

    static let fileMarker = "# file: "
    static let linePrefix = "# | "
    static let emptyLine = "# |"
    static let noFinalNewline = "# (no newline at end of file)"

    /// The comment lines that hold the file.
    package var commentLines: [String] {
        var lines = [Self.fileMarker + path]
        for line in TextLines.split(contents) { lines.append(line.isEmpty ? Self.emptyLine : Self.linePrefix + line) }
        if !contents.isEmpty, !contents.hasSuffix("\n") { lines.append(Self.noFinalNewline) }
        return lines
    }

    /// The files held in `comments` (a run of comment lines), in order.
    package static func files(in comments: [String]) -> [EmbeddedFile] {
        var files: [EmbeddedFile] = []
        var current: (path: String, lines: [String], finalNewline: Bool)?
        func finish() {
            guard let file = current else { return }
            let body = file.lines.joined(separator: "\n")
            files.append(
                EmbeddedFile(
                    path: file.path, contents: file.lines.isEmpty ? "" : body + (file.finalNewline ? "\n" : "")))
            current = nil
        }
        for line in comments {
            if line.hasPrefix(fileMarker) {
                finish()
                current = (String(line.dropFirst(fileMarker.count)), [], true)
            } else if current != nil, line == emptyLine {
                current?.lines.append("")
            } else if current != nil, line.hasPrefix(linePrefix) {
                current?.lines.append(String(line.dropFirst(linePrefix.count)))
            } else if current != nil, line == noFinalNewline {
                current?.finalNewline = false
                finish()
            } else {
                finish()
            }
        }
        finish()
        return files
    }
}
