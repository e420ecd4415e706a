import Foundation

extension Value: CustomStringConvertible {
    /// The value as a cell shows it: strings bare, `nil`, numbers, `true`/`false`, ISO-8601 dates.
    public var description: String {
        switch self {
        case .null: "nil"
        case .string(let s): s
        case .int(let i): String(i)
        case .double(let d): Value.format(d)
        case .bool(let b): b ? "true" : "false"
        case .date(let d): ISO8601.format(d)
        case .object(let id): id.description
        case .objects(let ids): "[" + ids.map(\.description).joined(separator: ", ") + "]"
        }
    }

    /// The value as a literal the command language reads back: strings quoted with `\"` and `\\`.
    public var literal: String {
        switch self {
        case .string(let s):
            var out = "\""
            for ch in s {
                switch ch {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                default: out.append(ch)
                }
            }
            return out + "\""
        default:
            return description
        }
    }

    /// The IDs of a to-many value written `[#3, #4]` or `[]` (commas or spaces between them), in
    /// the order written; nil for anything else.
    ///
    ///     Value.objectList("[#3, #4]")  // [#3, #4]
    package static func objectList(_ text: String) -> [ObjectID]? {
        guard text.hasPrefix("["), text.hasSuffix("]"), text.count >= 2 else { return nil }
        var ids: [ObjectID] = []
        for element in text.dropFirst().dropLast().split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            guard element.hasPrefix("#"), element.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
                let raw = Int(element.dropFirst()), raw > 0
            else { return nil }
            ids.append(ObjectID(raw))
        }
        return ids
    }

    static func format(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 {
            return String(format: "%.1f", d)
        }
        return "\(d)"
    }
}

/// ISO-8601 dates in UTC, formatted and parsed without locale or time-zone state.
package enum ISO8601 {
    /// `2024-05-01T10:30:00Z`, with fractional seconds only when present.
    package static func format(_ date: Date) -> String {
        let t = date.timeIntervalSince1970
        let whole = t.rounded(.down)
        let secondsOfEpoch = Int(whole)
        var days = secondsOfEpoch / 86_400
        var secs = secondsOfEpoch % 86_400
        if secs < 0 {
            secs += 86_400
            days -= 1
        }
        let (y, m, d) = civil(fromDays: days)
        let frac = t - whole
        var out = pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
        out += "T" + pad(secs / 3600, 2) + ":" + pad(secs / 60 % 60, 2) + ":" + pad(secs % 60, 2)
        if frac > 0 {
            let millis = Int((frac * 1000).rounded())
            if millis > 0 && millis < 1000 { out += "." + pad(millis, 3) }
        }
        return out + "Z"
    }

    /// Parses `YYYY-MM-DD`, optionally followed by `THH:MM[:SS[.fff]]` and `Z` or `±HH:MM`.
    package static func parse(_ text: String) -> Date? {
        let s = Array(text.utf8)
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= s.count else { return nil }
            var v = 0
            for k in 0..<digits {
                let c = s[i + k]
                guard c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            i += digits
            return v
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < s.count, s[i] == c else { return false }
            i += 1
            return true
        }
        guard let y = number(4), expect(45), let mo = number(2), expect(45), let d = number(2),
            (1...12).contains(mo), (1...daysIn(month: mo, year: y)).contains(d)
        else { return nil }
        var seconds = Double(days(fromCivil: y, mo, d)) * 86_400
        if i < s.count {
            guard expect(84) || expect(32), let h = number(2), expect(58), let mi = number(2),
                h < 24, mi < 60
            else { return nil }
            seconds += Double(h * 3600 + mi * 60)
            if expect(58) {
                guard let sec = number(2), sec < 60 else { return nil }
                seconds += Double(sec)
                if expect(46) {
                    let start = i
                    var frac = 0.0
                    var scale = 0.1
                    while i < s.count, s[i] >= 48, s[i] <= 57 {
                        frac += Double(s[i] - 48) * scale
                        scale /= 10
                        i += 1
                    }
                    guard i > start else { return nil }
                    seconds += frac
                }
            }
            if expect(90) {
                // UTC
            } else if i < s.count, s[i] == 43 || s[i] == 45 {
                let sign = s[i] == 43 ? 1.0 : -1.0
                i += 1
                guard let oh = number(2), expect(58), let om = number(2), oh < 24, om < 60 else { return nil }
                seconds -= sign * Double(oh * 3600 + om * 60)
            }
        }
        guard i == s.count else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    private static func pad(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days-from-civil and civil-from-days algorithms.
    private static func days(fromCivil y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func civil(fromDays z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp + (mp < 10 ? 3 : -9)
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
