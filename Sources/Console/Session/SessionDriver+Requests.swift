import CommandLanguage
import Foundation
import Interpreter
import SessionPages

/// The requests a line makes of the driver rather than the interpreter: `read FILE` and
/// `export html FILE`, and how their answers are printed.
extension SessionDriver {
    /// `export html FILE`: replays the session so far into a page; returns the message
    /// (`error: …` when it failed).
    func exportPage(to path: String) -> (message: String, failed: Bool) {
        guard !history.isEmpty else {
            hadFailure = true
            return ("error: nothing to export yet: the page shows the lines typed so far", true)
        }
        if let problem = FileErrorReason.problem(writing: path) {
            hadFailure = true
            return ("error: cannot write the page '\(path)': \(problem)", true)
        }
        do {
            let summary = try SessionPage(title: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
                .write(try transcriptSoFar(), toFile: path)
            return ("page '\(path)': \(summary)", false)
        } catch {
            hadFailure = true
            return ("error: cannot write the page '\(path)': \(error)", true)
        }
    }

    /// Prints what carrying out `record` (or `export html`) gave: text, or one JSON object.
    /// A failure is an error like any other: `FILE:LINE: error: …` on the error sink for a
    /// script's line, and it makes the script's exit status 1.
    func print(
        _ result: (message: String, failed: Bool), key: String = "recording", location: ScriptLocation? = nil
    ) {
        let (message, failed) = result
        if failed { hadFailure = true }
        if failed, !isJSON, let location {
            errorSink("\(location.file):\(location.line): \(message)")
        } else if isJSON {
            emit(
                failed
                    ? JSONValue.object([("ok", false), ("error", .string(String(message.dropFirst(7))))])
                    : JSONValue.object([("ok", true), (key, .string(message))]))
        } else {
            sink(failed ? style(.error, message) : message)
        }
    }

    /// Prints one JSON answer, or keeps it for the `read` whose file is running.
    func emit(_ json: JSONValue) {
        if readAnswers.isEmpty {
            sink(json.description)
        } else {
            readAnswers[readAnswers.count - 1].append(json)
        }
    }

    /// `read FILE`: runs the file's lines here, each as if typed (and recorded as typed), their
    /// errors as `FILE:LINE: error: …`. Returns false when a line quit.
    func read(_ path: String, location: ScriptLocation?) -> Bool {
        var failure: String?
        let data = FileManager.default.contents(atPath: path)
        if data == nil {
            failure = FileManager.default.fileExists(atPath: path) ? "cannot read '\(path)'" : "no such file '\(path)'"
        } else if readAnswers.count >= Self.maximumReadDepth {
            failure = "'read' nests deeper than \(Self.maximumReadDepth) files (does '\(path)' read itself?)"
        }
        if let failure {
            hadFailure = true
            if isJSON {
                emit(.object([("ok", false), ("error", .string(failure))]))
            } else if let location {
                errorSink("\(location.file):\(location.line): error: \(failure)")
            } else {
                sink(style(.error, "error: " + failure))
            }
            return true
        }
        guard let data else { return true }
        readAnswers.append([])
        var reader = ScriptLineReader(text: String(decoding: data, as: UTF8.self))
        let finished = run(reader: &reader, script: path, confirmsAtEnd: false)
        let answers = readAnswers.removeLast()
        if isJSON {
            emit(.object([("ok", true), ("read", .string(path)), ("answers", .array(answers))]))
        }
        return finished
    }
}
