/// An order-sensitive hash of a sequence of identifiers that follows one insertion, removal or
/// replacement in O(1), given the neighbours of the element that changes.
///
/// The fingerprint is the wrapping sum of a mixed hash of every adjacent pair, the sequence being
/// framed by a start and an end sentinel: `link(start, a) + link(a, b) + … + link(z, end)`. Equal
/// sequences have equal fingerprints. For sequences of distinct identifiers the pairs determine
/// the sequence, so two different sequences — one of them without repeats, as a controller's
/// section always is — collide only by accident of the 64-bit hash. The controller and the
/// simulated table keep one per section, so the consistency check can compare sections without
/// reading their rows.
///
/// Public (its members `@inlinable public`) for one reason: the toolchain (Swift 6.3) does not
/// inline or specialise a `package` `@inlinable` function in another module, so the controller's
/// walks would call `Builder.append` once per object (docs/performance.md, "Notes for profiling").
public struct SequenceFingerprint: Hashable, Sendable, CustomStringConvertible {
    /// The fingerprint's value.
    package var value: UInt64 { storage }
    @usableFromInline
    var storage: UInt64

    /// The fingerprint of the empty sequence.
    @inlinable
    public init() {
        storage = Self.link(nil, nil)
    }

    /// The fingerprint of `identifiers`, in O(count). Inlinable, so that it is specialised for the
    /// caller's sequence instead of going through generic metadata per element.
    @inlinable
    public init(_ identifiers: some Sequence<Int>) {
        var builder = Builder()
        for id in identifiers { builder.append(id) }
        self = builder.fingerprint
    }

    /// Follows the insertion of `id` between `before` and `after` (nil at either end).
    @inlinable
    public mutating func insert(_ id: Int, after before: Int?, before after: Int?) {
        storage = storage &- Self.link(before, after) &+ Self.link(before, id) &+ Self.link(id, after)
    }

    /// Follows the removal of `id` from between `before` and `after` (nil at either end).
    @inlinable
    public mutating func remove(_ id: Int, after before: Int?, before after: Int?) {
        storage = storage &+ Self.link(before, after) &- Self.link(before, id) &- Self.link(id, after)
    }

    /// Follows the replacement of `old` by `new` between `before` and `after`.
    @inlinable
    public mutating func replace(_ old: Int, with new: Int, after before: Int?, before after: Int?) {
        guard old != new else { return }
        remove(old, after: before, before: after)
        insert(new, after: before, before: after)
    }

    /// The hash of one adjacent pair; nil stands for the start on the left and the end on the right.
    ///
    /// One finaliser over `a × K ⊕ rotate(b, 32)`: for identifiers below 2³² the pair is told
    /// from that word alone (its low half is `a × K` mod 2³², a bijection of `a` since K is odd,
    /// which then gives `b`), and `mix` is a bijection, so two different pairs never share a
    /// link; larger identifiers are still mixed, only without that guarantee. (One finaliser,
    /// not two: the linear change path hashes a pair for every object it walks.)
    @inlinable @inline(__always)
    static func link(_ left: Int?, _ right: Int?) -> UInt64 {
        // The sentinels are values no identifier takes in practice; the constants keep them apart.
        let a = left.map { UInt64(bitPattern: Int64($0)) } ?? 0x8000_0000_0000_0000
        let b = right.map { UInt64(bitPattern: Int64($0)) } ?? 0x7FFF_FFFF_FFFF_FFFF
        return mix((a &* 0x9E37_79B9_7F4A_7C15) ^ (b << 32 | b >> 32))
    }

    /// SplitMix64's finaliser.
    @inlinable @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The value in hexadecimal.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
