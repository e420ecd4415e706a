/// A bit per object ID, set for a few IDs: the linear change path's first question about each
/// listed object, "could it be one of the event's?", answered with a shift and a load where an
/// `IDLookup` probe hashes — so that the walk can hand over runs of untouched objects whole and
/// probe the lookup only for the marked ones.
///
/// Object IDs are dense (handed out from 1), so the bitmap spans the marked IDs' range, an
/// eighth of a byte per ID. When an ID is negative or too large for a bitmap of `limit` bits,
/// every ID counts as marked (`contains` is always true) and the caller's lookup decides alone.
/// - Complexity: O(limit / 64) to make, O(1) per query.
struct IDMarks {
    private var words: [UInt64] = []
    /// The number of bits in `words`.
    private var bitCount: UInt = 0
    /// Whether every ID counts as marked (an ID did not fit the bitmap).
    private(set) var marksEverything = false

    /// Marks `ids`; a bitmap of at most `limit` bits (IDs 0..<limit).
    init(_ ids: [Int], limit: Int) {
        guard let largest = ids.max(), let smallest = ids.min() else { return }
        guard smallest >= 0, largest < limit else {
            marksEverything = true
            return
        }
        words = [UInt64](repeating: 0, count: largest >> 6 + 1)
        bitCount = UInt(words.count) << 6
        for id in ids { words[id >> 6] |= 1 << UInt64(id & 63) }
    }

    /// Whether `id` is marked (always, in the fallback).
    @inline(__always)
    func contains(_ id: Int) -> Bool {
        if marksEverything { return true }
        let bit = UInt(bitPattern: id)
        guard bit < bitCount else { return false }
        return words[Int(bit >> 6)] & (1 << UInt64(bit & 63)) != 0
    }
}
