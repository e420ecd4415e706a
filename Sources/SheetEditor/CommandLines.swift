import CommandLanguage
import FetchSimCore
import Interpreter
import ObjectGraph

/// How the full-screen spreadsheet turns what the user did into REPL commands: each key builds a
/// `Command` value, which `Command.description` prints as the line that runs and is recorded.
enum CommandLines {
    /// The `set` of a cell at `path` whose new text is `text`: the text itself for a string
    /// attribute, else read as a command line reads a value (a number, `true`, `nil`, a date).
    ///
    /// - Parameters:
    ///   - path: the cell's row.
    ///   - key: the cell's attribute.
    ///   - text: the text typed.
    ///   - type: the attribute's type (nil when unknown: the text is read as a value).
    /// - Returns: the command.
    /// - Throws: `CommandError` when the text is no value (its column counts within `text`).
    static func set(at path: IndexPath, key: String, text: String, type: AttributeType?) throws(CommandError) -> Command
    {
        let assignment =
            type == .string ? Command.Assignment(key, .string(text)) : try Command.Assignment(key, reading: text)
        return .set(.indexPath(path), assignments: [assignment])
    }

    /// Whether `line` only edits or saves (its effect shows on the sheet; nothing to print).
    static func changesData(_ line: String) -> Bool {
        guard let commands = try? CommandParser.parseLine(line) else { return false }
        return commands.allSatisfy { command in
            switch command {
            case .insert, .set, .delete, .move, .begin, .commit, .abort, .save, .rollback, .undo, .redo: true
            default: false
            }
        }
    }

    /// The ID an `insert` line created, from its JSON answer.
    static func insertedID(_ outcome: LineOutcome) -> Int? {
        guard case .object(let fields) = outcome.json,
            case .array(let ids)? = fields.first(where: { $0.0 == "ids" })?.1,
            case .int(let id)? = ids.last
        else { return nil }
        return id
    }
}
