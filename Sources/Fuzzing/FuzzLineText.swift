import ObjectGraph

/// The text of an edits line, written as UTF-8 bytes and made a `String` once.
///
/// Appending to a `String` piece by piece (and joining the edits' strings) cost about 250
/// instructions per piece — ~10 K per batch (docs/performance.md, "Fuzzer throughput, fourth
/// pass"). The text is exactly what `Value.literal`, `ObjectID.description` and string
/// interpolation write.
struct FuzzLineText {
    private var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(192)
    }

    /// The line.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func append(_ text: String) {
        // From the contiguous UTF-8: walking the `utf8` view of a short string cost ~10
        // instructions a byte (docs/performance.md, "Fuzzer throughput, sixth pass").
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `String(number)`.
    mutating func append(_ number: Int) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        // Reversed in place: `bytes[start...].reverse()` copied the slice into a new array.
        var low = start, high = bytes.count - 1
        while low < high {
            bytes.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// `id.description`: `#12`.
    mutating func append(_ id: ObjectID) {
        bytes.append(UInt8(ascii: "#"))
        append(id.rawValue)
    }

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
                bytes.append(UInt8(ascii: "\""))
                bytes.append(contentsOf: utf8)
                bytes.append(UInt8(ascii: "\""))
                return true
            }
            if !plain { append(value.literal) }
        default:
            append(value.literal)
        }
    }

    /// `title="t3" group="B"`: the assignments in schema order (`FuzzField.allCases`).
    mutating func append(_ values: [FuzzField: Value]) {
        // One walk of the dictionary, its entries put in schema order: a lookup per field hashed
        // the field four times per edit.
        var title: Value?, group: Value?, order: Value?, hidden: Value?
        for (field, value) in values {
            switch field {
            case .title: title = value
            case .group: group = value
            case .order: order = value
            case .hidden: hidden = value
            }
        }
        var first = true
        appendAssignment(.title, title, first: &first)
        appendAssignment(.group, group, first: &first)
        appendAssignment(.order, order, first: &first)
        appendAssignment(.hidden, hidden, first: &first)
    }

    /// ` field=value` (no space before the first), when there is a value.
    private mutating func appendAssignment(_ field: FuzzField, _ value: Value?, first: inout Bool) {
        guard let value else { return }
        if !first { bytes.append(UInt8(ascii: " ")) }
        first = false
        append(field.name)
        bytes.append(UInt8(ascii: "="))
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
