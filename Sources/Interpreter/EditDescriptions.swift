import FetchSimCore
import ObjectGraph

/// What a line's edits did, as the undo stack names their event (`set #3 title; delete #5`),
/// written as UTF-8 bytes and made a `String` once.
///
/// Each edit's description was a `String` of its own (interpolated, the IDs' `description`s
/// appended), then appended again into the event's name: ~8 K instructions a fuzzer batch
/// (docs/performance.md, "Fuzzer throughput, ninth pass"). The text is exactly what
/// `ObjectID.description`, `IndexPath.shortDescription` and the interpolations wrote.
struct EditDescriptions {
    private(set) var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(96)
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// The text written since byte offset `start`.
    func text(from start: Int = 0) -> String {
        String(decoding: bytes[start...], as: UTF8.self)
    }

    mutating func append(_ text: String) {
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

    /// `path.shortDescription`: `0.2`.
    mutating func append(_ path: IndexPath) {
        append(path.section)
        bytes.append(UInt8(ascii: "."))
        append(path.row)
    }
}
