import CommandLanguage
import ObjectGraph

/// What one input line produced: text for the REPL, one JSON object for `--json`, and whether it
/// failed (an error, an inconsistency or a UIKit error) or asked to quit.
package struct LineOutcome {
    package var text: [OutputBlock] = []
    package var json: JSONValue = .object([("ok", true)])
    package var failed = false
    package var quits = false
    /// Whether the line asked for the full-screen spreadsheet (`sheet`): the driver opens it.
    package var opensSheet = false
    /// The message of an error line (`LineOutcome.error(_:)`), without the `error: ` prefix.
    package var errorMessage: String?
    /// The object graph's error behind an error line, typed (a `save` that validation refused
    /// is `.relationshipValidation` or `.missingMandatoryProperties`); nil for other errors.
    package var objectGraphError: ObjectGraphError?
    /// How long the line took, while `timing on` (never part of the text: transcripts stay deterministic).
    package var timing: LineTiming?
    /// Whether the output is of the long kind (`show all`, `dump objects`, `help`) that a terminal pages.
    package var isLong = false
    /// The IDs of the objects the line inserted, in the order of its inserts (JSON's `ids`).
    package var insertedIDs: [ObjectID] = []
    /// The files the line read, by the path it named, with their contents (`import csv`): a
    /// recording keeps them so that it replays without them.
    package var filesRead: [(path: String, contents: String)] = []

    package init() {}

    /// The text output rendered at `width` with `style`.
    package func renderText(
        width: Int, wrapsLongLines: Bool = false,
        style: @escaping @Sendable (TextRole, String) -> String = { $1 }
    ) -> [String] {
        text.flatMap { $0.render(width: width, wrapsLongLines: wrapsLongLines, style: style) }
    }

    /// An error line: `error: …` in text, `{"ok":false,"error":"…"}` in JSON.
    package static func error(_ message: String) -> LineOutcome {
        var outcome = LineOutcome()
        outcome.text = [.wrapped("error: \(message)", .error)]
        outcome.json = .object([("ok", false), ("error", .string(message))])
        outcome.failed = true
        outcome.errorMessage = message
        return outcome
    }
}

/// An error the interpreter reports for a line, already worded (token and column included).
package struct InterpreterError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
