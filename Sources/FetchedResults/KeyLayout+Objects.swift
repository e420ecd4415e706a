import Foundation
import ObjectGraph

extension KeyLayout {
    /// The compact key of `object`'s values at `indexes` (one per key, in order): the same words
    /// `encode(_:at:)` gives for those values, read straight from the object.
    ///
    /// `performFetch()` computes one key per matching object. Building a `SortKey` for each
    /// unpacked every value of the object, copied two of them into the key, and wrote the
    /// encoding a byte at a time through a switch on the word; here only the keys' values are
    /// read (`ManagedObject.value(at:)`) and the bytes are shifted into one accumulator, stored a
    /// word at a time. `KeyLayoutObjectTests` checks the words against `encode(_:at:)`.
    /// - Complexity: O(bytes of the key), at most `CompactKey.capacity` + 1 bytes written.
    func code(of object: ManagedObject, at indexes: [Int]) -> CompactKey {
        var writer = WordWriter()
        for key in indexes.indices {
            writer.flip = ascending[key] ? 0 : 0xFF
            writer.write(object.value(at: indexes[key]), mode: modes[key])
            if writer.isTruncated { break }
        }
        return writer.finish()
    }

    /// `Writer`'s encoding (CompactKey.swift), accumulated in a register and stored a word at a
    /// time.
    struct WordWriter {
        private var key = CompactKey()
        private var accumulator: UInt64 = 0
        private var count = 0
        private(set) var isTruncated = false
        private var isFaithful = true
        var flip: UInt8 = 0

        @inline(__always)
        mutating func put(_ byte: UInt8) {
            guard count < CompactKey.capacity else {
                isTruncated = true
                return
            }
            accumulator = accumulator << 8 | UInt64(byte ^ flip)
            count += 1
            if count & 7 == 0 {
                if count == 8 { key.w0 = accumulator } else { key.w1 = accumulator }
                accumulator = 0
            }
        }

        /// The 8 bytes of `word`, big-endian: shifted in at once when they fit, else a byte at a time.
        @inline(__always)
        mutating func put64(_ word: UInt64) {
            guard count <= CompactKey.capacity - 8 else {
                var shift: UInt64 = 56
                while true {
                    put(UInt8(truncatingIfNeeded: word >> shift))
                    if shift == 0 { return }
                    shift -= 8
                }
            }
            let bits = word ^ (flip == 0 ? 0 : ~0)
            // The accumulator holds the current word's first `pending` bytes in its low bits;
            // `bits` completes that word (count ≤ 15: w0 or w1) and leaves `pending` bytes over.
            let pending = UInt64(count & 7)
            let completed = pending == 0 ? bits : accumulator << (64 - 8 * pending) | bits >> (8 * pending)
            if count < 8 { key.w0 = completed } else { key.w1 = completed }
            accumulator = pending == 0 ? 0 : bits & ((1 << (8 * pending)) - 1)
            count += 8
        }

        @inline(__always)
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
            case .string(var s):
                put(KeyLayout.stringTag)
                let complete = s.withUTF8 { bytes in
                    for byte in bytes {
                        if isTruncated { return false }
                        put(byte)
                        if byte == 0 { put(0xFF) }
                    }
                    return true
                }
                guard complete else { return }
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
            }
        }

        /// As `Writer.writeNumber`.
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

        /// The key: the bytes written, left-aligned in the words, and the inexact flag.
        mutating func finish() -> CompactKey {
            let pending = count & 7
            if pending > 0 {
                let word = accumulator << UInt64(64 - pending * 8)
                switch count >> 3 {
                case 0: key.w0 = word
                case 1: key.w1 = word
                default: key.w2 = word
                }
            }
            if isTruncated || !isFaithful { key.w2 |= CompactKey.inexactFlag }
            return key
        }
    }
}
