import CommandLanguage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What reading one line of input gave.
package enum LineReadResult: Hashable, Sendable {
    /// A line, without its line ending.
    case line(String)
    /// Ctrl-C: the line being typed was abandoned; read the next one.
    case interrupted
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfInput
}

/// A source of input lines for the REPL.
package protocol LineReader {
    /// Reads the next line, showing `prompt` where the reader shows prompts at all.
    mutating func readLine(prompt: String) -> LineReadResult
}

/// Chooses the line reader for standard input.
package enum LineReaders {
    /// Readline (editing, history, completion) when standard input is a terminal; plain lines,
    /// with no prompt and no echo, when it is a pipe or a file.
    ///
    /// - Parameters:
    ///   - historyPath: where readline keeps history; `nil` keeps it in memory only.
    ///   - completer: readline's Tab completion, given the line up to the cursor and the word
    ///     being completed (see `CommandCompleter`); ignored for plain input.
    /// - Returns: the reader for standard input.
    package static func standardInput(
        historyPath: String? = HistoryFile.defaultPath(),
        completer: @escaping (_ line: String, _ word: String) -> [String] = { _, _ in [] }
    ) -> any LineReader {
        guard isatty(STDIN_FILENO) != 0 else { return PlainLineReader() }
        let reader = ReadlineLineReader(historyPath: historyPath)
        reader.completer = completer
        return reader
    }
}
