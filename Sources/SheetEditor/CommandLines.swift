import CommandLanguage
import Interpreter
import ObjectGraph

/// How the full-screen spreadsheet spells what the user did as REPL command lines.
enum CommandLines {
    /// A cell's text as a value in a command line: quoted (with the language's escapes) for a
    /// string attribute, as typed for the others (the parser then checks it).
    static func valueText(_ text: String, type: AttributeType?) -> String {
        guard type == .string else { return text }
        return Value.string(text).literal
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
