/// A set of object IDs kept as a bit per ID: what the context marks dirty on every change event.
///
/// IDs are handed out from 1 upwards and never reused (`ObjectTable`), so a context's IDs are
/// dense and a bit per ID (an eighth of a byte) covers them; inserting one is a shift and an
/// `or`, where `Set<ObjectID>` hashes every ID with SipHash and grows its table every few events
/// (docs/performance.md, "The context's event"). An ID below zero or beyond `denseLimit` goes to
/// a `Set` instead, so a stray large ID
/// never allocates a huge bitmap. It answers what the context asks of its dirty IDs, with
/// `Set`'s names; the controller's linear change path marks an event's objects in one, so that
/// its walk over the list can skip runs of untouched objects with a load and a test per object.
/// `package`: machinery of the context and the controller, not an app's API. `contains` is
/// `@inlinable`, which inlines it into the controller's walk in another module of the package.
package struct ObjectIDSet: ExpressibleByArrayLiteral {
    @usableFromInline var words: [UInt64] = []
    @usableFromInline var sparse: Set<ObjectID> = []
    /// The number of IDs in the set.
    package private(set) var count = 0

    /// IDs from 0 up to this get a bit (at most 2 MB of words).
    @inlinable static var denseLimit: Int { 1 << 24 }

    package init() {}

    package init(arrayLiteral ids: ObjectID...) {
        for id in ids { insert(id) }
    }

    package var isEmpty: Bool { count == 0 }

    /// Adds `id`.
    /// - Complexity: O(1) amortised.
    @inline(__always)
    package mutating func insert(_ id: ObjectID) {
        let raw = id.rawValue
        guard raw >= 0, raw < Self.denseLimit else {
            if sparse.insert(id).inserted { count += 1 }
            return
        }
        let word = raw >> 6
        let bit = UInt64(1) << UInt64(raw & 63)
        if word >= words.count { grow(toHold: word) }
        if words[word] & bit == 0 {
            words[word] |= bit
            count += 1
        }
    }

    private mutating func grow(toHold word: Int) {
        let target = Swift.min(Swift.max(word + 1, words.count * 2, 64), Self.denseLimit >> 6)
        words.append(contentsOf: repeatElement(0, count: target - words.count))
    }

    /// Whether `id` is in the set.
    @inlinable @inline(__always)
    package func contains(_ id: ObjectID) -> Bool {
        let raw = id.rawValue
        guard raw >= 0, raw < Self.denseLimit else { return sparse.contains(id) }
        let word = raw >> 6
        return word < words.count && words[word] & (UInt64(1) << UInt64(raw & 63)) != 0
    }

    /// The IDs, ascending.
    /// - Complexity: O(w + k log k) for w words of bits and k IDs outside them.
    package func sorted() -> [ObjectID] {
        var ids: [ObjectID] = []
        ids.reserveCapacity(count)
        ids += sparse.filter { $0.rawValue < 0 }.sorted()
        for (index, word) in words.enumerated() where word != 0 {
            var rest = word
            while rest != 0 {
                ids.append(ObjectID(index << 6 | rest.trailingZeroBitCount))
                rest &= rest - 1
            }
        }
        ids += sparse.filter { $0.rawValue >= 0 }.sorted()
        return ids
    }

    /// The IDs of the set and of `other`, as a `Set`.
    package func union(_ other: some Sequence<ObjectID>) -> Set<ObjectID> {
        var result = Set(sorted())
        result.formUnion(other)
        return result
    }
}
