import ObjectGraph

/// Sorts the entries of a fetch in the controller's order (`EntryOrdering`).
///
/// Comparing `Value`s is slow for a million objects: strings compare byte by byte and every
/// comparison copies values. So when the first two sort keys allow it, each entry is first
/// turned into a plain record — per key a kind (nil < numbers < strings < dates, as
/// `Value.compare` orders kinds) and 64 bits that order like the value: integers with the sign
/// bit flipped, doubles and dates by their ordered bit pattern, strings by their rank among the
/// distinct strings of the column — and the records are sorted instead. Columns it cannot turn
/// into records exactly (integers mixed with doubles, NaN, strings that are equal under Swift's
/// canonical equivalence but differ in their scalars, more than two sort keys) fall back to
/// sorting the entries themselves.
/// - Complexity: O(n log n), with O(d log d) `Value` comparisons for d distinct strings.
enum EntrySorter {
    /// One entry as plain data: sorting these copies nothing reference-counted.
    struct Record {
        var bits0: UInt64, bits1: UInt64
        var id: Int
        var index: UInt32
        /// The first key's kind in the high four bits, the second's in the low four.
        var kinds: UInt8
    }

    static func sort(_ entries: inout [ResultEntry], ascending: [Bool]) {
        guard entries.count > 1 else { return }
        guard ascending.count <= 2, entries.count < Int(UInt32.max), var sorted = records(for: entries, keyCount: ascending.count) else {
            entries.sort(by: EntryOrdering(ascending: ascending).areInIncreasingOrder)
            return
        }
        let ascending0 = ascending[0], ascending1 = ascending.count > 1 ? ascending[1] : true
        sorted.sort { a, b in
            let (kindA, kindB) = (a.kinds >> 4, b.kinds >> 4)
            if kindA != kindB || a.bits0 != b.bits0 {
                return ((kindA, a.bits0) < (kindB, b.bits0)) == ascending0
            }
            let (secondA, secondB) = (a.kinds & 0xF, b.kinds & 0xF)
            if secondA != secondB || a.bits1 != b.bits1 {
                return ((secondA, a.bits1) < (secondB, b.bits1)) == ascending1
            }
            return a.id < b.id
        }
        // Gather: one random read and one sequential write per entry.
        let unsorted = entries
        entries = sorted.map { unsorted[Int($0.index)] }
    }

    /// The records of `entries`, or nil if a key column cannot be encoded exactly.
    private static func records(for entries: [ResultEntry], keyCount: Int) -> [Record]? {
        var columns: [[(kind: UInt8, bits: UInt64)]] = []
        for column in 0..<keyCount {
            guard let encoded = encode(column: column, of: entries) else { return nil }
            columns.append(encoded)
        }
        var records: [Record] = []
        records.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let first = columns[0][index]
            let second: (kind: UInt8, bits: UInt64) = keyCount > 1 ? columns[1][index] : (0, 0)
            records.append(Record(bits0: first.bits, bits1: second.bits, id: entry.objectID.rawValue,
                                  index: UInt32(index), kinds: first.kind << 4 | second.kind))
        }
        return records
    }

    /// Kind and order-preserving bits of sort key `column` of every entry, or nil.
    private static func encode(column: Int, of entries: [ResultEntry]) -> [(kind: UInt8, bits: UInt64)]? {
        var out: [(kind: UInt8, bits: UInt64)] = []
        out.reserveCapacity(entries.count)
        var hasIntegers = false, hasDoubles = false
        var stringSlots: [String: Int] = [:]
        var strings: [String] = []
        for entry in entries {
            switch entry.key[column] {
            case .null:
                out.append((0, 0))
            case .int(let i):
                hasIntegers = true
                out.append((1, UInt64(bitPattern: Int64(i)) ^ (1 << 63)))
            case .bool(let b):
                hasIntegers = true
                out.append((1, (b ? 1 : 0) ^ (1 << 63)))
            case .double(let d):
                hasDoubles = true
                guard let bits = orderedBits(d) else { return nil }
                out.append((1, bits))
            case .object(let id):
                out.append((4, UInt64(bitPattern: Int64(id.rawValue)) ^ (1 << 63)))
            case .date(let date):
                guard let bits = orderedBits(date.timeIntervalSinceReferenceDate) else { return nil }
                out.append((3, bits))
            case .string(let s):
                // Slot now, rank below; Swift's `==` is canonical equivalence, so check the bytes.
                if let slot = stringSlots[s] {
                    guard strings[slot].utf8.elementsEqual(s.utf8) else { return nil }
                    out.append((2, UInt64(slot)))
                } else {
                    stringSlots[s] = strings.count
                    out.append((2, UInt64(strings.count)))
                    strings.append(s)
                }
            }
        }
        guard !(hasIntegers && hasDoubles) else { return nil }
        if !strings.isEmpty {
            let order = strings.indices.sorted { Value.compare(.string(strings[$0]), .string(strings[$1])) < 0 }
            var rank = [UInt64](repeating: 0, count: strings.count)
            for (r, slot) in order.enumerated() { rank[slot] = UInt64(r) }
            for i in out.indices where out[i].kind == 2 { out[i].bits = rank[Int(out[i].bits)] }
        }
        return out
    }

    /// Bits of `d` that order as `Value.compare` orders doubles; nil for NaN, which has no place.
    private static func orderedBits(_ d: Double) -> UInt64? {
        guard !d.isNaN else { return nil }
        let bits = (d == 0 ? 0.0 : d).bitPattern   // -0 equals +0
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }
}
