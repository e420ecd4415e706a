import FetchSimStorage
import Foundation
import ObjectGraph

/// A sort key as three plain words that order as the key does: comparing two keys is comparing
/// at most three integers, and copying one touches no reference count.
///
/// The words hold, big-endian, up to `capacity` bytes of an order-preserving byte encoding of
/// the key (`KeyLayout.encode`); the last byte holds flags. The encoding of each value is a tag
/// byte (nil < numbers < strings < dates < objects, as `Value.compare` orders kinds) and its
/// payload: 8 bytes for dates and object IDs; for a number (integer, double or boolean alike)
/// the ordered bits of its value as a double and a ninth byte, 0x40 when that double is the
/// number exactly, else (an integer beyond 2^53) 0x00 or 0x80 for below or above it and the
/// integer's own 8 bytes; a string's UTF-8 bytes with 0x00 escaped as 0x00 0xFF and ended by
/// 0x00 0x01. A descending key's bytes are inverted. Two values encode alike only if they are
/// equal numbers or equal values, and the encoding of a whole key is prefix-free, so two keys
/// whose stored bytes differ order as their first differing byte says, even when a key did not
/// fit.
///
/// A key is *exact* when the bytes hold it entirely and decode to the very values it was made
/// of. Two exact keys with equal words are equal. Otherwise (a string too long to fit, a double
/// in an integer column, NaN, −0) the key is *inexact*: equal words then leave the order to the
/// full values (`EntryOrdering`, `InexactKeys`).
struct CompactKey: Equatable {
    var w0: UInt64 = 0
    var w1: UInt64 = 0
    /// Bytes 16–22 of the encoding in the high seven bytes; flags in the low byte.
    var w2: UInt64 = 0

    /// The bytes of encoding the words hold.
    static let capacity = 23
    static let inexactFlag: UInt64 = 1

    /// Whether equal words leave the order undecided (see the type's description).
    @inline(__always)
    var isInexact: Bool { w2 & Self.inexactFlag != 0 }

    /// Byte `index` (0..<capacity) of the encoding.
    @inline(__always)
    func byte(_ index: Int) -> UInt8 {
        let word = index < 8 ? w0 : index < 16 ? w1 : w2
        return UInt8(truncatingIfNeeded: word >> UInt64(56 - (index & 7) * 8))
    }

    /// Whether the first `count` bytes of the encoding are the same in both keys.
    func hasSamePrefix(as other: CompactKey, count: Int) -> Bool {
        func masked(_ a: UInt64, _ b: UInt64, bytes: Int) -> Bool {
            guard bytes > 0 else { return true }
            let mask: UInt64 = bytes >= 8 ? ~0 : ~(~0 >> UInt64(bytes * 8))
            return (a ^ b) & mask == 0
        }
        return masked(w0, other.w0, bytes: count) && masked(w1, other.w1, bytes: count - 8)
            && masked(w2, other.w2, bytes: min(count - 16, 7))
    }
}

/// How a request's sort keys are encoded into `CompactKey`s: per key its direction and how its
/// numbers are written.
struct KeyLayout {
    /// What a key's numbers decode to: the attribute's type. A number of another sort (a double
    /// in an integer column) is written the same way but marks the key inexact.
    enum NumberMode {
        case integer, boolean, double
    }

    static let nullTag: UInt8 = 1, numberTag: UInt8 = 2, stringTag: UInt8 = 3, dateTag: UInt8 = 4, objectTag: UInt8 = 5
    /// The ninth byte of a number that its double holds exactly.
    static let exactNumber: UInt8 = 0x40

    let ascending: [Bool]
    let modes: [NumberMode]

    /// `types`: the attribute type of each key (nil when unknown); one per direction.
    init(ascending: [Bool], types: [AttributeType?]) {
        self.ascending = ascending
        modes = types.map { type in
            switch type {
            case .int: .integer
            case .bool: .boolean
            default: .double
            }
        }
    }

    /// The compact form of the values of `values` at `indexes` (one per key, in order).
    func encode<Values: RandomAccessCollection<Value>>(_ values: Values, at indexes: [Int]) -> CompactKey
    where Values.Index == Int {
        var writer = Writer()
        for (key, index) in indexes.enumerated() where !writer.isTruncated {
            writer.flip = ascending[key] ? 0 : 0xFF
            writer.write(values[index], mode: modes[key])
        }
        if writer.isTruncated || !writer.isFaithful { writer.key.w2 |= CompactKey.inexactFlag }
        return writer.key
    }

    /// The values an exact key was made of; nil for an inexact one.
    func decode(_ key: CompactKey) -> [Value]? {
        guard !key.isInexact else { return nil }
        var reader = Reader(key: key)
        var values: [Value] = []
        values.reserveCapacity(ascending.count)
        for k in ascending.indices {
            reader.flip = ascending[k] ? 0 : 0xFF
            guard let value = reader.read(mode: modes[k]) else { return nil }
            values.append(value)
        }
        return values
    }

    /// The number of bytes the first key's value takes in `key`'s encoding, if the words hold
    /// all of it.
    func firstValueLength(of key: CompactKey) -> Int? {
        var reader = Reader(key: key)
        reader.flip = ascending.first == false ? 0xFF : 0
        return reader.skipValue() ? reader.position : nil
    }

    /// Whether the first key's value in `key` is nil (read from its tag).
    func firstValueIsNull(_ key: CompactKey) -> Bool {
        key.byte(0) ^ (ascending.first == false ? 0xFF : 0) == Self.nullTag
    }

    /// Order-preserving bits of a double (−0 as +0; NaN above +∞), and whether they are faithful.
    @inline(__always)
    static func orderedBits(_ d: Double) -> (bits: UInt64, faithful: Bool) {
        if d.isNaN { return (~0, false) }
        let bits = (d == 0 ? 0.0 : d).bitPattern
        return (bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63), d != 0 || d.sign == .plus)
    }

    /// Writes an encoding into the words, a byte at a time.
    struct Writer {
        var key = CompactKey()
        var count = 0
        var isTruncated = false
        /// False once a value was written in a form that does not decode to it.
        var isFaithful = true
        var flip: UInt8 = 0

        @inline(__always)
        mutating func put(_ byte: UInt8) {
            guard count < CompactKey.capacity else {
                isTruncated = true
                return
            }
            let bits = UInt64(byte ^ flip) << UInt64(56 - (count & 7) * 8)
            switch count >> 3 {
            case 0: key.w0 |= bits
            case 1: key.w1 |= bits
            default: key.w2 |= bits
            }
            count += 1
        }

        @inline(__always)
        mutating func put64(_ word: UInt64) {
            putBytes(word, count: 8)
        }

        /// ORs `bits` into word `index` of the key.
        @inline(__always)
        private mutating func or(_ bits: UInt64, intoWord index: Int) {
            switch index {
            case 0: key.w0 |= bits
            case 1: key.w1 |= bits
            default: key.w2 |= bits
            }
        }

        /// Writes the high `n` bytes (1...8) of `value`, as `n` calls of `put` would: in one or
        /// two word operations when they fit, else a byte at a time (which truncates).
        @inline(__always)
        mutating func putBytes(_ value: UInt64, count n: Int) {
            guard count + n <= CompactKey.capacity else {
                for i in 0..<n { put(UInt8(truncatingIfNeeded: value >> UInt64(56 - i * 8))) }
                return
            }
            var bits = flip == 0 ? value : ~value
            if n < 8 { bits &= ~(~0 >> UInt64(n * 8)) }
            let shift = (count & 7) * 8
            let index = count >> 3
            or(bits >> UInt64(shift), intoWord: index)
            if shift + n * 8 > 64 { or(bits << UInt64(64 - shift), intoWord: index + 1) }
            count += n
        }

        /// A string's bytes with 0x00 escaped as 0x00 0xFF, up to eight at a time; false when
        /// the words filled up (the caller writes no terminator then).
        mutating func putEscaped(_ bytes: Span<UInt8>) -> Bool {
            var i = 0
            while i < bytes.count {
                if isTruncated { return false }
                let n = min(8, bytes.count - i, CompactKey.capacity - count)
                var chunk: UInt64 = 0
                var clean = n > 0
                if n == 8 {
                    // Eight bytes in one load, big-endian; a zero byte among them is found with
                    // the usual carry test (exact for "is any byte zero").
                    chunk = bytes.bigEndianWord(at: i)
                    clean = (chunk &- 0x0101_0101_0101_0101) & ~chunk & 0x8080_8080_8080_8080 == 0
                } else {
                    for j in 0..<n {
                        let byte = bytes[i + j]
                        if byte == 0 {
                            clean = false
                            break
                        }
                        chunk |= UInt64(byte) << UInt64(56 - j * 8)
                    }
                }
                if clean {
                    putBytes(chunk, count: n)
                    i += n
                } else {
                    put(bytes[i])
                    if bytes[i] == 0 { put(0xFF) }
                    i += 1
                }
            }
            return true
        }

        mutating func write(_ value: Value, mode: NumberMode) {
            switch value {
            case .null:
                put(KeyLayout.nullTag)
            case .int(let i):
                isFaithful = isFaithful && mode == .integer
                writeNumber(Double(i), integer: i)
            case .bool(let b):
                isFaithful = isFaithful && mode == .boolean
                writeNumber(b ? 1 : 0, integer: nil)
            case .double(let d):
                isFaithful = isFaithful && mode == .double
                writeNumber(d, integer: nil)
            case .string(let s):
                put(KeyLayout.stringTag)
                var text = s
                text.makeContiguousUTF8()
                guard putEscaped(text.utf8.span) else { return }
                put(0)
                put(1)
            case .date(let date):
                put(KeyLayout.dateTag)
                let (bits, faithful) = KeyLayout.orderedBits(date.timeIntervalSinceReferenceDate)
                isFaithful = isFaithful && faithful
                put64(bits)
            case .object(let id):
                put(KeyLayout.objectTag)
                put64(UInt64(bitPattern: Int64(id.rawValue)) ^ (1 << 63))
            case .objects:
                // A to-many value is no sort key (a request refuses one); should one come, the
                // key says only "not faithful", and the values decide.
                put(KeyLayout.nullTag)
                isFaithful = false
            }
        }

        /// A number: `double`, its value as a double (rounded, for an integer beyond 2^53:
        /// monotone, so numbers whose doubles differ order by them), then 0x40 if that is the
        /// number exactly, else which side of it the integer lies on and the integer itself.
        @inline(__always)
        private mutating func writeNumber(_ double: Double, integer: Int?) {
            put(KeyLayout.numberTag)
            let (bits, faithful) = KeyLayout.orderedBits(double)
            isFaithful = isFaithful && faithful
            put64(bits)
            guard let integer, double < 0x1p63 ? Int(double) != integer : true else {
                put(KeyLayout.exactNumber)
                return
            }
            put(double >= 0x1p63 || integer < Int(double) ? 0x00 : 0x80)
            put64(UInt64(bitPattern: Int64(integer)) ^ (1 << 63))
        }
    }

    /// Reads an exact encoding back.
    struct Reader {
        let key: CompactKey
        var position = 0
        var flip: UInt8 = 0

        @inline(__always)
        mutating func next() -> UInt8? {
            guard position < CompactKey.capacity else { return nil }
            defer { position += 1 }
            return key.byte(position) ^ flip
        }

        mutating func next64() -> UInt64? {
            var word: UInt64 = 0
            for _ in 0..<8 {
                guard let byte = next() else { return nil }
                word = word << 8 | UInt64(byte)
            }
            return word
        }

        mutating func read(mode: NumberMode) -> Value? {
            switch next() {
            case KeyLayout.nullTag:
                return .null
            case KeyLayout.numberTag:
                guard let bits = next64(), let side = next() else { return nil }
                let double = Self.double(fromOrdered: bits)
                if side != KeyLayout.exactNumber {
                    guard let integer = next64() else { return nil }
                    return .int(Int(Int64(bitPattern: integer ^ (1 << 63))))
                }
                switch mode {
                case .integer: return Int(exactly: double).map(Value.int)
                case .boolean: return .bool(double != 0)
                case .double: return .double(double)
                }
            case KeyLayout.stringTag:
                var bytes: [UInt8] = []
                while true {
                    guard let byte = next() else { return nil }
                    if byte != 0 {
                        bytes.append(byte)
                        continue
                    }
                    guard let escape = next() else { return nil }
                    if escape == 1 { return .string(String(decoding: bytes, as: UTF8.self)) }
                    bytes.append(0)
                }
            case KeyLayout.dateTag:
                guard let bits = next64() else { return nil }
                return .date(Date(timeIntervalSinceReferenceDate: Self.double(fromOrdered: bits)))
            case KeyLayout.objectTag:
                guard let bits = next64() else { return nil }
                return .object(ObjectID(Int(Int64(bitPattern: bits ^ (1 << 63)))))
            default:
                return nil
            }
        }

        /// Steps over one value without building it; false if the words do not hold all of it.
        mutating func skipValue() -> Bool {
            switch next() {
            case KeyLayout.nullTag:
                return true
            case KeyLayout.numberTag:
                guard position + 9 <= CompactKey.capacity else { return false }
                position += 8
                if next() == KeyLayout.exactNumber { return true }
                guard position + 8 <= CompactKey.capacity else { return false }
                position += 8
                return true
            case KeyLayout.dateTag, KeyLayout.objectTag:
                guard position + 8 <= CompactKey.capacity else { return false }
                position += 8
                return true
            case KeyLayout.stringTag:
                while let byte = next() {
                    guard byte == 0 else { continue }
                    guard let escape = next() else { return false }
                    if escape == 1 { return true }
                }
                return false
            default:
                return false
            }
        }

        static func double(fromOrdered bits: UInt64) -> Double {
            Double(bitPattern: bits & (1 << 63) != 0 ? bits ^ (1 << 63) : ~bits)
        }
    }
}
