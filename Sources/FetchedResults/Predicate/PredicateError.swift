/// Why a predicate format could not be parsed or bound, and where.
///
/// Messages are lowercase, quote what the user typed in single quotes and have no trailing
/// period; `description` appends the column: `unexpected 'AND' at column 8`.
///
/// ```swift
/// do {
///     _ = try Predicate(format: "title == ")
/// } catch {
///     error.column  // 10: the operand is missing one past the end of the 9 characters
/// }
/// ```
public struct PredicateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, without the position.
    public let message: String
    /// The 1-based column of the offending token, counted in Unicode scalars from the start of
    /// the format; one past the end for problems found at the end of the input.
    public let column: Int
    /// What the user probably meant (`title` for `titel`), shown after the column.
    public var suggestion: String?

    /// An error about the format string at `column` (1-based).
    package init(_ message: String, column: Int, suggestion: String? = nil) {
        self.message = message
        self.column = column
        self.suggestion = suggestion
    }

    /// ` (did you mean 'title'?)`, or nothing.
    package var hint: String { suggestion.map { " (did you mean '\($0)'?)" } ?? "" }

    public var description: String { "\(message) at column \(column)\(hint)" }
}

extension PredicateError {
    /// Quotes user input for a message, shortening very long text and spelling out control
    /// characters so that the message stays on one readable line.
    static func quoted(_ text: String) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            count += 1
            if count > 40 {
                out += "…"
                break
            }
            out += scalar.isControl ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
        }
        return "'" + out + "'"
    }
}

extension Unicode.Scalar {
    /// Whether this is a C0 or C1 control character or DEL, which messages and descriptions escape.
    var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
