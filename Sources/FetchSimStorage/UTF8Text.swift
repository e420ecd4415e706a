import FetchSimCore

/// Text written as UTF-8 bytes and made a `String` once.
///
/// Appending to a `String` piece by piece costs far more per piece than copying its bytes, and a
/// `String` per piece joined again more (docs/performance.md, "The fuzzer's executor and the full
/// check"). The fuzzer writes its edit lines this way and the interpreter its events' undo names;
/// what each `append` writes is exactly what `String(_:)`, `shortDescription` or the text itself
/// would. Inlinable, so that the appends of a line compile into the caller.
public struct UTF8Text {
    @usableFromInline var storage: [UInt8] = []

    /// The bytes written so far.
    @inlinable public var bytes: [UInt8] { storage }

    /// Empty text with room for `capacity` bytes.
    @inlinable
    public init(capacity: Int = 0) {
        storage.reserveCapacity(capacity)
    }

    @inlinable public var isEmpty: Bool { storage.isEmpty }

    /// The number of bytes written: an offset for `text(from:)`.
    @inlinable public var count: Int { storage.count }

    /// The text written since byte offset `start`.
    @inlinable
    public func text(from start: Int = 0) -> String {
        String(decoding: storage[start...], as: UTF8.self)
    }

    @inlinable
    public mutating func append(_ text: String) {
        // From the contiguous UTF-8: walking the `utf8` view of a short string goes through
        // several calls a byte.
        var text = text
        text.withUTF8 { storage.append(contentsOf: $0) }
    }

    @inlinable
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { storage.append(contentsOf: $0) }
    }

    /// One byte of ASCII (a separator or a quote).
    @inlinable
    public mutating func append(ascii byte: Unicode.Scalar) {
        storage.append(UInt8(ascii: byte))
    }

    /// Bytes already UTF-8.
    @inlinable
    public mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
        storage.append(contentsOf: utf8)
    }

    /// `String(number)`.
    @inlinable
    public mutating func append(_ number: Int) {
        if number < 0 { storage.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        let start = storage.count
        repeat {
            storage.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        // Reversed in place: `storage[start...].reverse()` copied the slice into a new array.
        var low = start
        var high = storage.count - 1
        while low < high {
            storage.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// `path.shortDescription`: `0.2`.
    @inlinable
    public mutating func append(_ path: IndexPath) {
        append(path.section)
        storage.append(UInt8(ascii: "."))
        append(path.row)
    }
}
