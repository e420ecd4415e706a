import CommandLanguage
import Foundation
import Interpreter
import Transcripts

/// Runs a session: feeds lines to the interpreter, prints what they produce (text at the
/// terminal's width and colours, or one JSON object per line), keeps the session's plain
/// transcript, and carries out `record`.
package final class SessionDriver {
    package let interpreter: Interpreter
    package let start: SessionStart
    package let isJSON: Bool
    /// Where output lines go (stdout in the executable, an array in tests).
    let sink: (String) -> Void
    /// Where a script's error lines go, as `FILE:LINE: error: …` (stderr in the executable).
    let errorSink: (String) -> Void
    /// Whether each input line is printed before its output (sqlite3's `-echo`; text mode only).
    package var echoesInput = false
    /// Opens the full-screen spreadsheet for `sheet` (the executable's hook: the console does not
    /// know the full-screen module); `nil` where there is no terminal.
    package var sheetOpener: ((SessionDriver) -> Void)?
    /// Whether output goes to a terminal, where lines wider than it are broken at spaces (the
    /// terminal would break them mid-word); transcripts keep them whole.
    package var wrapsLongLines = false
    /// The output width, asked per line so that a resized terminal is followed.
    let width: () -> Int
    let style: @Sendable (TextRole, String) -> String
    /// Every input so far with its plain 80-column output: `record` writes it all, so that a
    /// transcript started mid-session still replays from its start.
    var history: [(input: String, output: [String], files: [EmbeddedFile])] = []
    var recorder: TranscriptRecorder?
    /// The adapter and profile the session started with, for a transcript's header.
    let startAdapter: String
    let startProfile: String
    /// `collection` when the session started with a collection view; nil for a table.
    let startTable: String?
    /// The model file the session started with (`--model`), as given; a recording names it in
    /// its header relative to the transcript's directory.
    package var modelPath: String?
    /// The session started on a store file's objects (`--store`, `--coredata-store`): the name a
    /// recording embeds them under, and how to read them as a `StoreSnapshot`. Nil otherwise.
    package var storeSnapshot: (name: String, read: () throws -> String)?
    /// The snapshot as first read; later recordings embed the same one.
    var startSnapshot: String?
    /// Asks the user whether to quit anyway (a terminal's `[y/N]` question; true = quit). Nil in
    /// scripts and pipes, which never ask: they warn on the error sink instead (`leave()`).
    package var confirmQuit: ((String) -> Bool)?
    /// Shows long output through a pager; false when it could not (the lines are then printed).
    /// Nil in pipes, scripts and JSON mode, which never page.
    package var pager: (([String]) -> Bool)?
    /// The terminal's height: output at least this long is paged.
    package var pageHeight: () -> Int = { 24 }
    /// Whether the changes live in a store file: its unsaved changes are then asked about by the
    /// launcher ("save them?"), not here.
    package var keepsStoreFile = false
    /// The answers of the lines of the `read` files being run, innermost last (JSON mode: a
    /// `read` answers one object holding them). Its depth is the nesting of `read`.
    var readAnswers: [[JSONValue]] = []
    /// How deep `read` may nest (a file that reads itself stops here).
    static let maximumReadDepth = 16
    /// Whether any line failed (an error, an inconsistency or a UIKit error).
    package internal(set) var hadFailure = false
    /// Whether any change event so far was inconsistent or hit a UIKit error: a recording then
    /// says `# expect: inconsistent`, so that it replays.
    package internal(set) var sawInconsistency = false
    /// The executable that registers the app's view controller the session selected (`adapter
    /// notes`), once one was: a recording names it (`# executable: NAME`).
    var appAdapterExecutable: String?

    package init(
        interpreter: Interpreter, start: SessionStart, isJSON: Bool,
        width: @escaping () -> Int = { 80 }, style: @escaping @Sendable (TextRole, String) -> String = { $1 },
        sink: @escaping (String) -> Void, errorSink: ((String) -> Void)? = nil
    ) {
        self.interpreter = interpreter
        self.start = start
        self.isJSON = isJSON
        self.width = width
        self.style = style
        self.sink = sink
        self.errorSink = errorSink ?? sink
        let workspace = interpreter.workspace
        startAdapter = workspace.userAdapterName ?? "\(workspace.adapterKind.rawValue) \(workspace.adapterOptions)"
        startProfile = workspace.profile.rawValue
        startTable = workspace.tableStyle.rawValue == "table" ? nil : workspace.tableStyle.rawValue
        if workspace.userAdapterName != nil { appAdapterExecutable = RegisteredAdapters.executable }
        interpreter.rendersText = true
    }

    /// The prompt for the next line.
    package var prompt: String { interpreter.isInTransaction ? "...> " : "fetchsim> " }

    /// Where a script line came from, for its error messages (`FILE:LINE: error: …`).
    package struct ScriptLocation: Sendable {
        package var file: String
        package var line: Int

        package init(file: String, line: Int) {
            self.file = file
            self.line = line
        }
    }

    /// Runs one line; returns false when the session should end. A line from a script
    /// (`location`) reports its error on the error sink as `FILE:LINE: error: …`; a line that is
    /// not `recorded` (the welcome's `show`) stays out of the session's transcript.
    @discardableResult
    package func handle(_ line: String, location: ScriptLocation? = nil, recorded: Bool = true) -> Bool {
        let outcome = interpreter.execute(line)
        // `quit` changes nothing itself: a declined one is neither printed nor recorded.
        if outcome.quits, !mayQuit() { return true }
        if outcome.failed { hadFailure = true }
        if echoesInput, !isJSON { sink(line) }
        switch outcome.request {
        case .record(let action):
            // `record` answers once, with what carrying it out gave (one JSON object per line).
            print(carryOut(action), location: location)
            return true
        case .exportPage(let path):
            print(exportPage(to: path), key: "page", location: location)
            return true
        case .read(let path):
            return read(path, location: location)
        case .quit, nil:
            break
        }
        if isJSON {
            emit(outcome.json)
        } else if let location, let message = outcome.errorMessage {
            errorSink("\(location.file):\(location.line): error: \(message)")
        } else {
            let lines = outcome.renderText(width: width(), wrapsLongLines: wrapsLongLines, style: style)
            if !(outcome.isLong && interpreter.usesPager && lines.count >= pageHeight() && pager?(lines) == true) {
                for text in lines { sink(text) }
            }
        }
        // Timing is printed, never recorded: transcripts stay deterministic.
        if !isJSON, let timing = outcome.timing { sink(style(.dim, timing.summary)) }
        if recorded { remember(line, outcome) }
        if outcome.opensSheet {
            if let sheetOpener, !isJSON {
                sheetOpener(self)
            } else if !isJSON {
                sink(style(.dim, "sheet: the full-screen spreadsheet needs a terminal; staying here"))
            }
        }
        return !outcome.quits
    }

    /// Runs one line for the full-screen spreadsheet: records it as `handle` does but prints
    /// nothing; `record` is carried out and its message returned as the outcome's text.
    package func perform(_ line: String) -> LineOutcome {
        var outcome = interpreter.execute(line)
        if outcome.failed { hadFailure = true }
        let carriedOut: (message: String, failed: Bool)
        switch outcome.request {
        case .record(let action):
            carriedOut = carryOut(action)
        case .exportPage(let path):
            carriedOut = exportPage(to: path)
        case .quit, .read, nil:
            // The editor closes on `quit` without asking; `read` is not run from the editor.
            remember(line, outcome)
            outcome.opensSheet = false
            return outcome
        }
        guard !carriedOut.failed else { return .error(String(carriedOut.message.dropFirst(7))) }
        var answer = LineOutcome()
        answer.text = [.line(carriedOut.message)]
        return answer
    }

    /// Keeps `line` and its plain output in the session's history and the open recording.
    private func remember(_ line: String, _ outcome: LineOutcome) {
        if outcome.failed, interpreter.lastReport.map({ !$0.isConsistent }) == true, !sawInconsistency {
            sawInconsistency = true
            recorder?.expectInconsistency()
        }
        if appAdapterExecutable == nil, interpreter.workspace.userAdapterName != nil,
            let executable = RegisteredAdapters.executable
        {
            appAdapterExecutable = executable
            recorder?.noteExecutable(executable)
        }
        let plain = outcome.renderText(width: 80)
        let files = outcome.filesRead.map { EmbeddedFile(path: $0.path, contents: $0.contents) }
        history.append((line, plain, files))
        recorder?.record(input: line, output: plain, files: files)
    }

    /// Reads lines from `reader` until the end of input or `quit`; `script` names the file the
    /// lines come from (their errors then name file and line).
    /// - Returns: false when the session ended with `quit`.
    @discardableResult
    package func run(reader: inout some LineReader, script: String? = nil) -> Bool {
        run(reader: &reader, script: script, confirmsAtEnd: script == nil)
    }

    /// Runs `reader`'s lines, naming `script` and the line in errors; at the end of the input
    /// asks `confirmQuit` first when `confirmsAtEnd`.
    package func run(reader: inout some LineReader, script: String?, confirmsAtEnd: Bool) -> Bool {
        var number = 0
        while true {
            switch reader.readLine(prompt: isJSON ? "" : prompt) {
            case .line(let line):
                number += 1
                if let script, number > 1, interpreter.isInterrupted() {
                    // Stopped between two lines: what ran is kept (each line was its own turn).
                    let note = "\(script): interrupted before line \(number); lines 1–\(number - 1) ran and are kept"
                    if isJSON { emit(.object([("ok", false), ("error", .string(note))])) } else { errorSink(note) }
                    hadFailure = true
                    return true
                }
                guard handle(line, location: script.map { ScriptLocation(file: $0, line: number) }) else {
                    return false
                }
            case .interrupted:
                continue
            case .endOfInput:
                if !confirmsAtEnd || mayQuit() { return true }
            }
        }
    }

    /// What quitting now would lose, or nil: an open `begin … commit` block, and unsaved changes
    /// kept only in memory (a store file's are asked about by the launcher).
    package var quitConcern: String? {
        var lost: [String] = []
        if interpreter.isInTransaction { lost.append("the open 'begin … commit' block is discarded") }
        if !keepsStoreFile, interpreter.workspace.context.hasUnsavedEvents { lost.append("unsaved changes are lost") }
        return lost.isEmpty ? nil : lost.joined(separator: " and ")
    }

    /// Whether the session may end now: true when nothing would be lost, or in scripts (no
    /// `confirmQuit`), or when the user answers yes.
    func mayQuit() -> Bool {
        guard let concern = quitConcern, let confirmQuit else { return true }
        return confirmQuit("Quitting: \(concern). Quit anyway? [y/N] ")
    }

    /// Ends the session's input: an open `begin … commit` block is discarded, with a warning
    /// on the error sink when nobody was asked (scripts and pipes, as `--store` warns).
    package func leave() {
        guard interpreter.isInTransaction else { return }
        if confirmQuit == nil {
            errorSink("fetchsim: warning: quitting inside 'begin … commit'; the block's edits are discarded")
        }
        interpreter.discardOpenBlock()
    }

    /// Stops recording (flushing the transcript).
    package func finish() {
        recorder?.close()
        recorder = nil
    }
}
