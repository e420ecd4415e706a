import ObjectGraph

extension KeyLayout {
    /// The compact key of `object`'s values at `indexes` (one per key, in order): the same words
    /// `encode(_:at:)` gives for those values, read straight from the object.
    ///
    /// `performFetch()` computes one key per matching object. Building a `SortKey` for each
    /// unpacked every value of the object and copied two of them into the key; here only the
    /// keys' values are read (`ManagedObject.value(at:)`) and written by the same `Writer` as
    /// `encode(_:at:)`. `KeyLayoutObjectTests` checks the words against `encode(_:at:)`.
    /// - Complexity: O(bytes of the key), at most `CompactKey.capacity` + 1 bytes written.
    func code(of object: ManagedObject, at indexes: [Int]) -> CompactKey {
        var writer = Writer()
        for key in indexes.indices where !writer.isTruncated {
            writer.flip = ascending[key] ? 0 : 0xFF
            writer.write(object.value(at: indexes[key]), mode: modes[key])
        }
        if writer.isTruncated || !writer.isFaithful { writer.key.w2 |= CompactKey.inexactFlag }
        return writer.key
    }
}
