/// A run of UTF-8 bytes read as a non-negative decimal number, for the references `#7` and
/// `0.2`: read in place, without cutting the token into substrings or converting them.
enum DigitRun: Equatable {
    /// Empty, or a byte other than an ASCII digit.
    case notDigits
    /// Only ASCII digits, but more than `Int` holds.
    case tooLarge
    case value(Int)

    /// What a token's bytes name as a reference, by shape.
    enum Reference: Equatable {
        /// `#` and what follows it.
        case id(DigitRun)
        /// What stands before and after the first `.`.
        case path(section: DigitRun, row: DigitRun)
        /// Neither `#` first nor a `.` anywhere.
        case none

        /// Reads a token's bytes: `#` then a run, or a run, `.` and a run.
        init(_ bytes: Span<UInt8>) {
            if !bytes.isEmpty, bytes[0] == UInt8(ascii: "#") {
                self = .id(DigitRun(bytes.extracting(1...)))
                return
            }
            guard let dot = bytes.indices.first(where: { bytes[$0] == UInt8(ascii: ".") }) else {
                self = .none
                return
            }
            self = .path(
                section: DigitRun(bytes.extracting(..<dot)), row: DigitRun(bytes.extracting((dot + 1)...)))
        }
    }

    /// Reads `bytes`: `Int(text)` for a text of ASCII digits only (leading zeros allowed).
    init(_ bytes: Span<UInt8>) {
        guard !bytes.isEmpty else {
            self = .notDigits
            return
        }
        var value = 0
        var overflows = false
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                self = .notDigits
                return
            }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(byte &- UInt8(ascii: "0")))
            overflows = overflows || o1 || o2
            value = sum
        }
        self = overflows ? .tooLarge : .value(value)
    }
}
