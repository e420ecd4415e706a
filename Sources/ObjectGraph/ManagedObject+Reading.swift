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
        let record = storage
        let otherRecord = other.storage
        let kind = record.kind(at: index)
        if kind == otherRecord.kind(at: otherIndex) {
            switch kind {
            case PackedValues.int, PackedValues.bool:
                let x = Int64(bitPattern: record.bits(at: index))
                let y = Int64(bitPattern: otherRecord.bits(at: otherIndex))
                return x < y ? -1 : (x == y ? 0 : 1)
            case PackedValues.string:
                // The same 16 bytes are the same string (the same inline text, or the same
                // storage and length): equal without reading the text.
                if record.hasSamePayload(at: index, as: otherRecord, at: otherIndex) { return 0 }
                return record.withString(at: index) { x in
                    otherRecord.withString(at: otherIndex) { y in Value.compareStrings(x, y) }
                }
            case PackedValues.null:
                return 0
            default:
                break
            }
        }
        return Value.compare(
            PackedValues.value(in: record, at: index), PackedValues.value(in: otherRecord, at: otherIndex))
    }

    /// `Value.compare(value(at: index), value)`, read in place for an int or a string of the
    /// same kind as `value`.
    /// - Precondition: `index` is below `valueCount`.
    package func compareValue(at index: Int, with value: Value) -> Int {
        let record = storage
        let kind = record.kind(at: index)
        switch value {
        case .int(let i) where kind == PackedValues.int:
            let x = Int64(bitPattern: record.bits(at: index))
            let y = Int64(i)
            return x < y ? -1 : (x == y ? 0 : 1)
        case .string(let s) where kind == PackedValues.string:
            return record.withString(at: index) { Value.compareStrings($0, s) }
        default:
            return Value.compare(PackedValues.value(in: record, at: index), value)
        }
    }

    /// Whether the value at `index` is exactly `value`: of the same kind and `==`, except that
    /// doubles and dates compare by their bits (`0.0` and `-0.0` are equal but print differently).
    /// - Precondition: `index` is below `valueCount`.
    package func holdsExactly(_ value: Value, at index: Int) -> Bool {
        let record = storage
        let kind = record.kind(at: index)
        let bits = { record.bits(at: index) }
        switch value {
        case .null: return kind == PackedValues.null
        case .string(let s): return kind == PackedValues.string && record.withString(at: index) { $0 == s }
        case .int(let i): return kind == PackedValues.int && bits() == UInt64(bitPattern: Int64(i))
        case .double(let d): return kind == PackedValues.double && bits() == d.bitPattern
        case .bool(let b): return kind == PackedValues.bool && bits() == (b ? 1 : 0)
        case .date(let d): return kind == PackedValues.date && bits() == d.timeIntervalSinceReferenceDate.bitPattern
        case .object(let id): return kind == PackedValues.object && bits() == UInt64(bitPattern: Int64(id.rawValue))
        case .objects(let ids): return kind == PackedValues.objects && Self.holds(ids, record, at: index)
        }
    }

    /// Whether the ID array at `index` is `ids`: out of line, so that the comparison of arrays
    /// does not make `holdsExactly` too large to inline where no object has one.
    @inline(never)
    private static func holds(_ ids: [ObjectID], _ record: Record, at index: Int) -> Bool {
        record.elements(at: index) == ids
    }

    /// Whether the object holds exactly `values` (`holdsExactly(_:at:)` for each, and as many).
    package func holdsExactly(_ values: [Value]) -> Bool {
        guard values.count == valueCount else { return false }
        for index in values.indices where !holdsExactly(values[index], at: index) { return false }
        return true
    }
}
