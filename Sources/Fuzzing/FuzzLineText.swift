import FetchSimCore
import ObjectGraph

/// The text of an edits line, written as UTF-8 bytes and made a `String` once (`UTF8Text`). The
/// text is exactly what `Value.literal`, `ObjectID.description` and string interpolation write.
typealias FuzzLineText = UTF8Text

extension UTF8Text {
    /// The line.
    var text: String { text(from: 0) }

    /// `value.literal`. Ints and bools are written directly, and a string of printable ASCII
    /// without quotes or backslashes — which needs no escape — is quoted as it is rather than
    /// walked character by character; anything else is the value's own `literal`.
    mutating func append(_ value: Value) {
        switch value {
        case .int(let number):
            append(number)
        case .bool(let flag):
            append(flag ? "true" as StaticString : "false")
        case .string(var text):
            let plain = text.withUTF8 { utf8 in
                guard utf8.allSatisfy(Self.needsNoEscape) else { return false }
                append(ascii: "\"")
                append(utf8: utf8)
                append(ascii: "\"")
                return true
            }
            if !plain { append(value.literal) }
        default:
            append(value.literal)
        }
    }

    /// `title="t3" group="B"`: the assignments in schema order (`FuzzField.allCases`).
    mutating func append(_ values: FuzzValues) {
        var first = true
        appendAssignment(.title, values[.title], first: &first)
        appendAssignment(.group, values[.group], first: &first)
        appendAssignment(.order, values[.order], first: &first)
        appendAssignment(.hidden, values[.hidden], first: &first)
    }

    /// `group="Work" order=3 title="t4"`: a user schema's assignments, in its attribute order.
    mutating func append(_ values: FuzzValues, schema: FuzzSchema) {
        var first = true
        for column in schema.columns {
            let value =
                switch column.role {
                case .section: values[.group]
                case .index: values[.order]
                case .plain: values.other(at: column.position)
                }
            guard let value else { continue }
            if !first { append(ascii: " ") }
            first = false
            append(column.name)
            append(ascii: "=")
            append(value)
        }
    }

    /// ` field=value` (no space before the first), when there is a value.
    private mutating func appendAssignment(_ field: FuzzField, _ value: Value?, first: inout Bool) {
        guard let value else { return }
        if !first { append(ascii: " ") }
        first = false
        append(field.name)
        append(ascii: "=")
        append(value)
    }

    private static func needsNoEscape(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }
}

extension FuzzField {
    /// `rawValue`, as static text (no `String` made per assignment written).
    var name: StaticString {
        switch self {
        case .title: "title"
        case .group: "group"
        case .order: "order"
        case .hidden: "hidden"
        }
    }
}
