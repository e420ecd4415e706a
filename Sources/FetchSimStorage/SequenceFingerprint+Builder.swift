extension SequenceFingerprint {
    /// The fingerprint of a sequence appended one identifier at a time: one pair hash per
    /// identifier, where following each append with `insert(_:after:before:)` costs three (it
    /// replaces the end link every time). For walks that rebuild whole sequences, as the fetched
    /// results controller's linear change path does.
    public struct Builder {
        @usableFromInline var sum: UInt64 = 0
        @usableFromInline var previous: Int?

        /// A builder of the empty sequence.
        @inlinable
        public init() {}

        /// Appends `id` to the sequence.
        @inlinable @inline(__always)
        public mutating func append(_ id: Int) {
            sum &+= SequenceFingerprint.link(previous, id)
            previous = id
        }

        /// The fingerprint of the identifiers appended so far, in order.
        @inlinable
        public var fingerprint: SequenceFingerprint {
            var fingerprint = SequenceFingerprint()
            fingerprint.storage = sum &+ SequenceFingerprint.link(previous, nil)
            return fingerprint
        }
    }
}
