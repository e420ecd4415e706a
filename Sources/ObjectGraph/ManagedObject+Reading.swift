/// Reading an object's values where they are packed, without unpacking them into `Value`s.
///
/// `value(at:)` and `withValues(_:)` build `Value`s: a string payload is copied out (a retain),
/// and whoever reads it releases it again. A reader that only compares — the consistency check
/// after every batch compares every row with its neighbour and every cell with the values it was
/// formatted from — can look at the payloads in place instead (docs/performance.md, "The
/// fuzzer's executor and the full check").
extension ManagedObject {
    /// `Value.compare(value(at: index), other.value(at: otherIndex))`, read in place: equal
    /// kinds of int, string and bool compare their payloads, anything else goes through
    /// `Value.compare` of the unpacked values.
    /// - Precondition: `index` is below `valueCount` and `otherIndex` below `other.valueCount`.
    package func compareValue(at index: Int, with other: ManagedObject, at otherIndex: Int) -> Int {
        // Both objects live through the call (the caller holds them): their storage stays put.
        let (base, count) = packedBase(checking: index)
        let (otherBase, otherCount) = other.packedBase(checking: otherIndex)
        return Self.compare(base, count: count, at: index, otherBase, count: otherCount, at: otherIndex)
    }

    /// `Value.compare` of the packed value at `index` of `base` and at `otherIndex` of `otherBase`.
    @inline(__always)
    private static func compare(
        _ base: UnsafeMutableRawPointer, count: Int, at index: Int,
        _ otherBase: UnsafeMutableRawPointer, count otherCount: Int, at otherIndex: Int
    ) -> Int {
        let tag = PackedValues.tag(base, count: count, at: index)
        if tag == PackedValues.tag(otherBase, count: otherCount, at: otherIndex) {
            switch tag {
            case PackedValues.int, PackedValues.bool:
                let x = Int64(bitPattern: PackedValues.bits(base, at: index))
                let y = Int64(bitPattern: PackedValues.bits(otherBase, at: otherIndex))
                return x < y ? -1 : (x == y ? 0 : 1)
            case PackedValues.string:
                // The same 16 bytes are the same string (the same inline text, or the same
                // storage and length): equal without reading the text.
                if PackedValues.sameBits(base, at: index, otherBase, at: otherIndex) { return 0 }
                return Value.compareStrings(
                    PackedValues.string(base, at: index).pointee,
                    PackedValues.string(otherBase, at: otherIndex).pointee)
            case PackedValues.null:
                return 0
            default:
                break
            }
        }
        return Value.compare(
            PackedValues.load(base, count: count, at: index),
            PackedValues.load(otherBase, count: otherCount, at: otherIndex))
    }

    /// `Value.compare(value(at: index), value)`, read in place for an int or a string of the
    /// same kind as `value`.
    /// - Precondition: `index` is below `valueCount`.
    package func compareValue(at index: Int, with value: Value) -> Int {
        let (base, count) = packedBase(checking: index)
        let tag = PackedValues.tag(base, count: count, at: index)
        switch value {
        case .int(let i) where tag == PackedValues.int:
            let x = Int64(bitPattern: PackedValues.bits(base, at: index))
            let y = Int64(i)
            return x < y ? -1 : (x == y ? 0 : 1)
        case .string(let s) where tag == PackedValues.string:
            return Value.compareStrings(PackedValues.string(base, at: index).pointee, s)
        default:
            return Value.compare(PackedValues.load(base, count: count, at: index), value)
        }
    }

    /// Whether the value at `index` is exactly `value`: of the same kind and `==`, except that
    /// doubles and dates compare by their bits (`0.0` and `-0.0` are equal but print differently).
    /// - Precondition: `index` is below `valueCount`.
    package func holdsExactly(_ value: Value, at index: Int) -> Bool {
        let (base, count) = packedBase(checking: index)
        let tag = PackedValues.tag(base, count: count, at: index)
        let bits = { PackedValues.bits(base, at: index) }
        switch value {
        case .null: return tag == PackedValues.null
        case .string(let s): return tag == PackedValues.string && PackedValues.string(base, at: index).pointee == s
        case .int(let i): return tag == PackedValues.int && bits() == UInt64(bitPattern: Int64(i))
        case .double(let d): return tag == PackedValues.double && bits() == d.bitPattern
        case .bool(let b): return tag == PackedValues.bool && bits() == (b ? 1 : 0)
        case .date(let d): return tag == PackedValues.date && bits() == d.timeIntervalSinceReferenceDate.bitPattern
        case .object(let id): return tag == PackedValues.object && bits() == UInt64(bitPattern: Int64(id.rawValue))
        case .objects(let ids): return tag == PackedValues.objects && Self.holds(ids, base, at: index)
        }
    }

    /// Whether the ID array at `index` is `ids`: out of line, so that the comparison of arrays
    /// does not make `holdsExactly` too large to inline where no object has one.
    @inline(never)
    private static func holds(_ ids: [ObjectID], _ base: UnsafeMutableRawPointer, at index: Int) -> Bool {
        PackedValues.objects(base, at: index).pointee == ids
    }

    /// Whether the object holds exactly `values` (`holdsExactly(_:at:)` for each, and as many).
    package func holdsExactly(_ values: [Value]) -> Bool {
        guard values.count == valueCount else { return false }
        for index in values.indices where !holdsExactly(values[index], at: index) { return false }
        return true
    }

    /// The start of the packed values and their count, after checking `index` against the count.
    /// Valid while the object lives: a method's `self` and arguments outlive its body.
    private func packedBase(checking index: Int) -> (UnsafeMutableRawPointer, Int) {
        storage.withUnsafeMutablePointers { header, words in
            let count = header.pointee.kind.valueCount
            precondition(index >= 0 && index < count, "value index \(index) out of range")
            return (UnsafeMutableRawPointer(words), count)
        }
    }
}
