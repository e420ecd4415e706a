import Foundation

extension Value {
    /// The value as tagged text, the form store snapshots (`# store:` lines) and embedded Core
    /// Data imports (`# file:` lines) write: the first character says its kind and the rest is
    /// its payload, so that reading it back needs no schema.
    ///
    /// `n` nil, `s` string, `i` integer, `f` double, `b1`/`b0` bool, `d` date (seconds since
    /// 2001-01-01, `Date`'s own reference), `o` an object ID, `m` a to-many list (`m3,4`).
    /// Numbers are in Swift's shortest form that reads back to the same bits.
    ///
    /// ```swift
    /// Value.int(7).taggedText                      // "i7"
    /// Value(taggedText: "m3,4")                    // .objects([#3, #4])
    /// ```
    package var taggedText: String {
        switch self {
        case .null: "n"
        case .string(let s): "s" + s
        case .int(let i): "i\(i)"
        case .double(let d): "f\(d)"
        case .bool(let b): b ? "b1" : "b0"
        case .date(let date): "d\(date.timeIntervalSinceReferenceDate)"
        case .object(let id): "o\(id.rawValue)"
        case .objects(let ids): "m" + ids.map { String($0.rawValue) }.joined(separator: ",")
        }
    }

    /// Reads tagged text back (see ``taggedText``); nil when `text` is not a value's tagged text
    /// (an unknown tag, a malformed number, an object ID below 1).
    ///
    /// - Parameter text: A value's tagged text, such as `"sMilk"` or `"o12"`.
    package init?(taggedText text: String) {
        guard let tag = text.first else { return nil }
        let body = String(text.dropFirst())
        switch tag {
        case "n":
            guard body.isEmpty else { return nil }
            self = .null
        case "s": self = .string(body)
        case "i":
            guard let int = Int(body) else { return nil }
            self = .int(int)
        case "f":
            guard let double = Double(body) else { return nil }
            self = .double(double)
        case "b":
            guard body == "1" || body == "0" else { return nil }
            self = .bool(body == "1")
        case "d":
            guard let seconds = Double(body) else { return nil }
            self = .date(Date(timeIntervalSinceReferenceDate: seconds))
        case "o":
            guard let raw = Int(body), raw > 0 else { return nil }
            self = .object(ObjectID(raw))
        case "m":
            var ids: [ObjectID] = []
            if !body.isEmpty {
                for part in body.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let raw = Int(part), raw > 0 else { return nil }
                    ids.append(ObjectID(raw))
                }
            }
            self = .objects(ids)
        default: return nil
        }
    }
}
