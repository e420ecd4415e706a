import CommandLanguage
import FetchSimCore
import Foundation
import Interpreter

/// A recorded session: a header and, per input line, the output expected from it.
///
/// Format (see docs/sessions.md): the first line is `# fetchsim session v1`; header comments
/// follow (`# start: demo|empty`, `# expect: inconsistent`, free text); then each input line
/// starts with `> ` and the lines after it, up to the next prompt, are its expected output.
/// Lines that start with `# ` (or are just `#`) are comments anywhere. An output line that would
/// read as a prompt or a comment (the sheet marks a moved row with `>`), or that starts with `\`,
/// is written with a `\` in front (`escaped(_:)`), and read back without it.
package struct Transcript: Equatable, Sendable {
    package struct Entry: Equatable, Sendable {
        package var input: String
        package var expected: [String]
        /// The 1-based line number of the `> ` line.
        package var line: Int
        /// Comment lines written between the `> ` line and the first output line, kept there when
        /// the file is rewritten.
        package var comments: [String]
        /// Comment lines written after the output, or in a block without output (before the next
        /// prompt, where they introduce it), kept there when the file is rewritten.
        package var trailingComments: [String] = []
        /// The 1-based line number of each expected output line.
        package var expectedLineNumbers: [Int] = []
        /// The files embedded before the `> ` line (in the comments before it), which the line
        /// may read (`EmbeddedFile`).
        package var files: [EmbeddedFile] = []

        /// The file's line number for output line `index` of this block (past the end: where
        /// further lines would go).
        package func lineNumber(ofOutput index: Int) -> Int {
            if index < expectedLineNumbers.count { return expectedLineNumbers[index] }
            let after = expectedLineNumbers.last ?? (line + comments.count)
            return after + 1 + index - expectedLineNumbers.count
        }
    }

    /// The longest line a transcript may hold, in bytes (a REPL line or an 80-column output line is
    /// far shorter; a longer one is garbage, not a session).
    package static let maximumLineLength = 65_536

    package var header: TranscriptHeader
    /// Every line before the first prompt, as written (kept when the file is rewritten).
    package var headerLines: [String]
    package var entries: [Entry]

    /// Parses the bytes of a transcript file; invalid UTF-8 is an error naming its line.
    package static func parse(data: Data) throws(TranscriptError) -> Transcript {
        guard let text = String(data: data, encoding: .utf8) else {
            // The first line that does not decode.
            var number = 1
            for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                if String(data: Data(line), encoding: .utf8) == nil { break }
                number += 1
            }
            throw TranscriptError(line: number, "binary data (invalid UTF-8) in a transcript")
        }
        return try parse(text)
    }

    /// Parses transcript text; errors name the line.
    package static func parse(_ text: String) throws(TranscriptError) -> Transcript {
        let lines = TextLines.split(text)
        guard let first = lines.first else {
            throw TranscriptError(line: 1, "empty transcript (expected '\(TranscriptHeader.versionLine)')")
        }
        if let long = lines.firstIndex(where: { $0.utf8.count > maximumLineLength }) {
            throw TranscriptError(
                line: long + 1, "line too long (\(lines[long].utf8.count) bytes; at most \(maximumLineLength))")
        }
        if let nul = lines.firstIndex(where: { $0.contains("\0") }) {
            throw TranscriptError(line: nul + 1, "binary data (a NUL byte) in a transcript")
        }
        if first.hasPrefix("# fetchsim session ") && first != TranscriptHeader.versionLine {
            throw TranscriptError(
                line: 1,
                "unknown transcript version '\(first.dropFirst("# fetchsim session ".count))' (this fetchsim reads v1)")
        }
        guard first == TranscriptHeader.versionLine else {
            throw TranscriptError(line: 1, "missing header '\(TranscriptHeader.versionLine)'")
        }
        var header = TranscriptHeader(start: .demo)
        var headerLines: [String] = []
        var entries: [Entry] = []
        // Comments seen since the last output line of the current block: they go before the
        // block's output when output follows them, otherwise after it (before the next prompt).
        var pendingComments: [String] = []
        func closeBlock() {
            guard !entries.isEmpty else { return }
            entries[entries.count - 1].trailingComments += pendingComments
            pendingComments = []
        }
        for (offset, raw) in lines.enumerated() {
            let number = offset + 1
            let line = String(raw)
            if line.hasPrefix("> ") || line == ">" {
                // Files embedded in the comments just before the prompt belong to its line.
                let files = EmbeddedFile.files(in: entries.isEmpty ? headerLines : pendingComments)
                closeBlock()
                var entry = Entry(input: String(line.dropFirst(2)), expected: [], line: number, comments: [])
                entry.files = files
                entries.append(entry)
                continue
            }
            let isComment = line == "#" || line.hasPrefix("# ")
            guard !entries.isEmpty else {
                guard isComment || line.isEmpty else {
                    throw TranscriptError(
                        line: number, "expected a comment or a '> ' input line, got '\(line.prefix(40))'")
                }
                headerLines.append(line)
                try readHeaderField(line, into: &header, line: number)
                continue
            }
            let last = entries.count - 1
            if isComment {
                pendingComments.append(line)
            } else {
                // A comment between output lines is kept, after the output, when the file is rewritten.
                if entries[last].expected.isEmpty {
                    entries[last].comments += pendingComments
                } else {
                    entries[last].trailingComments += pendingComments
                }
                pendingComments = []
                entries[last].expected.append(unescaped(line))
                entries[last].expectedLineNumbers.append(number)
            }
        }
        closeBlock()
        guard !entries.isEmpty else {
            throw TranscriptError(
                line: lines.count + 1, "no input line: a transcript needs at least one '> ' line after its header")
        }
        for i in entries.indices {
            entries[i].expected = trimmedTrailingBlanks(entries[i].expected)
            entries[i].expectedLineNumbers = Array(entries[i].expectedLineNumbers.prefix(entries[i].expected.count))
        }
        return Transcript(header: header, headerLines: headerLines, entries: entries)
    }

    /// An output line as the transcript writes it: with a `\` in front when it would otherwise
    /// read as a prompt (`> …`, `>`) or a comment (`# …`, `#`), or when it starts with `\`.
    package static func escaped(_ line: String) -> String {
        let misread = line == ">" || line.hasPrefix("> ") || line == "#" || line.hasPrefix("# ") || line.hasPrefix("\\")
        return misread ? "\\" + line : line
    }

    /// An output line as read from a transcript: without the `\` that `escaped(_:)` adds.
    static func unescaped(_ line: String) -> String {
        line.hasPrefix("\\") ? String(line.dropFirst()) : line
    }

    private static func readHeaderField(_ line: String, into header: inout TranscriptHeader, line number: Int)
        throws(TranscriptError)
    {
        if line.hasPrefix("# start:") {
            let value = line.dropFirst("# start:".count).trimmingCharacters(in: .whitespaces)
            guard let start = SessionStart(rawValue: value) else {
                throw TranscriptError(line: number, "unknown start '\(value)' (expected demo or empty)")
            }
            header.start = start
        } else if line.hasPrefix("# adapter:") || line.hasPrefix("# profile:") {
            let name = line.hasPrefix("# adapter:") ? "adapter" : "profile"
            let value = line.dropFirst("# adapter:".count).trimmingCharacters(in: .whitespaces)
            if name == "adapter", let missing = header.missingAdapter(String(value.prefix { $0 != " " })) {
                throw TranscriptError(line: number, missing)
            }
            try checkSetting(name, value, in: line, number: number)
            if name == "adapter" { header.adapter = value } else { header.profile = value }
        } else if line.hasPrefix("# table:") {
            let value = line.dropFirst("# table:".count).trimmingCharacters(in: .whitespaces)
            try checkSetting("table", value, in: line, number: number)
            header.table = value
        } else if line.hasPrefix("# executable:") {
            let value = line.dropFirst("# executable:".count).trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { throw TranscriptError(line: number, "'# executable:' names no executable") }
            header.executable = value
        } else if line.hasPrefix("# model:") {
            let value = line.dropFirst("# model:".count).trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { throw TranscriptError(line: number, "'# model:' names no model file") }
            header.model = value
        } else if line.hasPrefix("# store:") {
            let value = line.dropFirst("# store:".count).trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else {
                throw TranscriptError(line: number, "'# store:' names no embedded store snapshot")
            }
            header.store = value
        } else if line.hasPrefix("# expect:") {
            let value = line.dropFirst("# expect:".count).trimmingCharacters(in: .whitespaces)
            guard value == "inconsistent" else {
                throw TranscriptError(line: number, "unknown expectation '\(value)' (expected inconsistent)")
            }
            header.expectsInconsistency = true
        } else if line != TranscriptHeader.versionLine {
            header.comments.append(String(line.dropFirst(2)))
        }
    }

    /// Parses the header's `# adapter: …`, `# profile: …` or `# table: …` as the command it stands for, so that
    /// a bad value is reported at its line and column before anything runs.
    private static func checkSetting(_ name: String, _ value: String, in line: String, number: Int)
        throws(TranscriptError)
    {
        guard !value.isEmpty else { throw TranscriptError(line: number, "'# \(name):' names no \(name)") }
        do {
            let commands = try CommandParser.parseLine(name + " " + value)
            let expected: Bool =
                switch commands.first {
                case .adapter?, .userAdapter?: name == "adapter"
                case .profile?: name == "profile"
                case .table(_?)?: name == "table"
                default: false
                }
            guard commands.count == 1, expected else {
                throw TranscriptError(line: number, "'# \(name):' is not a \(name) setting")
            }
        } catch let error as CommandError {
            // Columns of `name value` → columns of the header line.
            var located = error
            let valueColumn =
                line.distance(from: line.startIndex, to: line.range(of: value)?.lowerBound ?? line.startIndex) + 1
            located.column = error.column - (name.count + 2) + valueColumn
            throw TranscriptError(line: number, "'# \(name):' \(located)")
        } catch let error as TranscriptError {
            throw error
        } catch {
            throw TranscriptError(line: number, "'# \(name):' \(error)")
        }
    }

    package static func trimmedTrailingBlanks(_ lines: [String]) -> [String] {
        var lines = lines
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The transcript as text, with `outputs` in place of the expected outputs.
    func rendered(outputs: [[String]]) -> String {
        var lines = headerLines
        for (entry, output) in zip(entries, outputs) {
            lines.append("> " + entry.input)
            lines += entry.comments
            lines += output.map(Self.escaped)
            lines += entry.trailingComments
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A transcript that cannot be read, with the line where it goes wrong.
package struct TranscriptError: Error, Equatable, Sendable, CustomStringConvertible {
    package let line: Int
    package let message: String

    package init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    package var description: String { "line \(line): \(message)" }
}
