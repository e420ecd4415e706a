import CommandLanguage

/// A JSON value with ordered object keys, rendered on one line — the `--json` protocol's answers.
package enum JSONValue: Equatable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(nilLiteral: ()) { self = .null }

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.description == rhs.description }

    /// Compact JSON text.
    package var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return d.isFinite ? "\(d)" : "null"
        case .string(let s): return JSONValue.quote(s)
        case .array(let items): return "[" + items.map(\.description).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.map { JSONValue.quote($0.0) + ":" + $0.1.description }.joined(separator: ",") + "}"
        }
    }

    /// Appends or replaces a field of an object value.
    package mutating func set(_ key: String, _ value: JSONValue) {
        guard case .object(var fields) = self else { return }
        if let i = fields.firstIndex(where: { $0.0 == key }) {
            fields[i].1 = value
        } else {
            fields.append((key, value))
        }
        self = .object(fields)
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
