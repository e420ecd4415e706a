import Foundation
import ObjectGraph

extension Predicate: CustomStringConvertible {
    /// The predicate in canonical NSPredicate format, which parses back to an equal predicate:
    /// upper-case keywords, `==` `!=` `<=` `>=` spellings, double-quoted strings, parentheses only
    /// where precedence needs them, dates as `CAST(seconds, "NSDate")` and reserved-word keys as
    /// `#key`.
    public var description: String {
        var out = ""
        Self.write(root, parent: .or, to: &out)
        return out
    }

    /// How tightly a context binds, to decide on parentheses.
    private enum Context: Int, Comparable {
        case or, and, not
        static func < (a: Context, b: Context) -> Bool { a.rawValue < b.rawValue }
    }

    private static func write(_ node: PredicateNode, parent: Context, to out: inout String) {
        switch node {
        case .constant(let value):
            out += value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .not(let operand):
            out += "NOT "
            write(operand, parent: .not, to: &out)
        case .and(let operands):
            write(operands, joinedBy: " AND ", context: .and, parent: parent, to: &out)
        case .or(let operands):
            write(operands, joinedBy: " OR ", context: .or, parent: parent, to: &out)
        case .comparison(let comparison):
            if let quantifier = comparison.quantifier { out += quantifier.rawValue + " " }
            write(comparison.lhs.kind, to: &out)
            out += " " + comparison.op.rawValue + comparison.options.suffix + " "
            write(comparison.rhs.kind, to: &out)
        }
    }

    private static func write(
        _ operands: [PredicateNode], joinedBy separator: String, context: Context, parent: Context,
        to out: inout String
    ) {
        let parenthesized = parent > context
        if parenthesized { out += "(" }
        for (i, operand) in operands.enumerated() {
            if i > 0 { out += separator }
            write(operand, parent: context, to: &out)
        }
        if parenthesized { out += ")" }
    }

    private static func write(_ operand: Operand.Kind, to out: inout String) {
        switch operand {
        case .key(let key):
            out += PredicateKeyword.isReserved(key) ? "#" + key : key
        case .value(let value):
            out += formatLiteral(value)
        case .list(let values):
            out += "{" + values.map(formatLiteral).joined(separator: ", ") + "}"
        case .subqueryCount(let collection, let variable, let predicate):
            out += "SUBQUERY("
            write(.key(collection), to: &out)
            out += ", \(variable), "
            write(predicate, parent: .or, to: &out)
            out += ").@count"
        }
    }

    /// `value` as a format literal.
    static func formatLiteral(_ value: Value) -> String {
        switch value {
        case .null: return "NIL"
        case .bool(let b): return b ? "TRUE" : "FALSE"
        case .int(let i): return String(i)
        case .double(let d): return "\(d)"
        case .date(let date): return "CAST(\(date.timeIntervalSinceReferenceDate), \"NSDate\")"
        case .object(let id): return id.description
        case .objects(let ids): return "{" + ids.map(\.description).joined(separator: ", ") + "}"
        case .string(let s):
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                case "\0": out += "\\0"
                default:
                    if scalar.isControl {
                        out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
    }
}
