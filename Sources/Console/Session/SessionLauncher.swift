internal import CTerminal
import CommandLanguage
import CoreDataFiles
import FetchSimCore
import Foundation
import Interpreter
import ObjectGraph
import SQLiteStore
import Transcripts

/// Starts a session the way the `fetchsim` executable does: builds the workspace, picks the
/// input (script files, a terminal with readline, or piped lines) and the output (colour and
/// width from the terminal, or one JSON object per line), and returns the exit status.
package struct SessionLauncher {
    package var start: SessionStart = .demo
    package var isJSON = false
    package var recordPath: String?
    /// A SQLite store file to open (created when missing); nil keeps everything in memory.
    package var storePath: String?
    /// An Xcode model (`.xcdatamodeld`, `.xcdatamodel`) whose entities the session starts with.
    package var modelPath: String?
    /// A Core Data SQLite store read through the model (never written): its objects start committed.
    package var coreDataStorePath: String?
    package var scripts: [String] = []
    /// Print each input line before its output (sqlite3's `-echo`).
    package var echoesInput = false
    /// After the scripts, read standard input too (`--interactive`; the REPL on a terminal).
    package var staysInteractive = false
    package var environment = ProcessInfo.processInfo.environment
    /// Opens the full-screen spreadsheet on the driver's workspace (the executable's hook); the
    /// second argument is the store file whose unsaved changes quitting asks about, if any. It
    /// returns false when the terminal could not be driven (it has said why).
    /// Opens the full-screen spreadsheet on the driver: the store file, if any, and whether
    /// leaving it ends the session (`fetchsim tui`) or returns to the prompt (`sheet`).
    package var sheetOpener: ((SessionDriver, String?, _ endsSession: Bool) -> Bool)?
    /// `fetchsim tui`: after the scripts, the session is the full-screen spreadsheet.
    package var startsInFullScreen = false
    /// The adapter the session starts with (`--adapter NAME`): one of FetchSim's, or an app's
    /// view controller its executable registered; nil for the start's own.
    package var adapter: String?

    package init() {}

    /// Runs the session to its end. Scripts (files or piped input) exit with 1 when any line
    /// failed — an error, an inconsistency or a UIKit error; an interactive session exits with 0.
    package func run() -> Int32 {
        let interpreter: Interpreter
        var start = self.start
        var opened: String?
        var restored = Interpreter.RestoredSettings()
        do {
            if let modelPath {
                let (modelInterpreter, welcome) = try Self.openModel(modelPath, store: coreDataStorePath)
                interpreter = modelInterpreter
                opened = welcome
                start = .empty
            } else {
                let context = try ObjectContext(
                    store: try storePath.map { try SQLiteStore(path: $0) } ?? InMemoryStore())
                // A store that already holds a schema opens as it is; a new one gets the demo unless --empty.
                if !context.schema.entities.isEmpty { start = .empty }
                interpreter = Interpreter(workspace: Workspace(context: context))
            }
            try start.prepare(interpreter)
            if storePath != nil { restored = try interpreter.restoreSessionSettings() }
            if let adapter {
                let outcome = interpreter.execute("adapter " + adapter)
                if outcome.failed {
                    throw InterpreterError(
                        "--adapter \(adapter): " + (outcome.renderText(width: 1_000).first ?? "failed"))
                }
            }
        } catch {
            FileHandle.standardError.write(Data("fetchsim: \(error)\n".utf8))
            return 2
        }
        let readsStandardInput = scripts.isEmpty || staysInteractive
        let isTerminal = isatty(STDIN_FILENO) != 0 && readsStandardInput
        let policy = ColorPolicy.standardOutput(environment: environment)
        let styler = ANSIStyler(policy: isJSON ? .plain : policy)
        let driver = SessionDriver(
            interpreter: interpreter, start: start, isJSON: isJSON,
            width: { max(TerminalSize.standardOutput(environment: environment).columns, 20) },
            style: { role, text in styler.apply(Self.styles(for: role), to: text) },
            sink: { line in
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            },
            errorSink: { line in
                FileHandle.standardError.write(Data((line + "\n").utf8))
            })
        driver.echoesInput = echoesInput
        driver.modelPath = modelPath
        driver.wrapsLongLines = !isJSON && isatty(STDOUT_FILENO) != 0
        if let sheetOpener, isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 {
            driver.sheetOpener = { _ = sheetOpener($0, nil, false) }
        }
        if startsInFullScreen, driver.sheetOpener == nil || sheetOpener == nil {
            FileHandle.standardError.write(
                Data("fetchsim: tui: the full-screen spreadsheet needs a terminal (stdin and stdout)\n".utf8))
            return 2
        }
        // A read-only store cannot keep unsaved changes: quitting asks as it does without a store.
        let keptStorePath = interpreter.workspace.context.store.isReadOnly ? nil : storePath
        driver.keepsStoreFile = keptStorePath != nil
        // A recording of a session that started on a store's objects embeds them, so that the
        // transcript replays without the file (a new store starts on the demo or empty instead).
        if let path = coreDataStorePath ?? (start == .empty ? storePath : nil) {
            let store = interpreter.workspace.context.store
            driver.storeSnapshot = ((path as NSString).lastPathComponent, { try StoreSnapshot.text(of: store) })
        }
        for problem in restored.problems {
            FileHandle.standardError.write(Data("fetchsim: \(problem)\n".utf8))
        }
        if isTerminal, !isJSON {
            // Ctrl-C at the prompt abandons the line (readline's handler records it); during a
            // long command it stops the command between records or lines.
            interpreter.isInterrupted = { fetchsim_interrupt_take() != 0 }
            if isatty(STDERR_FILENO) != 0 {
                interpreter.progress = { text in
                    FileHandle.standardError.write(Data((text.isEmpty ? "\r\u{1B}[K" : "\r" + text + "\u{1B}[K").utf8))
                }
            }
        }
        if isTerminal, !isJSON { driver.confirmQuit = Self.askYesNo }
        // Long output is paged only when both ends are a terminal (never in pipes or JSON).
        if isTerminal, !isJSON, isatty(STDOUT_FILENO) != 0, let pager = Pager.fromEnvironment(environment) {
            driver.pager = pager.show
            driver.pageHeight = Pager.terminalRows
        }
        if let recordPath {
            do {
                try driver.startRecording(to: recordPath)
            } catch {
                FileHandle.standardError.write(Data("fetchsim: \(error)\n".utf8))
                return 2
            }
        }
        defer { driver.finish() }
        if startsInFullScreen, let sheetOpener {
            for path in scripts {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("fetchsim: cannot read script '\(path)'\n".utf8))
                    return 2
                }
                var reader = ScriptLineReader(text: String(decoding: data, as: UTF8.self))
                guard driver.run(reader: &reader, script: path) else { return 0 }
            }
            return sheetOpener(driver, keptStorePath, true) ? 0 : 2
        }
        // The welcome, wrapped at the terminal's width like help and errors.
        let welcome = { (text: String) in
            for line in CommandHelp.wrap(text, width: driver.width(), firstPrefix: "", prefix: "") {
                print(styler.apply(.bold, to: line))
            }
        }
        if isTerminal, !isJSON, start == .demo, scripts.isEmpty {
            welcome(SessionStart.welcome)
            driver.handle("show", recorded: false)
        } else if isTerminal, !isJSON, let opened {
            welcome(opened)
        } else if isTerminal, !isJSON, let storePath {
            welcome(Self.storeWelcome(storePath, interpreter: interpreter, restored: restored))
            if restored.lines.contains(where: { $0.hasPrefix("fetch ") }) { driver.handle("show", recorded: false) }
        } else if isTerminal, !isJSON, scripts.isEmpty {
            welcome(SessionStart.emptyWelcome)
        }
        var quit = false
        for path in scripts {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("fetchsim: cannot read script '\(path)'\n".utf8))
                return 2
            }
            var reader = ScriptLineReader(text: String(decoding: data, as: UTF8.self))
            guard driver.run(reader: &reader, script: path) else {
                quit = true
                break
            }
        }
        if readsStandardInput, !quit {
            var reader = LineReaders.standardInput(completer: { line, word in
                if let path = CommandCompleter.fileArgument(line: line) {
                    return FileNameCompletion.candidates(path: path, word: word)
                }
                return CommandCompleter(context: Self.completionContext(interpreter)).completions(
                    line: line, word: word)
            })
            // Piped input is a script without a file name: its errors go to stderr as
            // `<stdin>:LINE: error: …`, unwrapped, as a script file's do.
            _ = driver.run(reader: &reader, script: isTerminal || isJSON ? nil : "<stdin>", confirmsAtEnd: true)
        }
        driver.leave()
        confirmUnsavedChanges(interpreter, isTerminal: isTerminal)
        return isTerminal || !driver.hadFailure ? 0 : 1
    }

    /// The interpreter `--model` starts (with `--coredata-store`'s objects, committed) and the
    /// welcome line saying what was opened; the model's notes go to standard error.
    /// What a terminal session says on opening a store: what it holds, whether it is read-only,
    /// and the fetch it brought back (or how to make one).
    static func storeWelcome(_ path: String, interpreter: Interpreter, restored: Interpreter.RestoredSettings) -> String
    {
        let context = interpreter.workspace.context
        let readOnly = context.store.isReadOnly ? " read-only (the file cannot be written; 'save' is refused)" : ""
        let contents =
            "\(context.objectCount) objects of \(context.schema.entities.map(\.name).joined(separator: ", "))"
        guard let fetch = restored.lines.first(where: { $0.hasPrefix("fetch ") }) else {
            return "opened '\(path)'\(readOnly): \(contents); 'fetch' shows them"
        }
        return "opened '\(path)'\(readOnly): \(contents), shown as saved: \(fetch)"
    }

    static func openModel(_ modelPath: String, store: String?) throws -> (Interpreter, String) {
        let model = try Interpreter.readModel(at: modelPath)
        for note in model.notes { FileHandle.standardError.write(Data("fetchsim: note: \(note)\n".utf8)) }
        var contents: CoreDataStoreContents?
        if let store {
            do {
                contents = try CoreDataStoreReader.read(path: store, through: model)
            } catch {
                throw InterpreterError("\(error)")
            }
        }
        let names = model.schema.entities.map(\.name).joined(separator: ", ")
        let count = contents?.objects.count ?? 0
        let read = store.map { "; \(count) object\(count == 1 ? "" : "s") read from '\($0)'" } ?? ""
        let welcome =
            "opened model '\(modelPath)': \(names.isEmpty ? "no entities" : names)\(read); 'show schema' lists the entities, 'fetch' shows objects"
        return (try Interpreter(model: model, contents: contents), welcome)
    }

    /// Quitting with unsaved changes in a store file asks on a terminal and warns in scripts.
    func confirmUnsavedChanges(_ interpreter: Interpreter, isTerminal: Bool) {
        let context = interpreter.workspace.context
        guard let storePath, context.hasChanges, !context.store.isReadOnly else { return }
        guard isTerminal else {
            FileHandle.standardError.write(
                Data("fetchsim: warning: quitting with unsaved changes; '\(storePath)' keeps the last save\n".utf8))
            return
        }
        guard Self.askYesNo("Unsaved changes. Save them to '\(storePath)' before quitting? [y/N] ") else { return }
        do {
            _ = try interpreter.saveWithSettings()
            print("saved")
        } catch {
            FileHandle.standardError.write(Data("fetchsim: \(error)\n".utf8))
        }
    }

    /// Prints `question` and reads a line from standard input: true for an answer starting with y.
    /// Ctrl-C and Ctrl-D answer no (the default) and end the line, so the next prompt starts on
    /// a line of its own and no later line is taken for the answer.
    static func askYesNo(_ question: String) -> Bool {
        print(question, terminator: "")
        fflush(nil)
        var answer: [UInt8] = []
        while true {
            switch fetchsim_wait_for_input(STDIN_FILENO) {
            case Int32(FETCHSIM_INPUT_READY):
                var byte: UInt8 = 0
                guard read(STDIN_FILENO, &byte, 1) == 1 else {
                    print("")
                    return false
                }
                if byte == UInt8(ascii: "\n") {
                    return String(decoding: answer, as: UTF8.self).lowercased().hasPrefix("y")
                }
                answer.append(byte)
            case Int32(FETCHSIM_INPUT_SIGNALLED):
                continue
            default:
                print("")
                return false
            }
        }
    }

    static func completionContext(_ interpreter: Interpreter) -> CompletionContext {
        let workspace = interpreter.workspace
        let context = workspace.context
        return CompletionContext(
            schema: context.schema,
            fetchedEntity: workspace.controller?.fetchRequest.entityName,
            sectionCount: workspace.table?.numberOfSections ?? 0,
            stringValues: { entity, key in
                var seen: Set<String> = []
                return context.objects(ofEntity: entity).compactMap { object in
                    guard case .string(let text)? = object.value(forKey: key), seen.insert(text).inserted else {
                        return nil
                    }
                    return text
                }.prefix(100).sorted()
            })
    }

    static func styles(for role: TextRole) -> [TextStyle] {
        switch role {
        case .header: [.bold]
        case .sectionHeader: [.bold, .cyan]
        case .inserted: [.green]
        case .moved: [.yellow]
        case .updated: [.cyan]
        case .deleted: [.red]
        case .dim: [.dim]
        case .error: [.bold, .red]
        case .good: [.green]
        }
    }
}

/// Lines of a script file, as a line reader.
struct ScriptLineReader: LineReader {
    private var lines: [Substring]
    private var index = 0

    init(text: String) {
        lines = TextLines.split(text)
    }

    mutating func readLine(prompt: String) -> LineReadResult {
        guard index < lines.count else { return .endOfInput }
        defer { index += 1 }
        return .line(String(lines[index]))
    }
}
