@preconcurrency internal import CReadline
internal import CTerminal
import CommandLanguage
import Interpreter

#if canImport(Glibc)
import Glibc
#endif

// Readline is one global state machine, so the Swift side of it is too: these variables are only
// touched by the reader, on the thread that calls `readLine`, and by readline's callbacks, which
// run inside that call.
nonisolated(unsafe) private var activeCompleter: (_ line: String, _ word: String) -> [String] = { _, _ in [] }
nonisolated(unsafe) private var pendingMatches: [String] = []
nonisolated(unsafe) private var acceptedLine: LineReadResult?
nonisolated(unsafe) private var isReaderAlive = false

/// Reads lines with GNU readline: editing, Up-arrow and Ctrl-R history, Tab completion.
///
/// History is loaded from `historyPath` and written back after every accepted line. Ctrl-C
/// abandons the line being typed (`.interrupted`) instead of ending the process; Ctrl-D on an
/// empty line ends input. Bracketed paste is off, so pasted lines arrive as typed lines.
/// Only one reader may exist at a time: readline has a single global state.
package final class ReadlineLineReader: LineReader {
    /// Where history is read from and written to; `nil` keeps it in memory.
    package let historyPath: String?

    /// Tab completion: given the line up to the cursor and the word being completed, the
    /// replacements for that word. Words break at spaces and at `=`, `:`, `,` and `;`.
    package var completer: (_ line: String, _ word: String) -> [String] {
        get { activeCompleter }
        set { activeCompleter = newValue }
    }

    package init(historyPath: String? = HistoryFile.defaultPath()) {
        precondition(!isReaderAlive, "only one ReadlineLineReader may exist at a time; keep and reuse the first")
        isReaderAlive = true
        self.historyPath = historyPath
        rl_readline_name = ReadlineStrings.name
        rl_catch_signals = 0
        rl_catch_sigwinch = 1
        rl_persistent_signal_handlers = 1
        rl_change_environment = 0
        rl_initialize()
        rl_variable_bind("enable-bracketed-paste", "off")
        rl_attempted_completion_function = attemptCompletion
        rl_completer_word_break_characters = ReadlineStrings.wordBreaks
        using_history()
        stifle_history(Int32(HistoryFile.capacity))
        if let historyPath { read_history(historyPath) }
        _ = fetchsim_interrupt_install()
    }

    deinit {
        saveHistory()
        fetchsim_interrupt_uninstall()
        activeCompleter = { _, _ in [] }
        isReaderAlive = false
    }

    package func readLine(prompt: String) -> LineReadResult {
        _ = fetchsim_interrupt_take()  // a Ctrl-C pressed while a command ran is not for this line
        rl_reset_screen_size()
        acceptedLine = nil
        rl_callback_handler_install(ReadlinePrompt.markingInvisibleSequences(prompt), acceptLine)
        while true {
            switch fetchsim_wait_for_input(STDIN_FILENO) {
            case Int32(FETCHSIM_INPUT_READY):
                rl_callback_read_char()
                if let result = acceptedLine { return finish(result) }
            case Int32(FETCHSIM_INPUT_INTERRUPTED):
                return abandonLine()
            case Int32(FETCHSIM_INPUT_SIGNALLED):
                rl_check_signals()
            default:
                rl_callback_handler_remove()
                return .endOfInput
            }
        }
    }

    /// Whether Ctrl-C was pressed since the last call (or the last `readLine`), for a command
    /// that runs long and wants to stop early.
    package static func consumeInterrupt() -> Bool {
        fetchsim_interrupt_take() != 0
    }

    private func finish(_ result: LineReadResult) -> LineReadResult {
        switch result {
        case .line(let line):
            remember(line)
        case .endOfInput:
            fputs("\n", stdout)
            fflush(stdout)
        case .interrupted:
            break
        }
        return result
    }

    private func abandonLine() -> LineReadResult {
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_echo_signal_char(SIGINT)
        rl_callback_handler_remove()
        fputs("\n", stdout)
        fflush(stdout)
        return .interrupted
    }

    private func remember(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        if history_length > 0, let last = history_get(history_base + history_length - 1)?.pointee.line,
            String(cString: last) == line
        {
            return
        }
        add_history(line)
        saveHistory()
    }

    private func saveHistory() {
        guard let historyPath else { return }
        write_history(historyPath)
    }
}

/// C strings readline keeps pointers to for the life of the process.
private enum ReadlineStrings {
    nonisolated(unsafe) static let name = UnsafePointer(strdup("fetchsim"))
    nonisolated(unsafe) static let wordBreaks = UnsafePointer(strdup(" \t\n=:,;"))
}

/// Readline's line handler: keeps the line (`nil` means end of input) and stops the callback loop.
private func acceptLine(_ line: UnsafeMutablePointer<CChar>?) {
    if let line {
        acceptedLine = .line(String(cString: line))
        free(line)
    } else {
        acceptedLine = .endOfInput
    }
    rl_callback_handler_remove()
}

/// Readline's completion hook: asks the completer, never falls back to file names.
private func attemptCompletion(
    _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    rl_attempted_completion_over = 1
    let word = text.map { String(cString: $0) } ?? ""
    var line = ""
    if let buffer = rl_line_buffer, end > 0 {
        line = buffer.withMemoryRebound(to: UInt8.self, capacity: Int(end)) {
            String(decoding: UnsafeBufferPointer(start: $0, count: Int(end)), as: UTF8.self)
        }
    }
    pendingMatches = activeCompleter(line, word)
    guard !pendingMatches.isEmpty else { return nil }
    if pendingMatches.allSatisfy({ $0.hasSuffix("=") }) { rl_completion_append_character = 0 }
    return rl_completion_matches(text, nextMatch)
}

/// Readline's match generator: hands out `pendingMatches` one by one (state 0 starts over).
private func nextMatch(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
    let index = Int(state)
    guard index < pendingMatches.count else { return nil }
    return strdup(pendingMatches[index])
}
