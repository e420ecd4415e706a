import Foundation

/// A recorded session: a header and, per input line, the output expected from it.
///
/// Format (see docs/sessions.md): the first line is `# fetchsim session v1`; header comments
/// follow (`# start: demo|empty`, `# expect: inconsistent`, free text); then each input line
/// starts with `> ` and the lines after it, up to the next prompt, are its expected output.
/// Lines that start with `# ` (or are just `#`) are comments anywhere. An output line that would
/// read as a prompt or a comment (the sheet marks a moved row with `>`), or that starts with `\`,
/// is written with a `\` in front (`escaped(_:)`), and read back without it.
public struct Transcript: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var input: String
        public var expected: [String]
        /// The 1-based line number of the `> ` line.
        public var line: Int
        /// Comment lines written inside the block, kept when the file is rewritten.
        public var comments: [String]
    }

    public var header: TranscriptHeader
    /// Every line before the first prompt, as written (kept when the file is rewritten).
    public var headerLines: [String]
    public var entries: [Entry]

    /// Parses transcript text; errors name the line.
    public static func parse(_ text: String) throws(TranscriptError) -> Transcript {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { throw TranscriptError(line: 1, "empty transcript (expected '\(TranscriptHeader.versionLine)')") }
        if first.hasPrefix("# fetchsim session ") && first != TranscriptHeader.versionLine {
            throw TranscriptError(line: 1, "unknown transcript version '\(first.dropFirst("# fetchsim session ".count))' (this fetchsim reads v1)")
        }
        guard first == TranscriptHeader.versionLine else {
            throw TranscriptError(line: 1, "missing header '\(TranscriptHeader.versionLine)'")
        }
        var header = TranscriptHeader(start: .demo)
        var headerLines: [String] = []
        var entries: [Entry] = []
        for (offset, raw) in lines.enumerated() {
            let number = offset + 1
            if raw.contains("\0") { throw TranscriptError(line: number, "binary data (a NUL byte) in a transcript") }
            let line = String(raw)
            if line.hasPrefix("> ") || line == ">" {
                entries.append(Entry(input: String(line.dropFirst(2)), expected: [], line: number, comments: []))
                continue
            }
            let isComment = line == "#" || line.hasPrefix("# ")
            guard !entries.isEmpty else {
                guard isComment || line.isEmpty else {
                    throw TranscriptError(line: number, "expected a comment or a '> ' input line, got '\(line.prefix(40))'")
                }
                headerLines.append(line)
                try readHeaderField(line, into: &header, line: number)
                continue
            }
            if isComment { entries[entries.count - 1].comments.append(line) } else { entries[entries.count - 1].expected.append(unescaped(line)) }
        }
        for i in entries.indices { entries[i].expected = trimmedTrailingBlanks(entries[i].expected) }
        return Transcript(header: header, headerLines: headerLines, entries: entries)
    }

    /// An output line as the transcript writes it: with a `\` in front when it would otherwise
    /// read as a prompt (`> …`, `>`) or a comment (`# …`, `#`), or when it starts with `\`.
    public static func escaped(_ line: String) -> String {
        let misread = line == ">" || line.hasPrefix("> ") || line == "#" || line.hasPrefix("# ") || line.hasPrefix("\\")
        return misread ? "\\" + line : line
    }

    /// An output line as read from a transcript: without the `\` that `escaped(_:)` adds.
    static func unescaped(_ line: String) -> String {
        line.hasPrefix("\\") ? String(line.dropFirst()) : line
    }

    private static func readHeaderField(_ line: String, into header: inout TranscriptHeader, line number: Int) throws(TranscriptError) {
        if line.hasPrefix("# start:") {
            let value = line.dropFirst("# start:".count).trimmingCharacters(in: .whitespaces)
            guard let start = SessionStart(rawValue: value) else {
                throw TranscriptError(line: number, "unknown start '\(value)' (expected demo or empty)")
            }
            header.start = start
        } else if line.hasPrefix("# expect:") {
            let value = line.dropFirst("# expect:".count).trimmingCharacters(in: .whitespaces)
            guard value == "inconsistent" else { throw TranscriptError(line: number, "unknown expectation '\(value)' (expected inconsistent)") }
            header.expectsInconsistency = true
        } else if line != TranscriptHeader.versionLine {
            header.comments.append(String(line.dropFirst(2)))
        }
    }

    static func trimmedTrailingBlanks(_ lines: [String]) -> [String] {
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
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A transcript that cannot be read, with the line where it goes wrong.
public struct TranscriptError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
