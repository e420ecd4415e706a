import FetchSimCore
import ObjectGraph

/// Why a line does not parse, with the 1-based column (in characters) of the token it names.
///
/// Messages follow one rule: the column is that of the token quoted in the message, or of the
/// construct named (an unterminated string's opening quote).
package struct CommandError: Error, Hashable, Sendable, CustomStringConvertible {
    package enum Reason: Hashable, Sendable {
        case unknownCommand(String, suggestion: String?)
        case unterminatedString
        case unknownEscape(String)
        case invalidNumber(String)
        case numberOutOfRange(String)
        case invalidDate(String)
        case invalidValue(String)
        case unknownType(String)
        case unknownAdapter(String, suggestion: String?)
        case unknownOption(String, suggestion: String?, options: [String])
        case invalidOptionValue(String, option: String, expected: [String])
        case unknownProfile(String, suggestion: String?)
        case controlCharacter(Unicode.Scalar)
        /// `'x' is given twice`: a key, an option or a clause repeated.
        case duplicate(String)
        /// `expected WHAT after 'TOKEN'`: something is missing after the named token.
        case expected(String, after: String)
        /// `expected WHAT, got 'TOKEN'`.
        case expectedGot(String, got: String)
        /// `unexpected 'TOKEN'`, with an optional hint.
        case unexpected(String, hint: String?)
        /// A command other than an edit was combined with `;`.
        case cannotCombine(Command.Name)
    }

    package var reason: Reason
    /// 1-based, counted in `Character`s of the whole line.
    package var column: Int

    package init(_ reason: Reason, column: Int) {
        self.reason = reason
        self.column = column
    }

    package var description: String {
        let at = "at column \(column)"
        switch reason {
        case .unknownCommand(let token, let suggestion):
            return "unknown command \(q(token)) \(at) "
                + (suggestion.map { "(did you mean '\($0)'?)" } ?? "(try 'help')")
        case .unterminatedString:
            return "unterminated string \(at)"
        case .unknownEscape(let token):
            return "unknown escape \(q(token)) \(at) (use \\\", \\\\, \\n or \\t)"
        case .invalidNumber(let token):
            return "invalid number \(q(token)) \(at)"
        case .numberOutOfRange(let token):
            return "number \(q(token)) is out of range \(at)"
        case .invalidDate(let token):
            return "invalid date \(q(token)) \(at) (use 2024-05-01 or 2024-05-01T10:30:00Z)"
        case .invalidValue(let token):
            return
                "invalid value \(q(token)) \(at) (strings need double quotes; other values: numbers, true, false, nil, dates)"
        case .unknownType(let token):
            let types = AttributeType.dataTypes.map(\.rawValue).joined(separator: ", ")
            return "unknown type \(q(token)) \(at) (types: \(types))"
        case .unknownAdapter(let token, let suggestion):
            return "unknown adapter \(q(token)) \(at) "
                + (suggestion.map { "(did you mean '\($0)'?)" }
                    ?? "(adapters: \((Command.AdapterKind.allCases.map(\.rawValue) + RegisteredAdapters.names).joined(separator: ", ")))")
        case .unknownOption(let token, let suggestion, let options):
            return "unknown option \(q(token)) \(at) "
                + (suggestion.map { "(did you mean '\($0)'?)" } ?? "(options: \(options.joined(separator: ", ")))")
        case .invalidOptionValue(let token, let option, let expected):
            let wanted = expected.isEmpty ? "a non-negative integer or off" : Self.orList(expected)
            if let suggestion = Suggestion.closest(to: token, among: expected) {
                return "invalid value \(q(token)) for '\(option)' \(at) (did you mean '\(suggestion)'?)"
            }
            return "invalid value \(q(token)) for '\(option)' \(at) (expected \(wanted))"
        case .unknownProfile(let token, let suggestion):
            return "unknown profile \(q(token)) \(at) "
                + (suggestion.map { "(did you mean '\($0)'?)" }
                    ?? "(profiles: \(Command.Profile.allCases.map(\.rawValue).joined(separator: ", ")))")
        case .controlCharacter(let scalar):
            return "unexpected control character '\(Self.escaped(scalar))' \(at)"
        case .duplicate(let token):
            return "\(q(token)) is given twice \(at)"
        case .expected(let what, let token):
            return "expected \(what) after \(q(token)) \(at)"
        case .expectedGot(let what, let token):
            return "expected \(what), got \(q(token)) \(at)"
        case .unexpected(let token, let hint):
            return "unexpected \(q(token)) \(at)" + (hint.map { " (\($0))" } ?? "")
        case .cannotCombine(let name):
            return "'\(name)' cannot be combined with other commands using ';'"
        }
    }

    /// `'token'`, cut to 40 characters and with control characters escaped, for a message.
    private func q(_ token: String) -> String {
        var shown = ""
        var count = 0
        for ch in token {
            if count == 40 {
                shown += "…"
                break
            }
            for scalar in ch.unicodeScalars {
                shown += scalar.properties.generalCategory == .control ? Self.escaped(scalar) : String(scalar)
            }
            count += 1
        }
        return "'\(shown)'"
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\t": "\\t"
        case "\r": "\\r"
        default: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }

    private static func orList(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }
}
